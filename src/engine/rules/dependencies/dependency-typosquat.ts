import { defineRule } from '../define-rule.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { typosquatOf } from './_popular.js';
import { dependencyPlace, describeDeclared } from './_support.js';

// Typosquats are published to be installed by mistake: one letter off from a popular package, a
// doubled letter, a scope that looks like the real one. Compared against the packages MCP servers
// and their authors most often mean to install. The real packages are never reported.

export default defineRule({
  meta: {
    id: 'dependency-typosquat',
    idPrefix: 'DT',
    title: 'Dependency name imitates a popular package',
    description:
      'Finds dependencies whose names are one or two characters from a popular MCP or general package (`@modelcontextprotocol/sdkk`, `axois`, `reqeusts`), differ only by separators, doubled letters or digits for letters, or copy a package name under a look-alike scope. Typosquats exist to be installed by mistake and usually carry malware.',
    target: 'dependencies',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'high',
    confidence: 'medium',
    cwe: 'CWE-1357',
    hipaa: [HIPAA.malware],
    soc2: [SOC2.malware, SOC2.vendorRisk],
    remediation:
      'Check the name against the package you meant (registry page, publisher, download counts, repository). Replace a typosquat with the real package, then treat machines that installed it as compromised.',
    references: [
      'https://owasp.org/www-project-top-10-ci-cd-security-risks/CICD-SEC-03-Dependency-Chain-Abuse',
    ],
  },
  check(input, ctx) {
    for (const dep of input.packages) {
      if (!dep.direct && input.kind === 'lockfile' && dep.path.length > 2) continue;
      const look = typosquatOf(input.ecosystem, dep.name);
      if (!look) continue;
      ctx.report({
        message: `"${dep.name}" ${look.how} from the popular package "${look.target}".`,
        ...dependencyPlace(input, dep),
        snippet: describeDeclared(dep),
        subject: dep.name,
        file: input.path,
      });
    }
  },
});
