import { defineRule } from '../define-rule.js';
import { containerRun, launchedPackages } from '../../inputs/config/launchers.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { commandLine, entryPlace } from './_support.js';

// `npx -y some-server` downloads whatever the registry serves at each launch: a compromised or
// hijacked release (postmark-mcp 1.0.16, the mcp-remote command-injection window) reaches the user
// without any change to their config. A pinned version changes only when the user changes it.

function isDigestPinned(image: string): boolean {
  return /@sha256:[0-9a-f]{64}$/i.test(image);
}

function imageTag(image: string): string | undefined {
  const lastSlash = image.lastIndexOf('/');
  const colon = image.indexOf(':', lastSlash + 1);
  return colon === -1 ? undefined : image.slice(colon + 1);
}

export default defineRule({
  meta: {
    id: 'config-unpinned-package',
    idPrefix: 'UP',
    title: 'MCP server installed from a registry without a pinned version',
    description:
      'Finds servers launched through npx, bunx, pnpm/yarn dlx, uvx, uv run --with or pipx run (and container images) without an exact version. Each launch then runs whatever the registry currently serves, so a malicious or broken release reaches the user silently.',
    target: 'config',
    owasp: 'LLM03',
    owaspMcp: 'MCP04',
    severity: 'medium',
    confidence: 'high',
    cwe: 'CWE-494',
    hipaa: [HIPAA.integrity, HIPAA.malware],
    soc2: [SOC2.changeManagement, SOC2.vendorRisk],
    remediation:
      'Pin an exact, reviewed version: `npx -y package@1.2.3`, `uvx package==1.2.3`, an image digest (`image@sha256:…`). Upgrade deliberately after reading the changes.',
    references: [
      'https://docs.npmjs.com/cli/commands/npx',
      'https://docs.astral.sh/uv/guides/tools/#requesting-specific-versions',
    ],
    // What an unpinned launch installs changes with every release.
    monitorCandidate: true,
  },
  check(input, ctx) {
    for (const entry of input.servers) {
      for (const pkg of launchedPackages(entry)) {
        if (pkg.version) continue;
        const how = pkg.tag ? `"${pkg.tag}" is not a fixed version` : 'no version is given';
        ctx.report({
          message: `Server "${entry.name}" runs ${pkg.name} through ${pkg.launcher}; ${how}, so every launch${pkg.autoInstall ? ' installs' : ' may install'} whatever the registry serves.`,
          ...entryPlace(input, entry, 'args'),
          snippet: commandLine(entry),
          subject: `${entry.location}:${pkg.name}`,
          file: input.path,
        });
      }
      const container = containerRun(entry);
      if (container && !isDigestPinned(container.image)) {
        const tag = imageTag(container.image);
        if (tag === undefined || tag === 'latest') {
          ctx.report({
            message: `Server "${entry.name}" runs container image ${container.image} without a tag or digest; the image can change between launches.`,
            ...entryPlace(input, entry, 'args'),
            snippet: commandLine(entry),
            subject: `${entry.location}:${container.image}`,
            severity: 'low',
            file: input.path,
          });
        }
      }
    }
  },
});
