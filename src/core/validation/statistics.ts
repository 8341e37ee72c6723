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

/** Two-sided 95 % quantiles of Student's t by degrees of freedom (1.96 beyond the table). */
const T95: Array<[number, number]> = [
  [1, 12.71],
  [2, 4.3],
  [3, 3.18],
  [4, 2.78],
  [5, 2.57],
  [6, 2.45],
  [8, 2.31],
  [10, 2.23],
  [15, 2.13],
  [20, 2.09],
  [30, 2.04],
  [60, 2.0],
  [120, 1.98],
];

/** The 95 % t quantile for `df` degrees of freedom, taking the next smaller tabulated df. */
export function t95(df: number): number {
  let t = 12.71;
  for (const [d, q] of T95) if (df >= d) t = q;
  return df > 120 ? 1.96 : t;
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
    low: Math.max(-1, centre - 1.96 * se),
    high: Math.min(1, centre + 1.96 * se),
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
