/**
 * An estimated profile says it is one, to the model and on the page: "≈" before a distinct count
 * that HyperLogLog estimated, and where typical values were counted in a sample.
 */
import { describe, expect, it } from 'vitest';
import type { ColumnProfile } from '../../src/core/data/engine.ts';
import { describeColumn } from '../../src/core/tools/profile-columns.ts';
import { formatEstimate } from '../../src/components/format.ts';

const exact: ColumnProfile = {
  column: 'region',
  type: 'VARCHAR',
  nonNullCount: 1_760_000,
  uniqueCount: 3,
  min: 'east',
  max: 'south',
  typicalValues: [{ value: 'north', count: 1_056_000 }],
  issues: [],
};

describe('what the model is told of a column', () => {
  it('gives exact counts as they are', () => {
    const text = describeColumn(exact, 1_760_000);
    expect(text).toContain('unique 3 |');
    expect(text).toContain('typical: "north" (1,056,000)');
    expect(text).not.toMatch(/≈|sample|estimated/);
  });

  it('marks an estimated distinct count and typical values counted in a sample', () => {
    const text = describeColumn(
      {
        ...exact,
        column: 'order_code',
        uniqueCount: 1_712_345,
        uniqueApprox: true,
        typicalSample: 100_000,
        typicalValues: [{ value: 'ORD-1', count: 1 }],
      },
      1_760_000,
    );
    expect(text).toContain('unique ≈1,712,345 (estimated)');
    expect(text).toContain('typical (counted in a sample of 100,000 rows): "ORD-1" (1)');
  });
});

describe('formatEstimate', () => {
  it('keeps the two significant digits an estimate deserves', () => {
    expect(formatEstimate(1_866_926)).toBe('≈1,900,000');
    expect(formatEstimate(276_918)).toBe('≈280,000');
    expect(formatEstimate(12_345)).toBe('≈12,000');
    expect(formatEstimate(42)).toBe('≈42');
  });
});
