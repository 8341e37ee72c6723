/**
 * validate_finding's arithmetic against reference values: Student's t quantiles and Welch's
 * interval as scipy computes them, Agresti and Caffo's interval from its formula, and the
 * reversal of a comparison once a column is held fixed.
 */
import { describe, expect, it } from 'vitest';
import {
  proportions,
  reverses,
  stratify,
  t95,
  welch,
} from '../../src/core/validation/statistics.ts';

describe('the statistics of a check', () => {
  it("gives Student's t quantiles to three decimals, and a wider one below 3 degrees", () => {
    // scipy.stats.t.ppf(0.975, df)
    const reference: Array<[number, number]> = [
      [3, 3.1824],
      [4.5, 2.6589],
      [10, 2.2281],
      [24.3224, 2.0625],
      [100, 1.984],
      [5000, 1.9604],
    ];
    for (const [df, t] of reference) expect(t95(df)).toBeCloseTo(t, 2);
    expect(t95(1.5)).toBeCloseTo(12.706, 3);
    expect(t95(2.5)).toBeGreaterThan(3.5747);
  });

  it("gives Welch's interval for a difference of means", () => {
    // scipy.stats.ttest_ind(equal_var=False).confidence_interval(): 1.0075 to 4.9925
    const diff = welch(
      { group: 'a', n: 12, mean: 20, variance: 4 },
      { group: 'b', n: 15, mean: 17, variance: 9 },
    )!;
    expect(diff.estimate).toBe(3);
    expect(diff.low).toBeCloseTo(1.0075, 3);
    expect(diff.high).toBeCloseTo(4.9925, 3);
    expect(
      welch({ group: 'a', n: 1, mean: 1, variance: 0 }, { group: 'b', n: 9, mean: 0, variance: 1 }),
    ).toBeNull();
  });

  it("gives Agresti and Caffo's interval for shares, kept within ±1", () => {
    // 3 of 10 against 1 of 12: (4/12 − 2/14) ± 1.96 × se of the adjusted shares.
    const diff = proportions(
      { group: 'a', n: 10, mean: 0.3, variance: 0 },
      { group: 'b', n: 12, mean: 1 / 12, variance: 0 },
    )!;
    expect(diff.estimate).toBeCloseTo(0.3 - 1 / 12, 10);
    expect(diff.low).toBeCloseTo(-0.13315, 4);
    expect(diff.high).toBeCloseTo(0.51411, 4);
    const extreme = proportions(
      { group: 'a', n: 5, mean: 1, variance: 0 },
      { group: 'b', n: 5, mean: 0, variance: 0 },
    )!;
    expect(extreme.high).toBe(1);
    expect(extreme.low).toBeGreaterThan(0);
    expect(extreme.low).toBeLessThan(0.7);
  });

  it('finds a reversal only when the adjusted difference turns round', () => {
    const level = (level: string, group: string, n: number, mean: number) => ({
      level,
      group,
      n,
      mean,
    });
    // Within both levels b is higher; overall a is higher because a sits in the easy level.
    const rows = [
      level('easy', 'a', 90, 0.8),
      level('easy', 'b', 10, 0.9),
      level('hard', 'a', 10, 0.1),
      level('hard', 'b', 90, 0.2),
    ];
    const within = stratify(rows, 'a', 'b')!;
    expect(within).toEqual({ levels: 2, levelsAbove: 0, adjusted: expect.closeTo(-0.1, 10) });
    expect(reverses(0.73 - 0.27, within)).toBe(true);
    expect(reverses(-0.2, within)).toBe(false);
    expect(stratify([level('x', 'a', 5, 1), level('x', 'b', 5, 0)], 'a', 'b')).toBeNull();
  });
});
