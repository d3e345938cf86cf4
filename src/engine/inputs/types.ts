// Typed file inputs, produced by the parsers in this folder and consumed by the file rules.
// The file-scanning work owns these shapes; fields may be added, never renamed silently.
import type { CodeFacts } from './code/facts.js';

export type ClientKind =
  | 'claude-desktop'
  | 'claude-code'
  | 'cursor'
  | 'vscode'
  | 'windsurf'
  | 'cline'
  | 'codex'
  | 'gemini'
  | 'generic';

/** One MCP server entry of a client config, normalised across clients. */
export interface McpServerConfigEntry {
  name: string;
  /** JSON path (or TOML key path) of the entry within the file, e.g. `mcpServers.github`. */
  location: string;
  type?: string;
  command?: string;
  args: string[];
  env: Record<string, string>;
  url?: string;
  headers: Record<string, string>;
  /** Tools the client runs without asking (`autoApprove`, `alwaysAllow`, …). */
  autoApprove: string[];
  raw: Record<string, unknown>;
  /** 1-based line of the entry's name in the file, when known (JSON). */
  line?: number;
  /** The entry's key path in the document (`['mcpServers', 'github']`), for JSON pointers and
   *  exact positions of its keys. */
  keyPath?: string[];
}

export interface ConfigInput {
  path: string;
  client: ClientKind;
  servers: McpServerConfigEntry[];
  /** Names of servers declared more than once (across the sections of one file). */
  duplicateNames: string[];
  /** The parsed document, for rules that look beyond `servers` (VS Code `inputs`, …). */
  document: unknown;
  text: string;
  /** The syntax of `text`, when it is a structured document. */
  format?: 'json' | 'yaml' | 'toml';
}

export type Ecosystem = 'npm' | 'pypi';

export interface Dependency {
  name: string;
  /** The exact version when known (lockfiles, pins), else undefined. */
  version?: string;
  /** The declared range or specifier when there is one (`^1.2.0`, `>=2,<3`). */
  range?: string;
  direct: boolean;
  /** Path from the root to this dependency, e.g. ['my-app', 'mcp-remote']. */
  path: string[];
  line?: number;
  /** Where a lockfile says the package came from (registry tarball, git or file URL). */
  resolved?: string;
  /** Declared only for development (devDependencies, dev groups, `dev: true` in lockfiles). */
  dev?: boolean;
}

export interface DependencyInput {
  path: string;
  ecosystem: Ecosystem;
  kind: 'manifest' | 'lockfile';
  packages: Dependency[];
  /** npm lifecycle scripts (package.json), keyed by name. */
  scripts: Record<string, string>;
  text: string;
}

export type CodeLanguage = 'javascript' | 'typescript' | 'python';

/** A parsed source file. `ast` is the parser's tree (oxc ESTree for JS/TS, tree-sitter for Python). */
export interface CodeInput {
  path: string;
  language: CodeLanguage;
  text: string;
  /** Released (null) once `facts` are extracted, so a 10 MB upload does not hold every tree at
   *  once; rules read `facts`. */
  ast: unknown;
  /** The language-neutral facts the code rules read (calls, taint, tool definitions). */
  facts?: CodeFacts;
  /** Syntax errors (`line: message`); the facts then cover what could be parsed. */
  errors?: string[];
  /** Set when the file was not analysed (too large, minified, over the time budget). */
  skipped?: string;
}

/** A text file handed to the engine: a name (path inside the upload or archive) and its bytes. */
export interface InputFile {
  path: string;
  bytes: Uint8Array;
}
