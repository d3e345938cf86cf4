import { defineRule } from '../define-rule.js';
import { isWildcardSpecifier } from '../../inputs/deps/versions.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { dependencyPlace } from './_support.js';

// `*`, `latest`, bare names and open lower bounds accept any future release, including a hijacked
// one, at the next install without a lockfile. Low severity: a committed lockfile limits it, and
// caret ranges (the npm default) are not reported.

export default defineRule({
  meta: {
    id: 'dependency-unpinned',
    idPrefix: 'DU',
    title: 'Dependency accepts any version',
    description:
      'Finds manifest dependencies declared as `*`, `latest`, an empty version, a bare requirement name or an open lower bound (`>=1.0`) with no upper limit. Any future release, including a compromised one, is accepted by the next install that is not held by a lockfile.',
    target: 'dependencies',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'low',
    confidence: 'high',
    cwe: 'CWE-1357',
    hipaa: [HIPAA.integrity],
    soc2: [SOC2.changeManagement],
    remediation:
      'Declare bounded ranges (`^1.2.3`, `~=1.2`, `>=1.2,<2`) or exact pins, and commit the lockfile (package-lock.json, poetry.lock, uv.lock, hashed requirements).',
    references: ['https://docs.npmjs.com/about-semantic-versioning'],
  },
  check(input, ctx) {
    if (input.kind !== 'manifest') return;
    for (const dep of input.packages) {
      if (dep.version || dep.resolved) continue;
      const range = dep.range ?? '';
      if (!isWildcardSpecifier(input.ecosystem, range)) continue;
      ctx.report({
        message: `Dependencies in ${input.path} accept any future release: ${dep.name} ${range === '' ? '(no version)' : range}.`,
        ...dependencyPlace(input, dep),
        snippet: `${dep.name} ${range || '(no version)'}`,
        subject: 'unpinned',
        file: input.path,
      });
    }
  },
});
