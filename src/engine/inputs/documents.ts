// Parsing structured text from untrusted uploads. JSON.parse is native and fast, but what it
// builds is walked by recursive code later, so nesting depth is measured first with a linear
// scan that never recurses. The same scan finds duplicate keys (JSON.parse keeps only the last,
// silently hiding a shadowed MCP server) and remembers the line of each shallow key for evidence.
// YAML alias expansion and TOML inline nesting are capped through the libraries' own options.

import { parseDocument } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import { INPUT_LIMITS } from './limits.js';

export class DocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentError';
  }
}

export interface DuplicateKey {
  /** Path of the object holding the key, e.g. `mcpServers`. */
  parent: string;
  key: string;
  line: number;
}

export interface JsonStructure {
  maxDepth: number;
  duplicates: DuplicateKey[];
  /** Line of each key up to `KEY_LINE_DEPTH` levels deep, keyed by dotted path. */
  keyLines: Map<string, number>;
  hasComments: boolean;
}

export interface ParsedDocument {
  value: unknown;
  duplicates: DuplicateKey[];
  keyLines: Map<string, number>;
}

/** Keys deeper than this are not remembered: enough for `mcp.servers.<name>.<field>`. */
const KEY_LINE_DEPTH = 4;

interface Frame {
  isObject: boolean;
  path: string;
  keys: Set<string> | undefined;
  expectKey: boolean;
  currentKey: string | undefined;
  index: number;
}

function childPath(frame: Frame | undefined): string {
  if (!frame) return '';
  const part = frame.isObject ? (frame.currentKey ?? '') : String(frame.index);
  return frame.path ? `${frame.path}.${part}` : part;
}

/** Index just after the closing quote of the string opening at `start`. */
function skipString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length;
    // A quote preceded by an odd number of backslashes is escaped.
    let backslashes = 0;
    for (let j = quote - 1; j > start && text.charCodeAt(j) === 0x5c; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** Index just after a `//` or `/* *\/` comment starting at `start`, or -1 when it is not one. */
function skipComment(text: string, start: number): number {
  const next = text[start + 1];
  if (next === '/') {
    const end = text.indexOf('\n', start);
    return end === -1 ? text.length : end;
  }
  if (next === '*') {
    const end = text.indexOf('*/', start + 2);
    return end === -1 ? text.length : end + 2;
  }
  return -1;
}

/** Converts ascending character indexes to 1-based line numbers in one pass. */
function linesOf(text: string, indexes: number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const index of indexes) {
    for (
      let nl = text.indexOf('\n', from);
      nl !== -1 && nl < index;
      nl = text.indexOf('\n', nl + 1)
    ) {
      line++;
      from = nl + 1;
    }
    lines.push(line);
  }
  return lines;
}

// Only the characters that change structure; the regex engine skips everything else natively.
const STRUCTURAL_RE = /["{}[\],/]/g;

/** One linear pass over JSON (or JSONC) text: depth, duplicate keys, key lines. Never recurses. */
export function scanJsonStructure(text: string): JsonStructure {
  const stack: Frame[] = [];
  const keyIndexes: {
    path: string;
    index: number;
    duplicateOf?: string;
    parent: string;
    key: string;
  }[] = [];
  let maxDepth = 0;
  let hasComments = false;
  const re = new RegExp(STRUCTURAL_RE.source, 'g');
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const i = m.index;
    const c = m[0];
    if (c === '"') {
      const end = skipString(text, i);
      const frame = stack[stack.length - 1];
      if (frame?.isObject && frame.expectKey) {
        frame.expectKey = false;
        if (stack.length <= KEY_LINE_DEPTH) {
          let key: string;
          try {
            key = JSON.parse(text.slice(i, end)) as string;
          } catch {
            key = text.slice(i + 1, end - 1);
          }
          frame.currentKey = key;
          const path = frame.path ? `${frame.path}.${key}` : key;
          const isDuplicate = frame.keys?.has(key) ?? false;
          frame.keys?.add(key);
          keyIndexes.push({
            path,
            index: i,
            parent: frame.path,
            key,
            ...(isDuplicate ? { duplicateOf: key } : {}),
          });
        }
      }
      re.lastIndex = end;
    } else if (c === '{' || c === '[') {
      const parent = stack[stack.length - 1];
      const isObject = c === '{';
      stack.push({
        isObject,
        path: stack.length < KEY_LINE_DEPTH ? childPath(parent) : '',
        keys: isObject && stack.length < KEY_LINE_DEPTH ? new Set() : undefined,
        expectKey: isObject,
        currentKey: undefined,
        index: 0,
      });
      if (stack.length > maxDepth) maxDepth = stack.length;
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      const frame = stack[stack.length - 1];
      if (frame) {
        if (frame.isObject) frame.expectKey = true;
        else frame.index++;
      }
    } else {
      const end = skipComment(text, i);
      if (end !== -1) {
        hasComments = true;
        re.lastIndex = end;
      }
    }
  }
  const lines = linesOf(
    text,
    keyIndexes.map((k) => k.index),
  );
  const keyLines = new Map<string, number>();
  const duplicates: DuplicateKey[] = [];
  keyIndexes.forEach((k, n) => {
    const line = lines[n]!;
    if (k.duplicateOf !== undefined) duplicates.push({ parent: k.parent, key: k.key, line });
    keyLines.set(k.path, line);
  });
  return { maxDepth, duplicates, keyLines, hasComments };
}

