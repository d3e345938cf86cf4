// Where each MCP client keeps its configuration, per platform. Paths follow each client's own
// documentation; the roots come from the environment the CLI was given (HOME or USERPROFILE,
// APPDATA, XDG_CONFIG_HOME, CODEX_HOME), never from the real user's profile behind its back, so a
// test can point HOME at a made-up home directory.

import { join } from 'node:path';
import type { ClientKind } from '../../engine/light.js';

/** The clients whose configs are looked for: the engine's config kinds, less the generic one,
 *  plus Zed (whose `context_servers` the same config parser reads). */
export type InstalledClient = Exclude<ClientKind, 'generic'> | 'zed';

export const CLIENT_NAMES: Readonly<Record<InstalledClient, string>> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  windsurf: 'Windsurf',
  cline: 'Cline',
  codex: 'Codex',
  gemini: 'Gemini CLI',
  zed: 'Zed',
};

export type Platform = 'linux' | 'darwin' | 'win32';

export interface ConfigLocation {
  client: InstalledClient;
  /** `user` files apply everywhere; `project` files to the folder the scan runs in. */
  scope: 'user' | 'project';
  path: string;
}

export interface LocationEnv {
  platform: Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** The project folder (the working directory). */
  cwd: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/** The places every supported client reads its MCP servers from, existing or not. */
export function configLocations({ platform, env, cwd }: LocationEnv): ConfigLocation[] {
  const home = (platform === 'win32' ? nonEmpty(env.USERPROFILE) : undefined) ?? nonEmpty(env.HOME);
  const out: ConfigLocation[] = [];
  const user = (client: InstalledClient, ...parts: string[]) =>
    out.push({ client, scope: 'user', path: join(...parts) });
  const project = (client: InstalledClient, ...parts: string[]) =>
    out.push({ client, scope: 'project', path: join(cwd, ...parts) });

  // Per-platform application data: ~/Library/Application Support (macOS), %APPDATA% (Windows),
  // $XDG_CONFIG_HOME or ~/.config (Linux).
  const xdg = nonEmpty(env.XDG_CONFIG_HOME) ?? (home ? join(home, '.config') : undefined);
  const appData =
    platform === 'darwin'
      ? home && join(home, 'Library', 'Application Support')
      : platform === 'win32'
        ? (nonEmpty(env.APPDATA) ?? (home ? join(home, 'AppData', 'Roaming') : undefined))
        : xdg;

  if (appData) {
    user('claude-desktop', appData, 'Claude', 'claude_desktop_config.json');
    // VS Code's user settings (`mcp.servers`) and, since 1.102, its user mcp.json.
    const codeUser = join(appData, 'Code', 'User');
    user('vscode', codeUser, 'settings.json');
    user('vscode', codeUser, 'mcp.json');
    // Cline keeps its servers in VS Code's global storage for the extension.
    user(
      'cline',
      codeUser,
      'globalStorage',
      'saoudrizwan.claude-dev',
      'settings',
      'cline_mcp_settings.json',
    );
  }
  if (home) {
    user('claude-code', home, '.claude.json');
    user('cursor', home, '.cursor', 'mcp.json');
    user('windsurf', home, '.codeium', 'windsurf', 'mcp_config.json');
    user('gemini', home, '.gemini', 'settings.json');
  }
  const codexHome = nonEmpty(env.CODEX_HOME) ?? (home ? join(home, '.codex') : undefined);
  if (codexHome) user('codex', codexHome, 'config.toml');
  // Zed: ~/.config/zed on Linux and macOS (XDG_CONFIG_HOME respected), %APPDATA%\Zed on Windows.
  const zedRoot =
    platform === 'win32'
      ? appData && join(appData, 'Zed')
      : platform === 'darwin'
        ? home && join(home, '.config', 'zed')
        : xdg && join(xdg, 'zed');
  if (zedRoot) user('zed', zedRoot, 'settings.json');

  project('claude-code', '.mcp.json');
  project('cursor', '.cursor', 'mcp.json');
  project('vscode', '.vscode', 'mcp.json');
  project('vscode', '.vscode', 'settings.json');
  project('gemini', '.gemini', 'settings.json');
  project('zed', '.zed', 'settings.json');
  return out;
}

export function currentPlatform(): Platform {
  return process.platform === 'win32' || process.platform === 'darwin' ? process.platform : 'linux';
}
