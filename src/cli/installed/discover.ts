// `palisade scan --installed`: finds the MCP client configurations on this machine and reads each
// with the engine's config parser (the same one the file scanner and the config rules use).

import { readFile, realpath, stat } from 'node:fs/promises';
import {
  parseClientConfig,
  parseJsonDocument,
  parseTomlDocument,
  type McpServerConfigEntry,
} from '../../engine/index.js';
import { configLocations, type ConfigLocation, type LocationEnv } from './locations.js';

/** Config files larger than this are reported, not read (a client config is a few KB). */
const CONFIG_MAX_BYTES = 5 * 1024 * 1024;

export interface DiscoveredConfig extends ConfigLocation {
  servers: McpServerConfigEntry[];
  /** Set when the file exists but could not be read as a client config. */
  error?: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function readConfig(location: ConfigLocation): Promise<DiscoveredConfig | undefined> {
  const info = await stat(location.path).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  if (info.size > CONFIG_MAX_BYTES) {
    return { ...location, servers: [], error: 'larger than 5 MB; not read' };
  }
  try {
    const text = (await readFile(location.path)).toString('utf8');
    const toml = location.path.endsWith('.toml');
    const parsed = toml ? parseTomlDocument(text) : parseJsonDocument(text);
    const config = parseClientConfig(
      location.path,
      text,
      parsed.value,
      toml ? 'toml' : 'json',
      parsed.duplicates,
      parsed.keyLines,
    );
    // A settings file without MCP servers (VS Code, Zed, Gemini) is simply not a config.
    if (!config) return undefined;
    return { ...location, servers: config.servers };
  } catch (error) {
    return { ...location, servers: [], error: messageOf(error) };
  }
}

/** Every client config found, in the order of `configLocations`; a file found twice once. */
export async function discoverConfigs(where: LocationEnv): Promise<DiscoveredConfig[]> {
  const seen = new Set<string>();
  const found: DiscoveredConfig[] = [];
  for (const location of configLocations(where)) {
    const real = await realpath(location.path).catch(() => undefined);
    if (real === undefined || seen.has(real)) continue;
    seen.add(real);
    const config = await readConfig(location);
    if (config) found.push(config);
  }
  return found;
}
