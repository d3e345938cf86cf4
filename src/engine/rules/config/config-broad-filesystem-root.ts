import { defineRule } from '../define-rule.js';
import { commandTokens, containerRun } from '../../inputs/config/launchers.js';
import { HIPAA, SOC2 } from '../snapshot/_compliance.js';
import { entryPlace } from './_support.js';

// A filesystem server's allowed directories are its whole security boundary. Rooted at `/`, the
// home folder or a drive, it can read SSH keys, cloud credentials, browser profiles and other
// servers' configs, and a single injected instruction is enough to send them somewhere.

const FILESYSTEM_SERVER_RE =
  /(?:server-filesystem|filesystem-server|mcp-filesystem|fs-mcp|mcp-server-filesystem|files?ystem)/i;

/** Directory arguments that mean "everything" or "the whole home folder". */
export function broadRoot(arg: string): string | undefined {
  const a = arg.trim().replace(/^["']|["']$/g, '');
  if (a === '/' || a === '/.' || a === '//') return 'the whole filesystem';
  if (/^[A-Za-z]:[\\/]*$/.test(a)) return `the whole ${a.slice(0, 2)} drive`;
  if (
    /^(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|\$\{env:HOME\}|\$\{userHome\})[\\/]?$/i.test(
      a,
    )
  )
    return 'the home folder';
  if (/^\/(?:Users|home)\/[^/\\]+\/?$/.test(a) || /^\/root\/?$/.test(a)) return 'a home folder';
  if (/^[A-Za-z]:[\\/]+Users[\\/]+[^\\/]+[\\/]*$/i.test(a)) return 'a home folder';
  return undefined;
}

export default defineRule({
  meta: {
    id: 'config-broad-filesystem-root',
    idPrefix: 'FS',
    title: 'Filesystem server given the whole disk or home folder',
    description:
      'Finds filesystem MCP servers whose allowed directory is the filesystem root, a drive root or a home folder (and containers that mount them). The model, and anything that can inject instructions into it, can then read and change credentials, keys and every other file of the user.',
    target: 'config',
    owasp: 'LLM06',
    owaspMcp: 'MCP02',
    severity: 'high',
    confidence: 'high',
    cwe: 'CWE-552',
    hipaa: [HIPAA.accessControl],
    soc2: [SOC2.logicalAccess],
    remediation:
      'Allow only the project folders the assistant needs (for example `~/projects/my-app`), never `/`, a drive root or the home folder. Mount containers read-only and narrowly.',
    references: ['https://github.com/modelcontextprotocol/servers/tree/main/src/filesystem'],
  },
  check(input, ctx) {
    for (const entry of input.servers) {
      const tokens = commandTokens(entry);
      const isFilesystem = FILESYSTEM_SERVER_RE.test(`${entry.name} ${tokens.join(' ')}`);
      const container = containerRun(entry);
      if (isFilesystem && !container) {
        entry.args.forEach((arg, i) => {
          const what = broadRoot(arg);
          if (!what) return;
          ctx.report({
            message: `Filesystem server "${entry.name}" is allowed ${what} (${arg}).`,
            ...entryPlace(input, entry, 'args', i),
            snippet: arg,
            subject: entry.location,
            file: input.path,
          });
        });
      }
      for (const [flag, value] of container?.options ?? []) {
        if (flag !== '-v' && flag !== '--volume' && flag !== '--mount') continue;
        const source =
          flag === '--mount'
            ? (/(?:source|src)=([^,]+)/.exec(value)?.[1] ?? '')
            : value.split(':')[0]!;
        const what = broadRoot(source);
        if (!what || source === '/') continue; // `/` mounts are reported by config-privileged-container
        ctx.report({
          message: `Server "${entry.name}" mounts ${what} (${source}) into its container.`,
          ...entryPlace(input, entry, 'args'),
          snippet: `${flag} ${value}`,
          subject: entry.location,
          file: input.path,
        });
      }
    }
  },
});
