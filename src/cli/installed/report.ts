// The report of `palisade scan --installed`: grouped by client, then by server, with the servers
// that were not scanned and why; then the findings in the config files themselves.

import { formatTable, type ScanResult } from '../../engine/index.js';
import { CLIENT_NAMES } from './locations.js';
import type { InstalledScan, InstalledServer, ServerOutcome } from './scan-installed.js';

type Format = 'table' | 'json' | 'sarif';

function how(server: InstalledServer): string {
  const { entry } = server;
  if (server.transport === 'remote') return entry.url ?? '';
  const line = [entry.command ?? '', ...entry.args].join(' ').replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : ''))
    .join('\n');
}

function serverBlock(outcome: ServerOutcome): string {
  const { server } = outcome;
  const head = `  Server "${server.entry.name}" (${server.transport}: ${how(server)})`;
  if (outcome.status !== 'scanned') {
    const word = outcome.status === 'failed' ? 'FAILED' : 'NOT SCANNED';
    return `${head}\n    ${word}: ${outcome.reason}\n`;
  }
  const note = outcome.note ? `\n    Note: ${outcome.note}` : '';
  return `${head}${note}\n${indent(formatTable(outcome.result))}\n`;
}

function table(scan: InstalledScan): string {
  if (scan.configs.length === 0) return 'No MCP client configuration found on this machine.\n';
  const blocks: string[] = [];
  for (const config of scan.configs) {
    const servers = scan.servers.filter((s) => s.server.configPath === config.path);
    const title = `${CLIENT_NAMES[config.client]} (${config.scope}): ${config.path}`;
    const body = config.error
      ? `  Could not read it: ${config.error}\n`
      : servers.length === 0
        ? '  No servers.\n'
        : servers.map(serverBlock).join('\n');
    blocks.push(`${title}\n${body}`);
  }
  if (scan.configResult) {
    blocks.push(
      `Client configurations (config rules)\n${indent(formatTable(scan.configResult))}\n`,
    );
  }
  const scanned = scan.servers.filter((s) => s.status === 'scanned').length;
  const notStarted = scan.servers.filter((s) => s.status === 'not-started').length;
  const failed = scan.servers.filter((s) => s.status === 'failed').length;
  blocks.push(
    `Servers: ${scan.servers.length} (${scanned} scanned, ${notStarted} not scanned, ${failed} failed)\n`,
  );
  return blocks.join('\n');
}

export async function renderInstalled(
  scan: InstalledScan,
  format: Format,
  toJson: (result: ScanResult) => unknown,
): Promise<string> {
  if (format === 'table') return table(scan);
  if (format === 'sarif') {
    const { toSarif } = await import('../../engine/sarif.js');
    const results = [
      ...scan.servers.flatMap((s) => (s.status === 'scanned' ? [s.result] : [])),
      ...(scan.configResult ? [scan.configResult] : []),
    ];
    return `${JSON.stringify(toSarif(results), null, 2)}\n`;
  }
  const view = {
    clients: scan.configs.map((c) => ({
      client: c.client,
      name: CLIENT_NAMES[c.client],
      scope: c.scope,
      config: c.path,
      ...(c.error ? { error: c.error } : {}),
      servers: scan.servers
        .filter((s) => s.server.configPath === c.path)
        .map((s) => ({
          server: s.server.entry.name,
          transport: s.server.transport,
          pin_key: s.server.pinKey,
          status: s.status,
          ...(s.status === 'scanned'
            ? { result: toJson(s.result), ...(s.note ? { note: s.note } : {}) }
            : { reason: s.reason }),
        })),
    })),
    ...(scan.configResult ? { configs: toJson(scan.configResult) } : {}),
  };
  return `${JSON.stringify(view, null, 2)}\n`;
}
