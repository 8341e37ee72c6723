/**
 * The column profile's compact row (issue 33): an issue's chip is the words before its colon,
 * and the picture of a column is a histogram, the shares of its common values, or words where
 * its top values are each counted about once (ids, timestamps, free text).
 */
import { describe, expect, it } from 'vitest';
import type { ColumnProfile } from '../../src/core/data/engine.ts';
import { columnIssues } from '../../src/core/sql/profile.ts';
import { pictureOf } from '../../src/components/profile/column-picture.ts';
import { issueLabel } from '../../src/components/profile/issue-label.ts';

describe('issueLabel', () => {
  it('keeps the words before the colon', () => {
    expect(issueLabel('High null rate: 34% missing')).toBe('High null rate');
    expect(issueLabel('Mostly unique text: likely an identifier or free text')).toBe(
      'Mostly unique text',
    );
    expect(issueLabel('Heavy tail: 13% of values lie beyond 3× the interquartile range')).toBe(
      'Heavy tail',
    );
    expect(issueLabel('Constant column: every value is a: b')).toBe('Constant column');
  });

  it('keeps a sentence with no colon whole, and never returns nothing', () => {
    expect(issueLabel('All values are missing')).toBe('All values are missing');
    expect(issueLabel(': odd')).toBe(': odd');
  });

  it('gives each issue the profile writes a short label', () => {
    const issues = [
      ...columnIssues('VARCHAR', 100, { nonNull: 50, unique: 49, min: 'a', max: 'z' }),
      ...columnIssues('VARCHAR', 100, {
        nonNull: 100,
        unique: 3,
        min: '1',
        max: '9',
        numericText: 100,
      }),
      ...columnIssues('VARCHAR', 100, { nonNull: 100, unique: 1, min: 'x', max: 'x' }),
      ...columnIssues('DOUBLE', 100, { nonNull: 100, unique: 90, min: '0', max: '9', outliers: 2 }),
      ...columnIssues('DOUBLE', 100, { nonNull: 0, unique: 0, min: null, max: null }),
    ];
    expect(issues.map(issueLabel)).toEqual([
      'High null rate',
      'Mostly unique text',
      'Numbers stored as text',
      'Constant column',
      'Suspicious outliers',
      'All values are missing',
    ]);
  });
});

const base: ColumnProfile = {
  column: 'c',
  type: 'VARCHAR',
  nonNullCount: 100,
  uniqueCount: 100,
  min: 'a',
  max: 'z',
  typicalValues: [],
  issues: [],
};
const once = (n: number) => Array.from({ length: n }, (_, k) => ({ value: `v${k}`, count: 1 }));

describe('pictureOf', () => {
  it('draws the histogram where the profile counted one', () => {
    const bins = [1, 2, 3];
    expect(pictureOf({ ...base, type: 'DOUBLE', histogram: bins })).toEqual({
      kind: 'histogram',
      bins,
    });
  });

  it('says "all distinct" of an identifier rather than listing values counted once', () => {
    expect(pictureOf({ ...base, typicalValues: once(5) })).toEqual({
      kind: 'words',
      text: 'all distinct',
    });
    // Estimated, or counted in a sample: "nearly", for no count says all.
    expect(
      pictureOf({ ...base, uniqueApprox: true, typicalSample: 1000, typicalValues: once(5) }),
    ).toEqual({ kind: 'words', text: 'nearly all distinct' });
  });

  it('draws the shares of a few categories, most common first', () => {
    const picture = pictureOf({
      ...base,
      uniqueCount: 3,
      typicalValues: [
        { value: 'sun', count: 50 },
        { value: 'rain', count: 30 },
        { value: 'fog', count: 20 },
      ],
    });
    expect(picture).toEqual({
      kind: 'shares',
      values: [
        { value: 'sun', share: 0.5 },
        { value: 'rain', share: 0.3 },
        { value: 'fog', share: 0.2 },
      ],
      rest: 0,
    });
  });

  it('names no common value where the top one holds under 5% of many', () => {
    const values = [2, 2, 2, 1, 1].map((count, k) => ({ value: `w${k}`, count }));
    expect(pictureOf({ ...base, uniqueCount: 90, typicalValues: values })).toEqual({
      kind: 'words',
      text: 'no common value',
    });
  });

  it('says all missing of a column with no value', () => {
    expect(pictureOf({ ...base, nonNullCount: 0, uniqueCount: 0, min: null, max: null })).toEqual({
      kind: 'words',
      text: 'all missing',
    });
  });
});
