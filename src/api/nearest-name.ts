/**
 * "Did you mean": the known name nearest to a misspelt one, for unknown-field messages. A name
 * counts as near when at most two single-character edits (insert, delete, replace; case ignored)
 * turn one into the other, which catches typos without suggesting unrelated short names.
 */
const MAX_EDITS = 2;

/** The known name nearest to `word`, if one is within two edits; ties go to the first known. */
export function nearestName(word: string, known: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = MAX_EDITS + 1;
  for (const name of known) {
    if (name === word) continue;
    const d = editDistance(word.toLowerCase(), name.toLowerCase(), bestDistance);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
}

/** Levenshtein distance of `a` and `b`, or `limit` once it is clear the distance is at least that. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    if (Math.min(...current) >= limit) return limit;
    previous = current;
  }
  return previous[b.length];
}
