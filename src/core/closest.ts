/**
 * "Did you mean …?" for names the model got wrong: chart fields now, SQL columns later.
 * Case-insensitive, because models often get the case of a column wrong and nothing else.
 */

/** Edit distance (insertions, deletions, substitutions) between two strings. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // One row of the dynamic-programming table is enough.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The candidate nearest to `name`, or null when none is near enough to be a useful hint
 * (more than about half of the longer name would have to change). Ties go to the earlier
 * candidate, so the order of the columns decides.
 */
export function closestMatch(name: string, candidates: readonly string[]): string | null {
  const wanted = name.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    if (lower === wanted) return candidate;
    const distance = levenshtein(wanted, lower);
    const limit = Math.max(2, Math.ceil(Math.max(wanted.length, lower.length) / 2));
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
