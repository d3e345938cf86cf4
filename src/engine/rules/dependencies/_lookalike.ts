// Look-alike names: the tricks typosquatters use (one letter changed, added or dropped, two
// swapped, a doubled letter, digits for letters, separators moved) measured against names people
// actually mean to install. Pure string work with bounded inputs.

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length > 100 || b.length > 100) return a === b ? 0 : max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

// `1`, `l` and `i` (and `0`/`o`) are folded together: each passes for the other at a glance.
const DIGIT_LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  l: 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
};

/** Folds the cheap disguises: case, separators, digits for letters, doubled letters, rn for m. */
export function skeleton(name: string): string {
  return name
    .toLowerCase()
    .replace(/[013457@l]/g, (c) => DIGIT_LOOKALIKES[c] ?? c)
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[-_.\s/]+/g, '')
    .replace(/(.)\1+/g, '$1');
}

export interface Lookalike {
  target: string;
  how: string;
}

/** What `findLookalike` precomputes once per target list: skeletons, and targets bucketed by
 *  length so each name is compared only with targets it could be within two edits of. */
interface TargetIndex {
  all: ReadonlySet<string>;
  /** Skeleton → index of the first target (4+ characters) with that skeleton. */
  firstBySkeleton: Map<string, number>;
  /** Length → indexes of the targets (5+ characters) of that length, in list order. */
  byLength: Map<number, number[]>;
}

const targetIndexes = new WeakMap<readonly string[], TargetIndex>();

function indexTargets(targets: readonly string[]): TargetIndex {
  let index = targetIndexes.get(targets);
  if (index) return index;
  index = { all: new Set(targets), firstBySkeleton: new Map(), byLength: new Map() };
  targets.forEach((target, i) => {
    if (target.length >= 4) {
      const sk = skeleton(target);
      if (!index.firstBySkeleton.has(sk)) index.firstBySkeleton.set(sk, i);
    }
    if (target.length >= 5) {
      const bucket = index.byLength.get(target.length) ?? [];
      bucket.push(i);
      index.byLength.set(target.length, bucket);
    }
  });
  targetIndexes.set(targets, index);
  return index;
}

/** The largest distance reported for a target: 2 for long names, 1 otherwise. */
const EDITS_MAX = 2;

/** The first target (in list order) within its edit limit of `lower`, and the distance. */
function nearestByEdits(
  lower: string,
  targets: readonly string[],
  index: TargetIndex,
): Lookalike | undefined {
  let best = -1;
  let bestDistance = 0;
  for (let length = lower.length - EDITS_MAX; length <= lower.length + EDITS_MAX; length++) {
    for (const i of index.byLength.get(length) ?? []) {
      if (best >= 0 && i > best) break;
      const target = targets[i]!;
      const limit = target.length >= 10 ? 2 : 1;
      if (Math.abs(target.length - lower.length) > limit) continue;
      const d = editDistance(lower, target, limit);
      if (d >= 1 && d <= limit) {
        best = i;
        bestDistance = d;
        break;
      }
    }
  }
  if (best < 0) return undefined;
  const s = bestDistance > 1 ? 's' : '';
  return { target: targets[best]!, how: `is ${bestDistance} edit${s} away` };
}

/** Answers per target list and allow-list, by lower-cased name: manifests and lockfiles repeat
 *  the same few thousand names. Cleared when full, so memory stays bounded. */
const answers = new WeakMap<
  readonly string[],
  WeakMap<ReadonlySet<string>, Map<string, Lookalike | null>>
>();
const ANSWERS_MAX = 20_000;

function answerCache(
  targets: readonly string[],
  legit: ReadonlySet<string>,
): Map<string, Lookalike | null> {
  let byLegit = answers.get(targets);
  if (!byLegit) answers.set(targets, (byLegit = new WeakMap()));
  let cache = byLegit.get(legit);
  if (!cache) byLegit.set(legit, (cache = new Map()));
  if (cache.size >= ANSWERS_MAX) cache.clear();
  return cache;
}

const NO_LEGIT: ReadonlySet<string> = new Set();

/**
 * Whether `name` imitates one of `targets` without being it. `legit` lists real names that
 * happen to be close to a target (preact, redux…): never reported. The first target in list
 * order wins: a same-skeleton target before any within a few edits.
 */
export function findLookalike(
  name: string,
  targets: readonly string[],
  legit: ReadonlySet<string> = NO_LEGIT,
): Lookalike | undefined {
  const lower = name.toLowerCase();
  const cache = answerCache(targets, legit);
  const known = cache.get(lower);
  if (known !== undefined) return known ? { ...known } : undefined;
  const found = lookalikeOf(lower, targets, legit);
  cache.set(lower, found ? { ...found } : null);
  return found;
}

function lookalikeOf(
  lower: string,
  targets: readonly string[],
  legit: ReadonlySet<string>,
): Lookalike | undefined {
  const index = indexTargets(targets);
  if (legit.has(lower) || index.all.has(lower)) return undefined;
  const same = index.firstBySkeleton.get(skeleton(lower));
  if (same !== undefined)
    return {
      target: targets[same]!,
      how: 'differs only by separators, doubled letters or look-alike characters',
    };
  return nearestByEdits(lower, targets, index);
}
