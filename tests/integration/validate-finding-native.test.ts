/**
 * validate_finding's SQL and verdicts on real DuckDB (native, as a reference engine) with data
 * built for each case: the 1973 Berkeley admissions, whose overall gap between men and women
 * reverses within departments; a mean that one outlier makes; a finding on three rows; and a
 * clear difference on hundreds of rows that holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateFinding, type Validation } from '../../src/core/validation/validate.ts';
import { openNativeDuckDB, type NativeDuckDB } from '../helpers/native-duckdb.ts';

let db: NativeDuckDB;

// Applicants and admissions by department (Bickel, Hammel and O'Connell, Science 1975).
const BERKELEY: Array<[string, number, number, number, number]> = [
  ['A', 825, 512, 108, 89],
  ['B', 560, 353, 25, 17],
  ['C', 325, 120, 593, 202],
  ['D', 417, 138, 375, 131],
  ['E', 191, 53, 393, 94],
  ['F', 373, 22, 341, 24],
];

beforeAll(async () => {
  db = await openNativeDuckDB();
  const counts = BERKELEY.flatMap(([dept, men, menIn, women, womenIn]) => [
    `('${dept}', 'men', ${men}, ${menIn})`,
    `('${dept}', 'women', ${women}, ${womenIn})`,
  ]).join(', ');
  await db.run(
    `CREATE TABLE applicants AS SELECT dept, gender, (i < admitted)::INTEGER AS admitted
     FROM (VALUES ${counts}) c(dept, gender, applied, admitted), range(applied) r(i)`,
  );
  await db.run(
    `CREATE TABLE sales AS SELECT i AS id, CASE WHEN i = 0 THEN 100000 ELSE 20 + i % 7 END AS amount
     FROM range(200) r(i)`,
  );
  await db.run(
    `CREATE TABLE trials AS SELECT i AS id, CASE WHEN i % 2 = 0 THEN 'new' ELSE 'old' END AS arm,
       CASE WHEN i % 2 = 0 THEN 30 + (i * 7919) % 11 ELSE 24 + (i * 104729) % 11 END AS score,
       CASE WHEN i % 3 = 0 THEN 'north' WHEN i % 3 = 1 THEN 'south' ELSE 'west' END AS site
     FROM range(600) r(i)`,
  );
});

afterAll(() => db.close());

const validate = (query: string, groupBy?: string) =>
  validateFinding(
    {
      query,
      ...(groupBy ? { groupBy } : {}),
      tables: [
        { name: 'applicants', rows: 4526 },
        { name: 'sales', rows: 200 },
        { name: 'trials', rows: 600 },
      ],
    },
    db.run,
  ) as Promise<Validation>;

describe('validate_finding on DuckDB', () => {
  it("finds Simpson's reversal in the Berkeley admissions: contradicted", async () => {
    const result = await validate('SELECT admitted AS value, gender AS grp, dept FROM applicants');
    expect(result.verdict).toBe('contradicted');
    const comparison = result.checks.find((c) => c.label === 'Comparison')!;
    // 44.5 % of men and 30.4 % of women were admitted overall: a real, significant gap.
    expect(comparison.text).toContain('men 44.5% vs women 30.4%');
    expect(comparison.verdict).toBe('holds');
    const within = result.checks.find((c) => c.label === 'Within dept')!;
    expect(within.verdict).toBe('contradicted');
    expect(within.text).toContain('men is higher in 2 of 6 levels of dept');
    expect(within.text).toMatch(/held fixed the difference is -\d\.\d points: it reverses/);
  });

  it('holds fixed the column it is given, and says when the query has no such column', async () => {
    const query = 'SELECT admitted AS value, gender AS grp, dept FROM applicants';
    const given = await validate(query, 'dept');
    expect(given.checks.filter((c) => c.label.startsWith('Within')).map((c) => c.label)).toEqual([
      'Within dept',
    ]);
    expect(given.verdict).toBe('contradicted');
    const missing = await validate(query, 'faculty');
    expect(missing.checks.at(-1)).toEqual({
      label: 'Within faculty',
      text: 'The query has no column "faculty" to hold fixed.',
      verdict: 'weak',
    });
    expect(missing.verdict).toBe('weak');
  });

  it('calls a mean made by one outlier weak', async () => {
    const result = await validate('SELECT amount AS value FROM sales');
    expect(result.verdict).toBe('weak');
    const spread = result.checks.find((c) => c.label === 'Spread')!;
    expect(spread.text).toContain('median 23');
    expect(spread.text).toContain(
      'the top 1% of rows (2) hold 96% of the total: a few rows drive it',
    );
  });

  it('calls a finding on three rows weak, and says what share of the table it is', async () => {
    const result = await validate('SELECT amount AS value FROM sales WHERE id BETWEEN 1 AND 3');
    expect(result.verdict).toBe('weak');
    expect(result.checks[0]).toEqual({
      label: 'Rows',
      text: "3 rows behind the finding, 2% of sales's 200.",
      verdict: 'weak',
    });
  });

  it('lets a clear difference on hundreds of rows hold', async () => {
    const result = await validate('SELECT score AS value, arm AS grp, site FROM trials');
    expect(result.verdict).toBe('holds');
    const comparison = result.checks.find((c) => c.label === 'Comparison')!;
    expect(comparison.text).toMatch(
      /^new 35 vs old 29, from 300 and 300 rows: difference 6, 95% CI 5\.\d+ to 6\.\d+\.$/,
    );
    expect(result.checks.find((c) => c.label === 'Within site')).toMatchObject({
      verdict: 'holds',
    });
  });

  it('explains a query it cannot use', async () => {
    expect(await validate('SELECT amount FROM sales')).toEqual({
      error: 'The query must return the measure as a column named "value" (it returned amount).',
    });
    expect(await validate('SELECT amount AS value FROM sales WHERE false')).toEqual({
      error: 'The query returned no rows: the finding rests on nothing.',
    });
  });
});
