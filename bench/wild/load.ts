// The wild corpus as the evaluation reads it: one entry per committed snapshot of a real MCP
// server from npm (bench/wild/snapshots/*.json, written by `npm run wild:collect`).

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { McpSnapshot } from '../../src/engine/types.js';
import { CORPUS_SNAPSHOT_DIR } from './servers.js';

export interface WildServer {
  /** npm package name. */
  package: string;
  /** Exact version the snapshot was taken from. */
  version: string;
  /** The package's licence, from its package.json. */
  license: string;
  /** File-name form of the package name (the snapshot is snapshots/<slug>.json). */
  slug: string;
  /** What the server listed, without the corpus metadata keys. */
  snapshot: McpSnapshot;
}

interface SnapshotFile extends McpSnapshot {
  package: string;
  version: string;
  license: string;
  listErrors?: Record<string, string>;
}

/** Every snapshot of the wild corpus, ordered by slug. */
export function loadWildCorpus(dir: string = CORPUS_SNAPSHOT_DIR): WildServer[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = JSON.parse(readFileSync(join(dir, f), 'utf8')) as SnapshotFile;
      const { package: name, version, license, listErrors: _errors, ...snapshot } = file;
      if (typeof name !== 'string' || !Array.isArray(snapshot.tools)) {
        throw new Error(`${f}: not a wild-corpus snapshot (package and tools expected)`);
      }
      return {
        package: name,
        version,
        license,
        slug: f.slice(0, -'.json'.length),
        snapshot: { ...snapshot, origin: `bench/wild/snapshots/${f}` },
      };
    });
}
