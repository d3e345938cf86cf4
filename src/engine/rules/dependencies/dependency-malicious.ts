import { defineRule } from '../define-rule.js';
import { defaultAdvisoryIndex } from '../../inputs/advisories/advisories.js';
import { judgedVersion } from '../../inputs/deps/versions.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { isMaliciousAdvisory } from './_advisory-kinds.js';
import { dependencyPlace, describeDeclared } from './_support.js';

// Releases published to steal or sabotage (OSV MAL- advisories, and locally curated ones such as
// postmark-mcp 1.0.16, which blind-copied every e-mail to its author). Installing one is a
// compromise, not a vulnerability: critical, whatever else the package does.

export default defineRule({
  meta: {
    id: 'dependency-malicious',
    idPrefix: 'DM',
    title: 'Known malicious package release',
    description:
      'Finds dependencies on package releases known to be malicious (OSV MAL- advisories and curated entries such as postmark-mcp 1.0.16). Such a release runs attacker code with the privileges of the server and everything it can reach.',
    target: 'dependencies',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'critical',
    confidence: 'high',
    cwe: 'CWE-506',
    hipaa: [HIPAA.malware, HIPAA.integrity],
    soc2: [SOC2.malware, SOC2.vendorRisk],
    remediation:
      'Remove the package, reinstall from a clean lockfile, and treat the machines that installed it as compromised: rotate every credential they held and review what the package could reach.',
    references: [
      'https://osv.dev/list?ecosystem=npm&q=MAL-',
      'https://github.com/ossf/malicious-packages',
    ],
  },
  check(input, ctx) {
    const index = defaultAdvisoryIndex();
    for (const dep of input.packages) {
      const judged = judgedVersion(input.ecosystem, dep);
      if (!judged) continue;
      for (const match of index.match(input.ecosystem, dep.name, judged.version)) {
        if (!isMaliciousAdvisory(match.advisory)) continue;
        ctx.report({
          message: `${dep.name}@${judged.version} is a known malicious release (${match.advisory.id}): ${match.advisory.summary ?? ''}${judged.fromRange ? ` The declared range ${dep.range} allows it.` : ''}`,
          ...dependencyPlace(input, dep),
          snippet: `${describeDeclared(dep)} — ${match.advisory.id}`,
          subject: `${dep.path.join('>')}:${match.advisory.id}`,
          file: input.path,
        });
      }
    }
  },
});
