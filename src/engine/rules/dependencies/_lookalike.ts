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

/**
 * Whether `name` imitates one of `targets` without being it. `legit` lists real names that
 * happen to be close to a target (preact, redux…): never reported.
 */
export function findLookalike(
  name: string,
  targets: readonly string[],
  legit: ReadonlySet<string> = new Set(),
): Lookalike | undefined {
  const lower = name.toLowerCase();
  if (legit.has(lower) || targets.includes(lower)) return undefined;
  const sk = skeleton(lower);
  for (const target of targets) {
    if (target.length < 4) continue;
    if (skeleton(target) === sk)
      return {
        target,
        how: 'differs only by separators, doubled letters or look-alike characters',
      };
  }
  for (const target of targets) {
    if (target.length < 5) continue;
    const limit = target.length >= 10 ? 2 : 1;
    const d = editDistance(lower, target, limit);
    if (d >= 1 && d <= limit) return { target, how: `is ${d} edit${d > 1 ? 's' : ''} away` };
  }
  return undefined;
}
