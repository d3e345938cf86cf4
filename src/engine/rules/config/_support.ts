// Helpers shared by the config rules: where an entry is, and how a server is spelled in evidence.
import type { ConfigInput, McpServerConfigEntry } from '../../inputs/types.js';
import { locatePath, type PathSegment, type TextPosition } from '../../inputs/config/locate.js';
import { resolvePointer, toPointer } from '../../quote.js';
import { redactSecrets } from '../../secrets.js';

/** Where evidence about an entry stands: what a report spreads in (`...entryPlace(…)`). */
export interface EntryPlace {
  /** `mcpServers.github.env.TOKEN (line 9)`: the path, with the line of the key itself. */
  location: string;
  /** RFC 6901 pointer to the key or value in the parsed document. */
  pointer?: string;
  line?: number;
  column?: number;
}

const POSITIONS = new WeakMap<ConfigInput, Map<string, TextPosition | null>>();

function positionOf(input: ConfigInput, path: readonly PathSegment[]): TextPosition | undefined {
  if (!input.format) return undefined;
  let cache = POSITIONS.get(input);
  if (!cache) POSITIONS.set(input, (cache = new Map()));
  const id = JSON.stringify(path);
  let found = cache.get(id);
  if (found === undefined) {
    found = locatePath(input.text, input.format, path) ?? null;
    cache.set(id, found);
  }
  return found ?? undefined;
}

function fieldPath(field: readonly PathSegment[]): string {
  return field.map((s) => (typeof s === 'number' ? `[${s}]` : `.${key(s)}`)).join('');
}

/**
 * The place of `field` (`'env', 'TOKEN'`; `'args', 2`) in an entry: its JSON pointer and the
 * line and column of the key (or of the array element) in the file. Zed nests `args` and `env`
 * under `command`; a field the document does not hold falls back to the entry itself.
 */
export function entryPlace(
  input: ConfigInput,
  entry: McpServerConfigEntry,
  ...field: PathSegment[]
): EntryPlace {
  const path = `${entry.location}${fieldPath(field)}`;
  const atEntry = (): EntryPlace => ({
    location: entry.line !== undefined ? `${path} (line ${entry.line})` : path,
  });
  const base = entry.keyPath;
  if (!base) return atEntry();
  const candidates =
    field.length > 0 ? [[...base, ...field], [...base, 'command', ...field], base] : [base];
  const segments = candidates.find(
    (c) => resolvePointer(input.document, toPointer(c)) !== undefined,
  );
  if (!segments) return atEntry();
  const place: EntryPlace = { ...atEntry(), pointer: toPointer(segments) };
  const position = positionOf(input, segments);
  if (position) {
    place.location = `${path} (line ${position.line})`;
    place.line = position.line;
    place.column = position.column;
  }
  return place;
}

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
