import { defineRule } from '../define-rule.js';
import { containerRun } from '../../inputs/config/launchers.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { commandLine, entryPlace } from './_support.js';

// Running a server in a container is a good boundary only while the container is confined.
// `--privileged`, the host's root or Docker socket mounted inside, host networking or extra kernel
// capabilities give the server (and whoever steers it) the host.

interface Escalation {
  what: string;
  critical: boolean;
}

function escalation(flag: string, value: string): Escalation | undefined {
  const v = value.toLowerCase();
  if (flag === '--privileged')
    return { what: '--privileged (full access to host devices)', critical: true };
  if (flag === '-v' || flag === '--volume' || flag === '--mount') {
    const source =
      flag === '--mount' ? (/(?:source|src)=([^,]+)/.exec(value)?.[1] ?? '') : value.split(':')[0]!;
    if (/docker\.sock|podman\.sock|containerd\.sock/.test(source))
      return {
        what: `the container runtime socket (${source}): control of the host`,
        critical: true,
      };
    if (source === '/') return { what: 'the host root filesystem (/)', critical: true };
    if (/^\/(?:etc|root|var\/run|proc|sys|dev)(?:\/|$)/.test(source))
      return { what: `a sensitive host path (${source})`, critical: false };
  }
  if ((flag === '--network' || flag === '--net') && v === 'host')
    return { what: 'the host network', critical: false };
  if (
    (flag === '--pid' || flag === '--ipc' || flag === '--uts' || flag === '--userns') &&
    v === 'host'
  )
    return { what: `the host ${flag.slice(2)} namespace`, critical: false };
  if (
    flag === '--cap-add' &&
    /^(?:all|sys_admin|sys_ptrace|sys_module|net_admin|dac_read_search)$/i.test(value)
  )
    return { what: `the ${value.toUpperCase()} capability`, critical: false };
  if (
    flag === '--security-opt' &&
    /(?:seccomp|apparmor)[=:]unconfined|no-new-privileges[=:]false/i.test(value)
  )
    return { what: `security profile disabled (${value})`, critical: false };
  if (flag === '--device') return { what: `host device ${value}`, critical: false };
  return undefined;
}

export default defineRule({
  meta: {
    id: 'config-privileged-container',
    idPrefix: 'PC',
    title: 'MCP server container runs with host-level privileges',
    description:
      'Finds servers started with docker/podman run options that break container isolation: --privileged, the Docker socket or host root mounted, host network/PID namespaces, added kernel capabilities, disabled seccomp/AppArmor. The server, and any instruction injected into it, then controls the host.',
    target: 'config',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-250',
    hipaa: [HIPAA.accessControl],
    soc2: [SOC2.logicalAccess, SOC2.boundaries],
    remediation:
      'Run the container unprivileged: drop --privileged and added capabilities, mount only the folders the server needs (read-only where possible), never the Docker socket or `/`, and keep the default network and security profiles.',
    references: [
      'https://docs.docker.com/engine/security/#docker-daemon-attack-surface',
      'https://cheatsheetseries.owasp.org/cheatsheets/Docker_Security_Cheat_Sheet.html',
    ],
  },
  check(input, ctx) {
    for (const entry of input.servers) {
      const run = containerRun(entry);
      if (!run) continue;
      for (const [flag, value] of run.options) {
        const found = escalation(flag, value);
        if (!found) continue;
        ctx.report({
          message: `Server "${entry.name}" runs its container with ${found.what}.`,
          ...entryPlace(input, entry, 'args'),
          snippet: commandLine(entry),
          subject: entry.location,
          severity: found.critical ? 'critical' : 'high',
          file: input.path,
        });
      }
    }
  },
});
