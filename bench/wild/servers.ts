// The candidate list (servers.json) and the names derived from it, shared by the collector and
// the loader.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WILD_DIR = dirname(fileURLToPath(import.meta.url));
/** `WILD_SET=heldout` points the collector at the held-out servers: real servers that no rule,
 *  threshold or training run has seen (servers-heldout.json, snapshots-heldout/). The classifier
 *  trains on snapshots/ only; `npm run eval` measures the held-out ones apart. */
const SET = process.env.WILD_SET === 'heldout' ? '-heldout' : '';
/** The corpus the classifier trains on and the catalogue is built from, whatever WILD_SET says. */
export const CORPUS_SNAPSHOT_DIR = join(WILD_DIR, 'snapshots');
export const HELDOUT_SNAPSHOT_DIR = join(WILD_DIR, 'snapshots-heldout');
/** Where the collector writes: the corpus, or the held-out servers under WILD_SET=heldout. */
export const SNAPSHOT_DIR = SET ? HELDOUT_SNAPSHOT_DIR : CORPUS_SNAPSHOT_DIR;
export const SERVERS_FILE = join(WILD_DIR, `servers${SET}.json`);
export const SKIPPED_FILE = join(WILD_DIR, `skipped${SET}.json`);

/** One candidate server: an npm package at an exact version and how to start it over stdio. */
export interface WildCandidate {
  package: string;
  /** Exact version, installed as `package@version`. */
  version: string;
  /** Name of the entry in the package's `bin` to run; the only or the package-named one if absent. */
  bin?: string;
  /** Arguments after the bin. `${SCRATCH}` is replaced by the scratch directory. */
  args?: string[];
  /** Dummy environment values the server needs to start (never real secrets). */
  env?: Record<string, string>;
  /** Files written before the start (dummy credential files a server insists on reading), by
   *  path; `${SCRATCH}` and `${HOME}` are replaced by the scratch and home directories. */
  files?: Record<string, string>;
  /** `22`: run under the Node 22 runtime the collector installs (for servers that need it). */
  node?: '22';
  notes?: string;
  /** Monthly downloads in the package index the list was drawn from (for ordering only). */
  downloadsAMonth?: number;
}

export function readCandidates(): WildCandidate[] {
  return JSON.parse(readFileSync(SERVERS_FILE, 'utf8')) as WildCandidate[];
}

/** File-name form of a package name: `@scope/name` -> `scope__name`. */
export function slugOf(packageName: string): string {
  return packageName.replace(/^@/, '').replace(/\//g, '__');
}
