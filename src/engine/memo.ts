// A per-process cache for pure functions of strings that hostile input could call with endless
// distinct keys: it is emptied when it reaches its size, so it never grows without bound.

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
