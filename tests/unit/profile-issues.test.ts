import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../src/core/data/engine.ts';
import {
  type ColumnStats,
  type Row,
  columnIssues,
  fences,
  outlierSql,
  profileTable,
  statsSql,
  typicalValuesSql,
} from '../../src/core/sql/profile.ts';

/** Stats of a clean column of `rows` rows: no nulls, a few distinct values. */
const stats = (rows: number, over: Partial<ColumnStats> = {}): ColumnStats => ({
  nonNull: rows,
  unique: Math.min(rows, 7),
  min: '1',
  max: '9',
  ...over,
});

describe('columnIssues', () => {
  it('reports nothing for a clean column', () => {
    expect(columnIssues('DOUBLE', 100, stats(100, { q1: 2, q3: 8, outliers: 0 }))).toEqual([]);
    expect(columnIssues('VARCHAR', 100, stats(100, { numericText: 0 }))).toEqual([]);
  });

  it('reports nothing for an empty table', () => {
    expect(columnIssues('VARCHAR', 0, { nonNull: 0, unique: 0, min: null, max: null })).toEqual([]);
  });

  it('reports only that all values are missing for an all-NULL column', () => {
    expect(
      columnIssues('VARCHAR', 50, { nonNull: 0, unique: 0, min: null, max: null, numericText: 0 }),
    ).toEqual(['All values are missing']);
  });

  describe('high null rate', () => {
    it('is reported above 20% missing, with the rounded share', () => {
      expect(columnIssues('INTEGER', 100, stats(75))).toEqual(['High null rate: 25% missing']);
      expect(columnIssues('INTEGER', 3, stats(1, { unique: 1 }))).toContain(
        'High null rate: 67% missing',
      );
    });

    it('is reported at exactly 20% missing', () => {
      // 1 - 80/100 is 0.19999999999999996 in floating point: the rate must be computed exactly.
      expect(columnIssues('INTEGER', 100, stats(80))).toEqual(['High null rate: 20% missing']);
      expect(columnIssues('INTEGER', 5, stats(4))).toEqual(['High null rate: 20% missing']);
    });

    it('is not reported below 20% missing', () => {
      expect(columnIssues('INTEGER', 100, stats(81))).toEqual([]);
    });
  });

  describe('constant column', () => {
    it('is reported when every value is the same, naming the value', () => {
      expect(
        columnIssues(
          'VARCHAR',
          10,
          stats(10, { unique: 1, min: 'EUR', max: 'EUR', numericText: 0 }),
        ),
      ).toEqual(['Constant column: every value is EUR']);
    });

    it('is told by min and max, not by a distinct count that may be an estimate', () => {
      const estimated = stats(10, { unique: 2, min: '7', max: '7', estimated: true });
      expect(columnIssues('INTEGER', 10, estimated)).toEqual(['Constant column: every value is 7']);
      expect(columnIssues('INTEGER', 10, stats(10, { unique: 1, min: '1', max: '2' }))).toEqual([]);
    });

    it('is not reported for a table of one row', () => {
      expect(columnIssues('INTEGER', 1, stats(1, { unique: 1 }))).toEqual([]);
    });

    it('is reported alongside a high null rate', () => {
      expect(columnIssues('INTEGER', 10, stats(5, { unique: 1, min: '0', max: '0' }))).toEqual([
        'High null rate: 50% missing',
        'Constant column: every value is 0',
      ]);
    });
  });

  describe('numbers stored as text', () => {
    const text = (numericText: number) => columnIssues('VARCHAR', 100, stats(100, { numericText }));

    it('is reported for a text column where at least 90% parse as numbers', () => {
      expect(text(100)).toEqual(['Numbers stored as text: 100% parse as numbers']);
      expect(text(90)).toEqual(['Numbers stored as text: 90% parse as numbers']);
    });

    it('becomes mixed types between 20% and 90%', () => {
      expect(text(89)).toEqual(['Mixed types: 89% numbers, the rest text']);
      expect(text(20)).toEqual(['Mixed types: 20% numbers, the rest text']);
    });

    it('is not reported below 20%', () => {
      expect(text(19)).toEqual([]);
    });

    it('counts the share among non-null values, not all rows', () => {
      expect(columnIssues('VARCHAR', 100, stats(50, { numericText: 50 }))).toContain(
        'Numbers stored as text: 100% parse as numbers',
      );
    });

    it('is never reported for a column that already is numeric', () => {
      expect(columnIssues('DOUBLE', 100, stats(100, { numericText: 100 }))).toEqual([]);
    });
  });

  describe('mostly unique text', () => {
    it('is reported for text with at least 95% distinct values and 20 or more values', () => {
      expect(columnIssues('VARCHAR', 20, stats(20, { unique: 19, numericText: 0 }))).toEqual([
        'Mostly unique text: likely an identifier or free text',
      ]);
    });

    it('is not reported for text whose every value is distinct, counted: a key', () => {
      expect(columnIssues('VARCHAR', 20, stats(20, { unique: 20, numericText: 0 }))).toEqual([]);
      // An estimate of all distinct is still in doubt: the warning stands.
      const estimated = stats(1000, { unique: 1000, numericText: 0, estimated: true });
      expect(columnIssues('VARCHAR', 1000, estimated)).toHaveLength(1);
    });

    it('is not reported for fewer than 20 values', () => {
      expect(columnIssues('VARCHAR', 19, stats(19, { unique: 19, numericText: 0 }))).toEqual([]);
    });

    it('is not reported below 95% distinct', () => {
      expect(columnIssues('VARCHAR', 100, stats(100, { unique: 94, numericText: 0 }))).toEqual([]);
    });

    it('allows for the error of an estimated distinct count (85% and up)', () => {
      const estimated = (unique: number) =>
        columnIssues('VARCHAR', 1000, stats(1000, { unique, numericText: 0, estimated: true }));
      expect(estimated(880)).toEqual(['Mostly unique text: likely an identifier or free text']);
      expect(estimated(840)).toEqual([]);
    });

    it('is not reported for distinct numbers or dates', () => {
      expect(columnIssues('BIGINT', 100, stats(100, { unique: 100 }))).toEqual([]);
      expect(columnIssues('DATE', 100, stats(100, { unique: 100 }))).toEqual([]);
    });
  });

  describe('outliers', () => {
    const withOutliers = (rows: number, outliers: number) =>
      columnIssues('DOUBLE', rows, stats(rows, { q1: 1, q3: 2, outliers }));

    it('reports one far value as a suspicious outlier, under 1%', () => {
      expect(withOutliers(200, 1)).toEqual([
        'Suspicious outliers: 1 value (<1%) beyond 3× the interquartile range',
      ]);
    });

    it('reports a few far values with their share', () => {
      expect(withOutliers(100, 2)).toEqual([
        'Suspicious outliers: 2 values (2%) beyond 3× the interquartile range',
      ]);
      expect(withOutliers(100, 5)).toEqual([
        'Suspicious outliers: 5 values (5%) beyond 3× the interquartile range',
      ]);
    });

    it('calls more than 5% of far values a heavy tail instead', () => {
      expect(withOutliers(100, 6)).toEqual([
        'Heavy tail: 6% of values lie beyond 3× the interquartile range',
      ]);
    });

    it('reports nothing when no value lies beyond the fences', () => {
      expect(withOutliers(100, 0)).toEqual([]);
    });
  });

  it('fences lie three interquartile ranges beyond the quartiles', () => {
    expect(fences(10, 20)).toEqual([-20, 50]);
    expect(fences(-1, 1)).toEqual([-7, 7]);
  });
});

