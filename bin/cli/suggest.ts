// "Did you mean": the known name closest to what was typed (edit distance with swaps, at most a
// third of the name's length), so a typo gets one short line with the fix, not the whole help.

/** Edits (insert, delete, replace, swap two neighbours) from a to b. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest of `known` to `typed`, when it is close enough to be the one meant. */
export function closest(typed: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const d = k.startsWith(typed) && typed.length >= 2 ? 0.5 : distance(typed, k);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

/** " (did you mean X?)" or "". */
export function didYouMean(typed: string, known: readonly string[]): string {
  const c = closest(typed, known);
  return c ? ` (did you mean ${c}?)` : '';
}