/** JSONC (VS Code's mcp.json and settings.json): comments and trailing commas removed. */
export function stripJsonComments(text: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length;) {
    const c = text[i];
    if (c === '"') i = skipString(text, i);
    else if (c === '/') {
      const end = skipComment(text, i);
      if (end === -1) i++;
      else {
        // Keep newlines so line numbers stay right.
        out += text.slice(last, i) + text.slice(i, end).replace(/[^\n]/g, ' ');
        last = i = end;
      }
    } else i++;
  }
  out += text.slice(last);
  return out.replace(/,(\s*[}\]])/g, '$1');
}

function checkDepth(depth: number, what: string): void {
  if (depth > INPUT_LIMITS.maxDocumentDepth) {
    throw new DocumentError(
      `${what} is nested ${depth} levels deep, more than the ${INPUT_LIMITS.maxDocumentDepth} accepted`,
    );
  }
}

export interface JsonParseOptions {
  /** Remember key lines and duplicate keys (configs, manifests). Lockfiles skip it: they are
   *  large, their keys are machine-written, and nothing reports their lines. */
  trackKeys?: boolean;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    try {
      return JSON.parse(stripJsonComments(text));
    } catch {
      throw new DocumentError(`invalid JSON: ${(error as Error).message}`);
    }
  }
}

export function parseJsonDocument(text: string, options: JsonParseOptions = {}): ParsedDocument {
  if (options.trackKeys === false) {
    // V8's JSON.parse is iterative, so deep nesting cannot overflow it; depth is measured after.
    const value = parseJsonText(text);
    checkDepth(measureDepth(value), 'the JSON document');
    return { value, duplicates: [], keyLines: new Map() };
  }
  const structure = scanJsonStructure(text);
  checkDepth(structure.maxDepth, 'the JSON document');
  return {
    value: parseJsonText(text),
    duplicates: structure.duplicates,
    keyLines: structure.keyLines,
  };
}

/** Depth of a parsed value, measured with an explicit stack (the value may be hostile). */
export function measureDepth(value: unknown, stopAt = INPUT_LIMITS.maxDocumentDepth + 1): number {
  let max = 0;
  if (value === null || typeof value !== 'object') return 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) max = depth;
    if (max >= stopAt) return max;
    for (const child of Object.values(node as object)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return max;
}

export function parseYamlDocument(text: string): ParsedDocument {
  let value: unknown;
  const duplicates: DuplicateKey[] = [];
  try {
    const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false, strict: false });
    const fatal = doc.errors[0];
    if (fatal) throw new DocumentError(`invalid YAML: ${fatal.message.split('\n')[0]}`);
    // maxAliasCount stops "billion laughs" expansion: each alias may be expanded only so often.
    value = doc.toJS({ maxAliasCount: INPUT_LIMITS.maxYamlAliases });
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    const message = (error as Error).message ?? String(error);
    if (/alias/i.test(message)) {
      throw new DocumentError(
        'YAML aliases expand too far (alias bomb?); the document was not read',
      );
    }
    throw new DocumentError(`invalid YAML: ${message.split('\n')[0]}`);
  }
  checkDepth(measureDepth(value), 'the YAML document');
  return { value, duplicates, keyLines: new Map() };
}

export function parseTomlDocument(text: string): ParsedDocument {
  let value: unknown;
  try {
    value = parseToml(text, {
      maxDepth: INPUT_LIMITS.maxDocumentDepth,
      unsafeKeyBehaviour: 'drop',
    });
  } catch (error) {
    throw new DocumentError(`invalid TOML: ${(error as Error).message.split('\n')[0]}`);
  }
  checkDepth(measureDepth(value), 'the TOML document');
  return { value, duplicates: [], keyLines: new Map() };
}

/** 1-based line of a character index. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