describe('profile SQL builders', () => {
  const columns: ResultColumn[] = [
    { name: 'amount', type: 'DECIMAL(10,2)' },
    { name: 'my "odd" col', type: 'VARCHAR' },
    { name: 'day', type: 'DATE' },
  ];

  it('quotes table and column names, doubling inner quotes', () => {
    const sql = statsSql('my table', columns, 0);
    expect(sql).toContain('FROM "my table"');
    expect(sql).toContain('count("my ""odd"" col") AS nn_1');
    expect(typicalValuesSql('my table', columns, 0)).toContain('GROUP BY "my ""odd"" col"');
    expect(outlierSql('t"x', [{ name: 'a"b', index: 4, lo: -1, hi: 1 }])).toContain(
      'CAST("a""b" AS DOUBLE)',
    );
  });

  it('asks for quartiles of numeric columns only and the numeric share of text only', () => {
    const sql = statsSql('t', columns, 0);
    expect(sql).toMatch(/quantile_cont\(CAST\("amount" AS DOUBLE\), \[0\.25, 0\.75\]\) AS qs_0/);
    expect(sql).toMatch(
      /count\(TRY_CAST\(CASE WHEN regexp_matches\("my ""odd"" col", '[^']+'\) THEN trim\("my ""odd"" col"\) END AS DOUBLE\)\) AS nt_1/,
    );
    expect(sql).not.toMatch(/qs_1|qs_2|nt_0|nt_2/);
  });

  it('numbers aliases from the chunk offset so chunks never clash', () => {
    expect(statsSql('t', columns, 64)).toMatch(/nn_64.*nn_65.*nn_66/);
    expect(typicalValuesSql('t', columns.slice(0, 1), 64)).toContain('SELECT 64 AS i');
  });
});

describe('profileTable over a scripted run', () => {
  /** Answers each of the three passes with canned rows and records the SQL it saw. */
  function scripted(answer: (sql: string) => Row[]) {
    const seen: string[] = [];
    const run = async (sql: string) => {
      seen.push(sql);
      return answer(sql);
    };
    return { run, seen };
  }

  it('sorts typical values by count, most common first, whatever order the rows came in', async () => {
    const { run } = scripted((sql) =>
      sql.includes('UNION') || sql.includes('AS i,')
        ? [
            { i: 0, v: 'b', n: 2 },
            { i: 0, v: 'c', n: 9 },
            { i: 0, v: 'a', n: 2 },
            { i: 0, v: 'd', n: 5 },
          ]
        : [{ nn_0: 18, u_0: 4, mn_0: 'a', mx_0: 'd', nt_0: 0 }],
    );
    const profile = await profileTable(run, 't', [{ name: 'x', type: 'VARCHAR' }], 18);
    expect(profile.columns[0]?.typicalValues).toEqual([
      { value: 'c', count: 9 },
      { value: 'd', count: 5 },
      { value: 'a', count: 2 },
      { value: 'b', count: 2 },
    ]);
  });

  it('runs no outlier pass when no numeric column has spread', async () => {
    const { run, seen } = scripted((sql) =>
      sql.startsWith('SELECT count(')
        ? [
            {
              nn_0: 5,
              u_0: 1,
              mn_0: '3',
              mx_0: '3',
              qs_0: [3, 3],
              nn_1: 5,
              u_1: 2,
              mn_1: 'a',
              mx_1: 'b',
              nt_1: 0,
            },
          ]
        : [],
    );
    const profile = await profileTable(
      run,
      't',
      [
        { name: 'n', type: 'INTEGER' },
        { name: 's', type: 'VARCHAR' },
      ],
      5,
    );
    expect(seen.some((sql) => sql.includes('FILTER'))).toBe(false);
    expect(profile.columns[0]?.issues).toEqual(['Constant column: every value is 3']);
  });

  it('reports the time taken by the clock it is given', async () => {
    let t = 1000;
    const { run } = scripted(() => {
      t += 10;
      return [];
    });
    const profile = await profileTable(run, 't', [{ name: 'x', type: 'VARCHAR' }], 0, () => t);
    expect(profile.durationMs).toBe(20);
    expect(profile.columns[0]).toMatchObject({ nonNullCount: 0, issues: [], typicalValues: [] });
  });
});
