import { defineRule } from '../define-rule.js';
import { launchedPackages } from '../../inputs/config/launchers.js';
import {
  advisoryLabel,
  defaultAdvisoryIndex,
  severityOf,
} from '../../inputs/advisories/advisories.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { commandLine, entryPlace } from './_support.js';
import { isMaliciousAdvisory } from '../dependencies/_advisory-kinds.js';

// A config that pins a server to a version with a published advisory (mcp-remote@0.1.15 and
// CVE-2025-6514) runs that vulnerable code on every launch. Matched against the offline OSV
// snapshot; malicious releases are reported as critical.

export default defineRule({
  meta: {
    id: 'config-vulnerable-package',
    idPrefix: 'VP',
    title: 'MCP server pinned to a version with a known vulnerability',
    description:
      'Finds servers whose launch command installs a package version named by a published advisory (OSV / GitHub advisories), such as mcp-remote below 0.1.16 (CVE-2025-6514), or a release known to be malicious.',
    target: 'config',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-1395',
    hipaa: [HIPAA.riskAnalysis, HIPAA.malware],
    soc2: [SOC2.vulnerabilities, SOC2.vendorRisk],
    remediation:
      'Move the pin to the fixed version the finding names (or later), after reading its changes. For a malicious release, remove the server, treat the machine and every credential the server saw as compromised, and rotate them.',
    references: ['https://osv.dev/', 'https://github.com/advisories'],
  },
  check(input, ctx) {
    const index = defaultAdvisoryIndex();
    for (const entry of input.servers) {
      for (const pkg of launchedPackages(entry)) {
        if (!pkg.version) continue;
        for (const match of index.match(pkg.ecosystem, pkg.name, pkg.version)) {
          const malicious = isMaliciousAdvisory(match.advisory);
          const fix = match.fixed
            ? ` Fixed in ${match.fixed}.`
            : malicious
              ? ''
              : ' No fixed version is published.';
          ctx.report({
            message: `Server "${entry.name}" runs ${pkg.name}@${pkg.version}, affected by ${advisoryLabel(match.advisory)}: ${match.advisory.summary ?? 'see the advisory'}.${fix}`,
            ...entryPlace(input, entry, 'args'),
            snippet: commandLine(entry),
            subject: `${entry.location}:${pkg.name}:${match.advisory.id}`,
            severity: malicious ? 'critical' : severityOf(match.advisory),
            title: malicious ? 'MCP server runs a known malicious package release' : undefined,
            file: input.path,
          });
        }
      }
    }
  },
});
