// Helpers shared by the config rules: where an entry is, and how a server is spelled in evidence.
import type { McpServerConfigEntry } from '../../inputs/types.js';
import { redactSecrets } from '../../secrets.js';

/** `mcpServers.github.env.TOKEN (line 7)`: a JSON path into the file, with the entry's line. */
export function entryLocation(entry: McpServerConfigEntry, field?: string): string {
  const path = field ? `${entry.location}.${field}` : entry.location;
  return entry.line !== undefined ? `${path} (line ${entry.line})` : path;
}

/** The entry's command line as one string, secrets redacted, for evidence. */
export function commandLine(entry: McpServerConfigEntry): string {
  const parts = [
    entry.command ?? '',
    ...entry.args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)),
  ];
  return redactSecrets(parts.join(' ').trim());
}

/** The JSON path segment for a key that may hold dots or spaces. */
export function key(name: string): string {
  return /^[A-Za-z_$][\w$-]*$/.test(name) ? name : JSON.stringify(name);
}
