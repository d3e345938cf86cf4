import { defineRule } from '../define-rule.js';
import {
  advisoryLabel,
  defaultAdvisoryIndex,
  severityOf,
} from '../../inputs/advisories/advisories.js';
import { judgedVersion } from '../../inputs/deps/versions.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { isMaliciousAdvisory } from './_advisory-kinds.js';
import { dependencyPlace, describeDeclared } from './_support.js';

// Matches each dependency against the offline OSV snapshot. Exact versions (lockfiles, pins) are
// judged as they are; a declared range is judged by the lowest version it allows, since that is
// what an install may resolve to, and the finding says so (with medium confidence).

export default defineRule({
  meta: {
    id: 'dependency-known-vulnerable',
    idPrefix: 'DV',
    title: 'Dependency with a known vulnerability',
    description:
      'Finds dependencies whose version is affected by a published advisory (OSV / GitHub advisory database, offline snapshot), naming the advisory, its CVE, the fixed version and the dependency path. Vulnerable MCP SDKs, bridges and common libraries expose the server and its users.',
    target: 'dependencies',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-1395',
    hipaa: [HIPAA.riskAnalysis],
    soc2: [SOC2.vulnerabilities, SOC2.vendorRisk],
    remediation:
      'Upgrade to the fixed version named in the finding (or later) and refresh the lockfile; for transitive dependencies upgrade the parent or add an override. Where no fix exists, replace the package.',
    references: ['https://osv.dev/', 'https://github.com/advisories'],
  },
  check(input, ctx) {
    const index = defaultAdvisoryIndex();
    for (const dep of input.packages) {
      const judged = judgedVersion(input.ecosystem, dep);
      if (!judged) continue;
      for (const match of index.match(input.ecosystem, dep.name, judged.version)) {
        if (isMaliciousAdvisory(match.advisory)) continue; // dependency-malicious reports these
        const fix = match.fixed
          ? ` Upgrade to ${match.fixed} or later.`
          : ' No fixed version is published.';
        const basis = judged.fromRange
          ? ` The declared range ${dep.range} allows ${judged.version}, its lowest version, which is affected.`
          : '';
        ctx.report({
          message: `${dep.name}@${judged.version} is affected by ${advisoryLabel(match.advisory)}: ${match.advisory.summary ?? 'see the advisory'}.${fix}${basis} Path: ${dep.path.join(' › ')}.`,
          ...dependencyPlace(input, dep),
          snippet: `${describeDeclared(dep)} — ${advisoryLabel(match.advisory)}`,
          subject: `${dep.path.join('>')}@${judged.version}:${match.advisory.id}`,
          severity: severityOf(match.advisory),
          confidence: judged.fromRange ? 'medium' : 'high',
          file: input.path,
        });
      }
    }
  },
});
