/**
 * The arithmetic of validate_finding, on figures the SQL has already computed: a confidence
 * interval for a difference between two groups (Welch's for means, Agresti and Caffo's for
 * proportions), and whether a comparison reverses once a third column is held fixed (Simpson's
 * paradox), by direct standardisation.
 */

export interface GroupStats {
  group: string;
  n: number;
  mean: number;
  /** Sample variance; 0 when the group has one row. */
  variance: number;
}

const Z975 = 1.959963984540054;

/**
 * The two-sided 95 % quantile of Student's t for `df` degrees of freedom (fractional, as Welch's
 * are): the Cornish–Fisher expansion about the normal quantile, within 0.004 of the exact value
 * from 3 degrees of freedom up; below 3, the quantile of the next smaller whole number (wider).
 */
export function t95(df: number): number {
  if (df < 2) return 12.706;
  if (df < 3) return 4.303;
  const z = Z975;
  return (
    z +
    (z ** 3 + z) / (4 * df) +
    (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2) +
    (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3) +
    (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / (92160 * df ** 4)
  );
}

export interface Difference {
  /** `a.mean - b.mean`. */
  estimate: number;
  low: number;
  high: number;
}

/** The difference of two means with its 95 % confidence interval (Welch's t). */
export function welch(a: GroupStats, b: GroupStats): Difference | null {
  if (a.n < 2 || b.n < 2) return null;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  const estimate = a.mean - b.mean;
  if (se === 0) return { estimate, low: estimate, high: estimate };
  const df = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  const margin = t95(df) * se;
  return { estimate, low: estimate - margin, high: estimate + margin };
}

/**
 * The difference of two proportions (`mean` of 0/1 rows) with its 95 % confidence interval:
 * Agresti and Caffo's (one success and one failure added to each group), which unlike the plain
 * Wald interval does not shrink to a point when a group is all 0 or all 1; kept within -1 to 1.
 * The estimate is the plain difference.
 */
export function proportions(a: GroupStats, b: GroupStats): Difference | null {
  if (a.n < 1 || b.n < 1) return null;
  const pa = (a.mean * a.n + 1) / (a.n + 2);
  const pb = (b.mean * b.n + 1) / (b.n + 2);
  const se = Math.sqrt((pa * (1 - pa)) / (a.n + 2) + (pb * (1 - pb)) / (b.n + 2));
  const centre = pa - pb;
  return {
    estimate: a.mean - b.mean,
    low: Math.max(-1, centre - Z975 * se),
    high: Math.min(1, centre + Z975 * se),
  };
}

export interface LevelStats {
  level: string;
  group: string;
  n: number;
  mean: number;
}

export interface Stratified {
  /** Levels where both groups have rows, and so enter the comparison. */
  levels: number;
  /** Levels where the first group's mean is above the second's. */
  levelsAbove: number;
  /** The difference with the column held fixed: each level's difference, weighted by its rows. */
  adjusted: number;
}

/**
 * The comparison of `a` and `b` within each level of a column, and the difference once the
 * column is held fixed (direct standardisation, weights = the level's rows in both groups).
 */
export function stratify(rows: readonly LevelStats[], a: string, b: string): Stratified | null {
  const byLevel = new Map<string, { a?: LevelStats; b?: LevelStats }>();
  for (const r of rows) {
    if (r.group !== a && r.group !== b) continue;
    const entry = byLevel.get(r.level) ?? {};
    if (r.group === a) entry.a = r;
    else entry.b = r;
    byLevel.set(r.level, entry);
  }
  let weight = 0;
  let sum = 0;
  let levels = 0;
  let levelsAbove = 0;
  for (const { a: x, b: y } of byLevel.values()) {
    if (!x || !y) continue;
    const w = x.n + y.n;
    levels += 1;
    if (x.mean > y.mean) levelsAbove += 1;
    weight += w;
    sum += w * (x.mean - y.mean);
  }
  return levels < 2 ? null : { levels, levelsAbove, adjusted: sum / weight };
}

/**
 * Whether the comparison turns round once the column is held fixed: the adjusted difference has
 * the other sign, and is not a rounding of zero next to the overall one.
 */
export function reverses(overall: number, within: Stratified): boolean {
  if (overall === 0 || within.adjusted === 0) return false;
  return (
    Math.sign(overall) !== Math.sign(within.adjusted) &&
    Math.abs(within.adjusted) >= Math.abs(overall) * 0.01
  );
}
