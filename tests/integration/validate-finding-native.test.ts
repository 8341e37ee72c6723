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

const validate = (query: string, groupBy?: string, more: { higher?: string; unit?: string } = {}) =>
  validateFinding(
    {
      query,
      ...(groupBy ? { groupBy } : {}),
      ...more,
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
      text: '3 rows behind the finding, 2% of the 200 rows of sales.',
      verdict: 'weak',
    });
  });

  it('lets a clear difference on hundreds of rows hold', async () => {
    const result = await validate('SELECT score AS value, arm AS grp, site FROM trials');
    expect(result.verdict).toBe('holds');
    const comparison = result.checks.find((c) => c.label === 'Comparison')!;
    expect(comparison.text).toBe(
      'new 35 vs old 29, from 300 and 300 rows: the difference is 6.00, 95% CI 5.49 to 6.51.',
    );
    expect(result.checks.find((c) => c.label === 'Within site')).toMatchObject({
      verdict: 'holds',
    });
  });

  it('says each figure in the unit it is given', async () => {
    const result = await validate('SELECT score AS value, arm AS grp FROM trials', undefined, {
      higher: 'new',
      unit: 'mm',
    });
    expect(result.checks.find((c) => c.label === 'Spread')!.text).toMatch(/^Mean 32 mm, median /);
    expect(result.checks.find((c) => c.label === 'Comparison')!.text).toBe(
      'new 35 mm vs old 29 mm, from 300 and 300 rows: the difference is 6.00 mm, 95% CI 5.49 to 6.51 mm.',
    );
  });

  it('contradicts a finding that names the lower group as the higher one', async () => {
    const trials = await validate('SELECT score AS value, arm AS grp FROM trials', undefined, {
      higher: 'old',
    });
    expect(trials.verdict).toBe('contradicted');
    expect(trials.checks.find((c) => c.label === 'Comparison')).toEqual({
      label: 'Comparison',
      text: 'old 29 vs new 35, from 300 and 300 rows: the difference is -6.00, 95% CI -6.51 to -5.49: new is higher, the opposite of the finding.',
      verdict: 'contradicted',
    });
    // "Women were admitted more often" is contradicted by the overall rates.
    const women = await validate(
      'SELECT admitted AS value, gender AS grp FROM applicants',
      undefined,
      {
        higher: 'women',
      },
    );
    expect(women.checks.find((c) => c.label === 'Comparison')!.text).toBe(
      'women 30.4% vs men 44.5%, from 1,835 and 2,691 rows: the difference is -14.2 points, 95% CI -17.0 to -11.3 points: men is higher, the opposite of the finding.',
    );
    expect(women.verdict).toBe('contradicted');
    // Claimed the right way round, the overall gap holds by itself; it is the departments that
    // turn it round.
    const men = await validate(
      'SELECT admitted AS value, gender AS grp, dept FROM applicants',
      'dept',
      {
        higher: 'men',
      },
    );
    expect(men.checks.map((c) => [c.label, c.verdict])).toEqual([
      ['Rows', 'holds'],
      ['Comparison', 'holds'],
      ['Within dept', 'contradicted'],
    ]);
  });

  it('compares the group named higher with the highest of the others', async () => {
    const query =
      "SELECT score AS value, CASE WHEN arm = 'new' THEN 'new' ELSE site END AS grp FROM trials";
    const named = await validate(query, undefined, { higher: 'new' });
    expect(named.checks.find((c) => c.label === 'Comparison')!.text).toMatch(
      // The old arm by site: south 29.04, north 29.00, west 28.96.
      /^new 35 vs south 29 \(against the highest of the other 3 groups\), from 300 and 100 rows: /,
    );
    expect(named.verdict).toBe('holds');
    const unnamed = await validate(query);
    expect(unnamed.checks.find((c) => c.label === 'Comparison')!.text).toMatch(
      /^new 35 vs west 29 \(highest and lowest of 4 groups\), from 300 and 100 rows: /,
    );
  });

  it('calls a gap weak when one group is small, with an interval that does not collapse', async () => {
    // 200 rows all 1 against 3 rows all 0: a plain (Wald) interval would be the single point 100.
    const result = await validate(
      "SELECT 1 AS value, 'big' AS grp FROM range(200) UNION ALL SELECT 0, 'small' FROM range(3)",
    );
    const comparison = result.checks.find((c) => c.label === 'Comparison')!;
    expect(comparison.text).toMatch(
      /^big 100\.0% vs small 0\.0%, from 200 and 3 rows: the difference is 100\.0 points, 95% CI .*, but small has only 3 rows\.$/,
    );
    // Agresti and Caffo's interval: wide, and kept within 100 points.
    expect(comparison.text).toContain('95% CI 44.4 to 100.0 points');
    expect(comparison.verdict).toBe('weak');
    expect(result.verdict).toBe('weak');
  });

  it('says when there is nothing to compare or hold fixed', async () => {
    const one = await validate("SELECT score AS value, 'all' AS grp FROM trials");
    expect(one.checks.at(-1)).toEqual({
      label: 'Comparison',
      text: 'Only one group (all) has a value: there is nothing to compare.',
      verdict: 'weak',
    });
    // Each site holds one arm only: the arms cannot be told apart from the sites.
    const confounded = await validate(
      "SELECT score AS value, arm AS grp, CASE WHEN arm = 'new' THEN 'north' ELSE 'south' END AS site FROM trials",
      'site',
    );
    expect(confounded.checks.at(-1)).toEqual({
      label: 'Within site',
      text: 'new and old share fewer than two levels of site: the comparison cannot be told apart from it.',
      verdict: 'weak',
    });
    expect(confounded.verdict).toBe('weak');
  });

  it('explains a query it cannot use', async () => {
    expect(await validate('SELECT amount FROM sales')).toEqual({
      error: 'The query must return the measure as a column named "value" (it returned amount).',
    });
    expect(await validate('SELECT amount AS value FROM sales WHERE false')).toEqual({
      error: 'The query returned no rows: the finding rests on nothing.',
    });
    expect(await validate('SELECT amount AS value, id FROM sales', 'id')).toEqual({
      error:
        'group_by and higher are for a comparison: return each row\'s group as a column named "grp".',
    });
    expect(
      await validate('SELECT score AS value, arm AS grp FROM trials', undefined, { higher: 'NEW' }),
    ).toEqual({
      error: 'higher must be one of the groups in grp; "NEW" is not (there are "new", "old").',
    });
  });
});
