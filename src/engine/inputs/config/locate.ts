// Where a key or value stands in a config file's text: the character index of the key (for an
// object member) or of the value (for an array element) that a path of segments designates, in
// JSON (with JSONC comments), YAML or TOML. Evidence uses it for the exact line and column of an
// offending key. Each reader walks the text once, iteratively. A key written twice resolves to
// its last occurrence, the one the parsers keep; a path a reader cannot follow (an alias, a table
// of an array of tables) gives undefined, never a wrong place.
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { INPUT_LIMITS } from '../limits.js';

export type PathSegment = string | number;
export type ConfigFormat = 'json' | 'yaml' | 'toml';

export interface TextPosition {
  index: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

/** Line and column of a character index. */
export function positionAt(text: string, index: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < index; nl = text.indexOf('\n', nl + 1)) {
    line++;
    lineStart = nl + 1;
  }
  return { index, line, column: index - lineStart + 1 };
}

/** The position of the key (or array element) `path` designates, or undefined. */
export function locatePath(
  text: string,
  format: ConfigFormat,
  path: readonly PathSegment[],
): TextPosition | undefined {
  if (path.length === 0 || text.length > INPUT_LIMITS.maxScannedTextChars) return undefined;
  let index: number | undefined;
  try {
    index =
      format === 'json'
        ? locateJson(text, path)
        : format === 'yaml'
          ? locateYaml(text, path)
          : locateToml(text, path);
  } catch {
    return undefined;
  }
  return index === undefined ? undefined : positionAt(text, index);
}

function samePath(a: readonly PathSegment[], b: readonly PathSegment[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

// ---------------------------------------------------------------------------------------------
// JSON and JSONC.

/** Index just past the string opening at `start` (`quote` is `"`, or `'` in TOML literals). */
function skipQuoted(text: string, start: number, quote = '"', escapes = true): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (escapes && c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (c === '\n' && quote !== '"') return i;
  }
  return text.length;
}

function skipJsonComment(text: string, i: number): number {
  if (text[i + 1] === '/') {
    const end = text.indexOf('\n', i);
    return end === -1 ? text.length : end;
  }
  if (text[i + 1] === '*') {
    const end = text.indexOf('*/', i + 2);
    return end === -1 ? text.length : end + 2;
  }
  return i + 1;
}

interface JsonFrame {
  isObject: boolean;
  index: number;
  expectKey: boolean;
}

function locateJson(text: string, target: readonly PathSegment[]): number | undefined {
  let last: number | undefined;
  const stack: JsonFrame[] = [];
  const path: PathSegment[] = [];
  const elementMatches = (): boolean => {
    const top = stack[stack.length - 1];
    return top !== undefined && !top.isObject && samePath(path, target);
  };
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === ':') {
      i++;
      continue;
    }
    if (c === '/') {
      i = skipJsonComment(text, i);
      continue;
    }
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = skipQuoted(text, i);
      if (top?.isObject && top.expectKey) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, end)) as string;
        } catch {
          key = text.slice(i + 1, end - 1);
        }
        path[stack.length - 1] = key;
        path.length = stack.length;
        if (samePath(path, target)) last = i;
        top.expectKey = false;
      } else if (elementMatches()) last = i;
      i = end;
      continue;
    }
    if (c === '{' || c === '[') {
      if (elementMatches()) last = i;
      stack.push({ isObject: c === '{', index: 0, expectKey: c === '{' });
      path.length = stack.length;
      path[stack.length - 1] = c === '[' ? 0 : '';
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      path.length = stack.length;
      i++;
      continue;
    }
    if (c === ',') {
      if (top?.isObject) top.expectKey = true;
      else if (top) path[stack.length - 1] = ++top.index;
      i++;
      continue;
    }
    // A bare literal: number, true, false, null.
    if (elementMatches()) last = i;
    const start = i;
    while (i < text.length && !/[\s,\]}/]/.test(text[i]!)) i++;
    if (i === start) i++;
  }
  return last;
}

// ---------------------------------------------------------------------------------------------
// YAML: the library keeps each node's range in the source.

function locateYaml(text: string, target: readonly PathSegment[]): number | undefined {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false, strict: false });
  let node: unknown = doc.contents;
  for (let n = 0; n < target.length; n++) {
    const segment = target[n];
    const last = n === target.length - 1;
    if (isMap(node)) {
      const pair = node.items.findLast(
        (p) => isScalar(p.key) && String(p.key.value) === String(segment),
      );
      if (!pair) return undefined;
      if (last) return (pair.key as YamlNode).range?.[0];
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as YamlNode | undefined;
      if (!item) return undefined;
      if (last) return item.range?.[0];
      node = item;
    } else return undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// TOML: tables, dotted keys, inline tables and (multi-line) arrays.

const BARE_KEY_RE = /[A-Za-z0-9_-]/;

function skipTomlSpace(text: string, i: number, newlines: boolean): number {
  for (;;) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n')) i++;
    else if (c === '#') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else return i;
  }
}

