// `palisade scan` with no target (or `--installed`): every MCP client config on this machine, and
// every server in them. Remote servers are fetched through the guarded fetch as any URL target;
// stdio servers are started only with `--run-stdio` (it runs their code), under the caps of
// stdio.ts. The config files themselves go through the config rules, as an upload would.

import { readFile } from 'node:fs/promises';
import {
  fetchSnapshot,
  scanFiles,
  scanSnapshot,
  type McpServerConfigEntry,
  type McpSnapshot,
  type ScanResult,
} from '../../engine/index.js';
import { discoverConfigs, type DiscoveredConfig } from './discover.js';
import { CLIENT_NAMES, currentPlatform, type InstalledClient, type Platform } from './locations.js';
import { listStdioServer, refusalOf, StdioServerError, type StdioCaps } from './stdio.js';

export interface InstalledServer {
  client: InstalledClient;
  configPath: string;
  scope: 'user' | 'project';
  entry: McpServerConfigEntry;
  transport: 'stdio' | 'remote';
  /** Key in a pin file: `client:name` (`client:scope:name` when a name repeats). */
  pinKey: string;
}

export type ServerOutcome =
  | {
      server: InstalledServer;
      status: 'scanned';
      snapshot: McpSnapshot;
      result: ScanResult;
      note?: string;
    }
  | { server: InstalledServer; status: 'not-started'; reason: string }
  | { server: InstalledServer; status: 'failed'; reason: string };

export interface InstalledScan {
  configs: DiscoveredConfig[];
  servers: ServerOutcome[];
  /** The config rules over the config files found; absent when none was found. */
  configResult?: ScanResult;
}

export interface InstalledOptions {
  runStdio: boolean;
  allowlist: string[];
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  platform?: Platform;
  stdioCaps?: Partial<StdioCaps>;
  progress: (message: string) => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function serversOf(configs: readonly DiscoveredConfig[]): InstalledServer[] {
  const servers: InstalledServer[] = [];
  const keys = new Set<string>();
  for (const config of configs) {
    for (const entry of config.servers) {
      let pinKey = `${config.client}:${entry.name}`;
      if (keys.has(pinKey)) pinKey = `${config.client}:${config.scope}:${entry.name}`;
      for (let n = 2; keys.has(pinKey); n++) pinKey = `${config.client}:${entry.name}#${n}`;
      keys.add(pinKey);
      servers.push({
        client: config.client,
        configPath: config.path,
        scope: config.scope,
        entry,
        transport: entry.url !== undefined && entry.command === undefined ? 'remote' : 'stdio',
        pinKey,
      });
    }
  }
  return servers;
}

/** A bearer token from the config's headers (`Authorization: Bearer …`), for remote servers. */
function bearerOf(entry: McpServerConfigEntry): string | undefined {
  for (const [name, value] of Object.entries(entry.headers)) {
    const m = /^Bearer\s+(\S+)$/i.exec(value);
    if (name.toLowerCase() === 'authorization' && m && !m[1]!.includes('${')) return m[1];
  }
  return undefined;
}

async function scanServer(
  server: InstalledServer,
  options: InstalledOptions,
): Promise<ServerOutcome> {
  const { entry } = server;
  const label = `${CLIENT_NAMES[server.client]}: ${entry.name}`;
  if (server.transport === 'remote') {
    try {
      const token = bearerOf(entry);
      const snapshot = await fetchSnapshot(entry.url!, {
        allowlist: options.allowlist,
        onProgress: (m) => options.progress(`${label}: ${m}`),
        ...(token ? { authToken: token } : {}),
      });
      return { server, status: 'scanned', snapshot, result: scanSnapshot(snapshot) };
    } catch (error) {
      return { server, status: 'failed', reason: messageOf(error) };
    }
  }
  const refusal = refusalOf(entry);
  if (refusal) return { server, status: 'not-started', reason: `never started: ${refusal}` };
  if (!options.runStdio) {
    return {
      server,
      status: 'not-started',
      reason: 'not started (stdio servers run only with --run-stdio)',
    };
  }
  try {
    const run = await listStdioServer(entry, {
      env: options.env,
      cwd: options.cwd,
      ...(options.stdioCaps ? { caps: options.stdioCaps } : {}),
      onStart: (pid) => options.progress(`${label}: started (pid ${pid})`),
      onProgress: (m) => options.progress(`${label}: ${m}`),
    });
    options.progress(`${label}: stopped (pid ${run.pid}, ${run.stoppedWith})`);
    const snapshot: McpSnapshot = { ...run.snapshot, origin: `${server.client}:${entry.name}` };
    const note =
      run.stoppedWith === 'SIGKILL'
        ? 'it ignored SIGTERM after listing and was killed (SIGKILL)'
        : undefined;
    return {
      server,
      status: 'scanned',
      snapshot,
      result: scanSnapshot(snapshot),
      ...(note ? { note } : {}),
    };
  } catch (error) {
    if (error instanceof StdioServerError) {
      const stopped =
        error.pid !== undefined ? ` (pid ${error.pid}, stopped with ${error.stoppedWith})` : '';
      options.progress(`${label}: ${error.message}${stopped}`);
      const killed =
        error.stoppedWith === 'SIGKILL' ? ' It ignored SIGTERM and was killed (SIGKILL).' : '';
      return { server, status: 'failed', reason: `${error.message}${killed}` };
    }
    return { server, status: 'failed', reason: messageOf(error) };
  }
}

/** Finds the configs, scans each server in turn, then the config files themselves. */
export async function scanInstalled(options: InstalledOptions): Promise<InstalledScan> {
  const configs = await discoverConfigs({
    platform: options.platform ?? currentPlatform(),
    env: options.env,
    cwd: options.cwd,
  });
  const servers = serversOf(configs);
  options.progress(
    configs.length === 0
      ? 'No MCP client configuration found.'
      : `Found ${configs.length} client configuration(s) with ${servers.length} server(s).`,
  );
  const outcomes: ServerOutcome[] = [];
  for (const server of servers) outcomes.push(await scanServer(server, options));
  const readable = configs.filter((c) => c.error === undefined);
  let configResult: ScanResult | undefined;
  if (readable.length > 0) {
    const files = await Promise.all(
      readable.map(async (c) => ({ path: c.path, bytes: await readFile(c.path) })),
    );
    configResult = await scanFiles(files);
  }
  return { configs, servers: outcomes, ...(configResult ? { configResult } : {}) };
}
