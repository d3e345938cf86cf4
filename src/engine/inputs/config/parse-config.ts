// MCP client configs, normalised. Every client spells the same idea differently: Claude Desktop,
// Claude Code, Cursor, Windsurf, Cline and Gemini CLI use `mcpServers`; VS Code uses `servers`
// (mcp.json) or `mcp.servers` (settings.json); Codex uses `[mcp_servers.<name>]` in TOML. The
// rules read one shape, `ConfigInput`, and never care which client wrote the file.

import type { ClientKind, ConfigInput, McpServerConfigEntry } from '../types.js';
import { baseName } from '../classify.js';
import { isRecord, type DuplicateKey } from '../documents.js';

interface ServerSection {
  /** Dotted path of the object holding the servers. */
  path: string;
  /** The same path as keys. */
  keys: string[];
  servers: Record<string, unknown>;
}

function looksLikeServer(value: unknown): boolean {
  return (
    isRecord(value) &&
    ['command', 'url', 'serverUrl', 'httpUrl', 'type', 'transport', 'args'].some((k) => k in value)
  );
}

/** The sections of a document that declare MCP servers; empty when it is not a client config. */
function serverSections(doc: Record<string, unknown>): ServerSection[] {
  const sections: ServerSection[] = [];
  const add = (path: string, value: unknown, keys = path.split('.')): void => {
    if (isRecord(value)) sections.push({ path, keys, servers: value });
  };
  add('mcpServers', doc.mcpServers);
  add('mcp_servers', doc.mcp_servers);
  const mcp = doc.mcp;
  if (isRecord(mcp)) {
    add('mcp.servers', mcp.servers);
    add('mcp.mcpServers', mcp.mcpServers);
  }
  // Zed's settings.json.
  add('context_servers', doc.context_servers);
  // Claude Code's ~/.claude.json keeps servers per project folder.
  if (isRecord(doc.projects)) {
    for (const [folder, project] of Object.entries(doc.projects)) {
      if (isRecord(project))
        add(`projects.${JSON.stringify(folder)}.mcpServers`, project.mcpServers, [
          'projects',
          folder,
          'mcpServers',
        ]);
    }
  }
  // `servers` is a common word: only a VS Code mcp.json when its entries look like servers.
  const servers = doc.servers;
  if (isRecord(servers) && Object.values(servers).some(looksLikeServer)) add('servers', servers);
  return sections;
}

/** True when the document is an MCP client config (even one that declares no server yet). */
export function isClientConfigDocument(doc: unknown): boolean {
  if (!isRecord(doc)) return false;
  if (serverSections(doc).length > 0) return true;
  // An empty `"mcp": {}` block in VS Code settings is still a config, just an empty one.
  return isRecord(doc.mcp) && Object.keys(doc).some((k) => k.startsWith('chat.mcp') || k === 'mcp');
}

function detectClient(
  path: string,
  doc: Record<string, unknown>,
  format: 'json' | 'yaml' | 'toml',
): ClientKind {
  const name = baseName(path).toLowerCase();
  const lowerPath = path.toLowerCase().replace(/\\/g, '/');
  if (format === 'toml') return 'codex';
  if (name === 'claude_desktop_config.json') return 'claude-desktop';
  if (
    name === '.mcp.json' ||
    name === '.claude.json' ||
    lowerPath.includes('.claude/') ||
    isRecord(doc.projects)
  )
    return 'claude-code';
  if (lowerPath.includes('.cursor/') || name.startsWith('cursor')) return 'cursor';
  if (lowerPath.includes('windsurf') || lowerPath.includes('.codeium/')) return 'windsurf';
  if (name.includes('cline')) return 'cline';
  if (lowerPath.includes('.gemini/')) return 'gemini';
  if (lowerPath.includes('.vscode/') || 'servers' in doc || 'mcp' in doc) return 'vscode';
  const entries = serverSections(doc)
    .flatMap((s) => Object.values(s.servers))
    .filter(isRecord);
  if (entries.some((e) => 'alwaysAllow' in e || 'autoApprove' in e)) return 'cline';
  if (entries.some((e) => 'httpUrl' in e || 'trust' in e)) return 'gemini';
  if (entries.some((e) => 'serverUrl' in e)) return 'windsurf';
  return 'generic';
}

function stringValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.map(stringValue).filter((v): v is string => v !== undefined);
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [key, v] of Object.entries(value)) {
    const s = stringValue(v);
    if (s !== undefined) out[key] = s;
  }
  return out;
}

/** Zed nests the command: `"command": { "path": "npx", "args": [...], "env": {...} }`. */
function flattenCommand(raw: Record<string, unknown>): Record<string, unknown> {
  const command = raw.command;
  if (!isRecord(command)) return raw;
  return {
    ...raw,
    command: command.path,
    args: command.args ?? raw.args,
    env: command.env ?? raw.env,
  };
}

function normaliseEntry(
  name: string,
  location: string,
  original: Record<string, unknown>,
): McpServerConfigEntry {
  const raw = flattenCommand(original);
  const entry: McpServerConfigEntry = {
    name,
    location,
    args: stringList(raw.args),
    env: stringRecord(raw.env),
    headers: { ...stringRecord(raw.headers), ...stringRecord(raw.http_headers) },
    autoApprove: [...stringList(raw.autoApprove), ...stringList(raw.alwaysAllow)],
    raw: original,
  };
  // Gemini CLI's `trust: true` skips every confirmation for the server: auto-approve everything.
  if (raw.trust === true) entry.autoApprove.push('*');
  const type = stringValue(raw.type) ?? stringValue(raw.transport);
  if (type) entry.type = type;
  const command = stringValue(raw.command);
  if (command) entry.command = command;
  const url = stringValue(raw.url) ?? stringValue(raw.serverUrl) ?? stringValue(raw.httpUrl);
  if (url) entry.url = url;
  return entry;
}

/**
 * Normalises a parsed document into a ConfigInput, or returns undefined when it is not an MCP
 * client config. `duplicates` comes from the JSON structure scan: JSON.parse keeps only the last
 * of two same-named servers, so the first would otherwise vanish unseen.
 */
export function parseClientConfig(
  path: string,
  text: string,
  doc: unknown,
  format: 'json' | 'yaml' | 'toml',
  duplicates: DuplicateKey[] = [],
  keyLines: Map<string, number> = new Map(),
): ConfigInput | undefined {
  if (!isClientConfigDocument(doc) || !isRecord(doc)) return undefined;
  const sections = serverSections(doc);
  const servers: McpServerConfigEntry[] = [];
  const seen = new Map<string, number>();
  for (const section of sections) {
    for (const [name, raw] of Object.entries(section.servers)) {
      if (!isRecord(raw)) continue;
      const location = `${section.path}.${name}`;
      const entry = normaliseEntry(name, location, raw);
      entry.keyPath = [...section.keys, name];
      const line = keyLines.get(location);
      if (line !== undefined) entry.line = line;
      servers.push(entry);
      seen.set(name, (seen.get(name) ?? 0) + 1);
    }
  }
  const sectionPaths = new Set(sections.map((s) => s.path));
  const duplicateNames = new Set<string>();
  for (const [name, count] of seen) if (count > 1) duplicateNames.add(name);
  for (const d of duplicates) if (sectionPaths.has(d.parent)) duplicateNames.add(d.key);
  return {
    path,
    client: detectClient(path, doc, format),
    servers,
    duplicateNames: [...duplicateNames].sort(),
    document: doc,
    text,
    format,
  };
}