/** A dotted key (`a."b.c".d`) at `i`: its parts and where it ends. */
function readTomlKey(text: string, i: number): { parts: string[]; end: number } | undefined {
  const parts: string[] = [];
  for (;;) {
    i = skipTomlSpace(text, i, false);
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = skipQuoted(text, i, c, c === '"');
      const raw = text.slice(i, end);
      let part: string;
      try {
        part = c === '"' ? (JSON.parse(raw) as string) : raw.slice(1, -1);
      } catch {
        part = raw.slice(1, -1);
      }
      parts.push(part);
      i = end;
    } else {
      const start = i;
      while (i < text.length && BARE_KEY_RE.test(text[i]!)) i++;
      if (i === start) return undefined;
      parts.push(text.slice(start, i));
    }
    i = skipTomlSpace(text, i, false);
    if (text[i] !== '.') return { parts, end: i };
    i++;
  }
}

function startsWithPath(path: readonly PathSegment[], prefix: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((s, i) => s === path[i]);
}

interface Found {
  end: number;
  found?: number;
}

/** Walks the value at `i`; `rest` is what is left of the target path inside it (or undefined). */
function walkTomlValue(text: string, i: number, rest: readonly PathSegment[] | undefined): Found {
  const c = text[i];
  if (text.startsWith('"""', i) || text.startsWith("'''", i)) {
    const end = text.indexOf(text.slice(i, i + 3), i + 3);
    return { end: end === -1 ? text.length : end + 3 };
  }
  if (c === '"' || c === "'") return { end: skipQuoted(text, i, c, c === '"') };
  if (c === '[') {
    let j = i + 1;
    let index = 0;
    for (;;) {
      j = skipTomlSpace(text, j, true);
      const d = text[j];
      if (d === undefined) return { end: j };
      if (d === ']') return { end: j + 1 };
      if (d === ',') {
        index++;
        j++;
        continue;
      }
      if (rest?.length === 1 && rest[0] === index) return { end: j, found: j };
      const inner = walkTomlValue(text, j, rest && rest[0] === index ? rest.slice(1) : undefined);
      if (inner.found !== undefined) return inner;
      j = Math.max(inner.end, j + 1);
    }
  }
  if (c === '{') {
    let j = i + 1;
    for (;;) {
      j = skipTomlSpace(text, j, true);
      const d = text[j];
      if (d === undefined) return { end: j };
      if (d === '}') return { end: j + 1 };
      if (d === ',') {
        j++;
        continue;
      }
      const key = readTomlKey(text, j);
      if (!key || text[key.end] !== '=') return { end: j + 1 };
      if (rest && samePath(rest, key.parts)) return { end: j, found: j };
      const inner = walkTomlValue(
        text,
        skipTomlSpace(text, key.end + 1, false),
        rest && startsWithPath(rest, key.parts) ? rest.slice(key.parts.length) : undefined,
      );
      if (inner.found !== undefined) return inner;
      j = Math.max(inner.end, j + 1);
    }
  }
  let j = i;
  while (j < text.length && !/[,\]}\n#]/.test(text[j]!)) j++;
  return { end: j };
}

function locateToml(text: string, target: readonly PathSegment[]): number | undefined {
  let table: PathSegment[] = [];
  const arrayCounts = new Map<string, number>();
  for (let i = 0; i < text.length;) {
    i = skipTomlSpace(text, i, true);
    if (i >= text.length) break;
    if (text[i] === '[') {
      const isArray = text[i + 1] === '[';
      const key = readTomlKey(text, i + (isArray ? 2 : 1));
      if (!key) return undefined;
      table = key.parts;
      if (isArray) {
        const id = JSON.stringify(key.parts);
        const n = (arrayCounts.get(id) ?? -1) + 1;
        arrayCounts.set(id, n);
        table = [...key.parts, n];
      }
      if (samePath(table, target)) return skipTomlSpace(text, i + (isArray ? 2 : 1), false);
      const close = text.indexOf('\n', key.end);
      i = close === -1 ? text.length : close;
      continue;
    }
    const key = readTomlKey(text, i);
    if (!key || text[key.end] !== '=') {
      const next = text.indexOf('\n', i);
      i = next === -1 ? text.length : next;
      continue;
    }
    const full = [...table, ...key.parts];
    if (samePath(full, target)) return i;
    const inner = walkTomlValue(
      text,
      skipTomlSpace(text, key.end + 1, false),
      startsWithPath(target, full) ? target.slice(full.length) : undefined,
    );
    if (inner.found !== undefined) return inner.found;
    i = Math.max(inner.end, i + 1);
  }
  return undefined;
}
