// `palisade scan --pin FILE`: a lockfile of every scanned server's definitions (a hash of each
// tool, prompt, resource and the instructions, and of each of their fields, with the text kept for
// diffs). The first run writes it; later runs compare against it and report each change as a
// `definition-changed` finding (so --fail-on applies); `--update-pin` accepts what the servers
// offer now. Servers not yet in the file are added to it (trust on first use).

import { readFile, rename, writeFile } from 'node:fs/promises';
import {
  PIN_FORMAT,
  applyPin,
  asDefinitionPin,
  pinDefinitions,
  readableDiff,
  type DefinitionChange,
  type DefinitionPin,
  type McpSnapshot,
  type ScanResult,
} from '../engine/index.js';

export interface PinFile {
  palisade_pin: number;
  /** Keyed by server: the URL or snapshot path given, or `client:name` for installed servers. */
  servers: Record<string, DefinitionPin>;
}

export interface PinnedServer {
  key: string;
  snapshot: McpSnapshot;
  result: ScanResult;
}

export interface PinOutcome {
  /** The results with the changes added as findings (unchanged with --update-pin). */
  results: ScanResult[];
  /** One line per event, for stderr. */
  notes: string[];
}

export async function readPinFile(path: string): Promise<PinFile | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not a Palisade pin file: ${(error as Error).message}`);
  }
  const record = doc as Partial<PinFile> | null;
  if (!record || record.palisade_pin !== PIN_FORMAT || typeof record.servers !== 'object') {
    throw new Error(`${path} is not a Palisade pin file (format ${PIN_FORMAT}).`);
  }
  const servers: Record<string, DefinitionPin> = {};
  for (const [key, value] of Object.entries(record.servers ?? {})) {
    const pin = asDefinitionPin(value);
    if (!pin) throw new Error(`${path}: the entry for ${key} is not a pin.`);
    servers[key] = pin;
  }
  return { palisade_pin: PIN_FORMAT, servers };
}

async function writePinFile(path: string, pin: PinFile): Promise<void> {
  const sorted: PinFile = {
    palisade_pin: PIN_FORMAT,
    servers: Object.fromEntries(Object.entries(pin.servers).sort(([a], [b]) => a.localeCompare(b))),
  };
  // Written whole, then renamed: a crash never leaves half a lockfile.
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
  await rename(temporary, path);
}

function describe(change: DefinitionChange): string {
  const what = change.kind === 'instructions' ? 'instructions' : `${change.kind} "${change.name}"`;
  const fields =
    change.fields.length > 0 ? ` (${change.fields.map((f) => f.field).join(', ')})` : '';
  return `${what} ${change.change}${fields}`;
}

/** Compares (or, first time, records) every server against the pin file; writes it when needed. */
export async function applyPinFile(
  path: string,
  servers: readonly PinnedServer[],
  update: boolean,
): Promise<PinOutcome> {
  const existing = await readPinFile(path);
  const file: PinFile = existing ?? { palisade_pin: PIN_FORMAT, servers: {} };
  const notes: string[] = [];
  const results: ScanResult[] = [];
  let dirty = existing === undefined;
  for (const server of servers) {
    const before = file.servers[server.key];
    if (!before) {
      file.servers[server.key] = pinDefinitions(server.snapshot);
      dirty = true;
      notes.push(`pinned ${server.key} (${server.snapshot.tools.length} tools)`);
      results.push(server.result);
      continue;
    }
    const applied = applyPin(server.result, server.snapshot, before);
    if (applied.changes.length === 0) {
      results.push(server.result);
      continue;
    }
    if (update) {
      file.servers[server.key] = applied.pin;
      dirty = true;
      for (const change of applied.changes)
        notes.push(`${server.key}: accepted: ${describe(change)}`);
      results.push(server.result);
    } else {
      for (const change of applied.changes) {
        notes.push(`${server.key}: ${describe(change)}`);
        for (const field of change.fields) {
          const diff = readableDiff(field.before, field.after).split('\n');
          notes.push(`  ${field.field}: ${diff.join('\n    ')}`);
        }
      }
      results.push(applied.result);
    }
  }
  if (dirty) await writePinFile(path, file);
  if (dirty) notes.push(`wrote ${path}`);
  return { results, notes };
}
