// Caches for pure functions of strings. boundedMemo is per process, for keys hostile input could
// make endless: it is emptied when it reaches its size, so it never grows without bound.

/** `compute`, remembering up to `max` answers by key. */
export function boundedMemo<K, V>(max: number, compute: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  return (key) => {
    if (answers.has(key)) return answers.get(key) as V;
    const answer = compute(key);
    if (answers.size >= max) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}

// Answers kept for the length of one scan: several rules ask the same question of one text (is
// it worth a sentence read?), and a description repeated across tools asks it again. Kept no
// longer than the scan, so one scan's texts are not held after it and a benchmark that repeats a
// scan measures every scan's own work.
let scanning = false;
const scanTables: Map<unknown, unknown>[] = [];

/** Runs `scan` with the per-scan memos live, emptying them when it ends (throws included). */
export function duringScan<T>(scan: () => T): T {
  if (scanning) return scan();
  scanning = true;
  try {
    return scan();
  } finally {
    scanning = false;
    for (const table of scanTables) table.clear();
  }
}

/** `compute`, remembering its answers by key within one `duringScan`; outside one it only computes. */
export function scanMemo<K, V>(compute: (key: K) => V): (key: K) => V {
  const answers = new Map<K, V>();
  scanTables.push(answers);
  return (key) => {
    if (!scanning) return compute(key);
    if (answers.has(key)) return answers.get(key) as V;
    const answer = compute(key);
    answers.set(key, answer);
    return answer;
  };
}
