/**
 * The profile's real SQL on a real DuckDB (native build, same SQL dialect as the WASM engine):
 * its numbers must match independent queries, and its issues must name what is wrong with a
 * column, and nothing on clean ones.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ColumnProfile, TableProfile } from '../../src/core/data/engine.ts';
import {
  EXACT_ROWS,
  HISTOGRAM_BINS,
  SAMPLE_ROWS,
  TYPICAL_VALUES,
  profileTable,
} from '../../src/core/sql/profile.ts';
import { quoteIdent, quoteLiteral } from '../../src/core/sql/sql-text.ts';
import { type NativeDuckDB, openNativeDuckDB } from '../helpers/native-duckdb.ts';

const WEATHER_CSV = fileURLToPath(new URL('../../public/data/weather.csv', import.meta.url));

let db: NativeDuckDB;

beforeAll(async () => {
  db = await openNativeDuckDB();
});

afterAll(() => db?.close());

async function profileOf(table: string): Promise<TableProfile> {
  return profileTable(db.run, table, await db.describe(table), await db.count(table));
}

function column(profile: TableProfile, name: string): ColumnProfile {
  const found = profile.columns.find((c) => c.column === name);
  if (!found) throw new Error(`no column ${name} in the profile`);
  return found;
}

/** Every non-null value of a column as text, with how often it occurs: an independent count. */
async function frequencies(table: string, name: string): Promise<Map<string, number>> {
  const c = quoteIdent(name);
  const rows = await db.run(
    `SELECT CAST(${c} AS VARCHAR) AS v, count(*) AS n FROM ${quoteIdent(table)} WHERE ${c} IS NOT NULL GROUP BY ALL`,
  );
  return new Map(rows.map((r) => [String(r.v), Number(r.n)]));
}

/**
 * A histogram counted in plain JS from the column's values, read as numbers here (a date by
 * Date.parse): HISTOGRAM_BINS equal-width bins from the least value to the greatest, the
 * greatest in the last bin.
 */
async function expectedHistogram(table: string, name: string, date = false): Promise<number[]> {
  const q = quoteIdent(name);
  const rows = await db.run(
    `SELECT CAST(${q} AS VARCHAR) AS v FROM ${quoteIdent(table)} WHERE ${q} IS NOT NULL`,
  );
  const xs = rows.map((r) => (date ? Date.parse(`${String(r.v)}Z`) / 1000 : Number(r.v)));
  const lo = xs.reduce((a, b) => Math.min(a, b));
  const hi = xs.reduce((a, b) => Math.max(a, b));
  const width = (hi - lo) / HISTOGRAM_BINS;
  const bins = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (const x of xs) {
    const k = Math.min(Math.max(Math.floor((x - lo) / width), 0), HISTOGRAM_BINS - 1);
    bins[k] = (bins[k] ?? 0) + 1;
  }
  return bins;
}

/** The typical values are true counts, most common first, and no more common value is missing. */
async function expectTrueTopValues(table: string, profiled: ColumnProfile): Promise<void> {
  const truth = await frequencies(table, profiled.column);
  const top = [...truth.values()].sort((a, b) => b - a).slice(0, TYPICAL_VALUES);
  const shown = profiled.typicalValues;
  expect(
    shown.map((t) => t.count),
    profiled.column,
  ).toEqual(top);
  for (const { value, count } of shown) expect(truth.get(String(value)), String(value)).toBe(count);
  expect(new Set(shown.map((t) => t.value)).size).toBe(shown.length);
}

describe('profile of the bundled weather.csv', () => {
  let profile: TableProfile;

  beforeAll(async () => {
    await db.run(`CREATE TABLE weather AS SELECT * FROM read_csv(${quoteLiteral(WEATHER_CSV)})`);
    profile = await profileOf('weather');
  });

  it('covers every column of the table, in order, with its DuckDB type', async () => {
    expect(profile.rows).toBe(2922);
    expect(profile.columns.map((c) => [c.column, c.type])).toEqual([
      ['location', 'VARCHAR'],
      ['date', 'DATE'],
      ['precipitation', 'DOUBLE'],
      ['temp_max', 'DOUBLE'],
      ['temp_min', 'DOUBLE'],
      ['wind', 'DOUBLE'],
      ['weather', 'VARCHAR'],
    ]);
  });

  it('counts non-null and distinct values exactly as DuckDB does', async () => {
    for (const c of profile.columns) {
      const q = quoteIdent(c.column);
      const [truth] = await db.run(
        `SELECT count(${q}) AS nn, count(DISTINCT ${q}) AS u FROM weather`,
      );
      expect([c.nonNullCount, c.uniqueCount], c.column).toEqual([truth?.nn, truth?.u]);
    }
  });

  it('gives each column its true minimum and maximum', async () => {
    for (const c of profile.columns) {
      const q = quoteIdent(c.column);
      const [truth] = await db.run(
        `SELECT CAST(min(${q}) AS VARCHAR) AS mn, CAST(max(${q}) AS VARCHAR) AS mx FROM weather`,
      );
      expect([c.min, c.max], c.column).toEqual([truth?.mn, truth?.mx]);
    }
    expect(column(profile, 'date')).toMatchObject({ min: '2012-01-01', max: '2015-12-31' });
    expect(column(profile, 'temp_min')).toMatchObject({ min: '-16.0', max: '26.7' });
  });

  it('lists the truly most common values of every column, most common first', async () => {
    for (const c of profile.columns) await expectTrueTopValues('weather', c);
    expect(column(profile, 'weather').typicalValues).toEqual([
      { value: 'sun', count: 1466 },
      { value: 'rain', count: 1087 },
      { value: 'fog', count: 139 },
      { value: 'snow', count: 119 },
      { value: 'drizzle', count: 111 },
    ]);
    expect(column(profile, 'location').typicalValues).toEqual([
      { value: 'New York', count: 1461 },
      { value: 'Seattle', count: 1461 },
    ]);
  });

  it('draws each numeric and date column as a histogram of all its values', async () => {
    for (const name of ['precipitation', 'temp_max', 'temp_min', 'wind'])
      expect(column(profile, name).histogram, name).toEqual(
        await expectedHistogram('weather', name),
      );
    const date = column(profile, 'date');
    expect(date.histogram).toEqual(await expectedHistogram('weather', 'date', true));
    expect(date.histogram?.reduce((a, b) => a + b)).toBe(2922);
    // Most days are dry: the first bin holds most of the precipitation.
    expect(column(profile, 'precipitation').histogram?.[0]).toBeGreaterThan(1500);
    for (const name of ['location', 'weather'])
      expect(column(profile, name).histogram, name).toBeUndefined();
  });

  it('flags the long tail of rainy days and the few gales, and nothing else', () => {
    // Independently: precipitation has 374 of 2922 values beyond 3×IQR (q1 0, q3 1.8);
    // wind has 5 (q1 2.7, q3 5.1); the temperatures have none.
    const issues = Object.fromEntries(profile.columns.map((c) => [c.column, c.issues]));
    expect(issues).toEqual({
      location: [],
      date: [],
      precipitation: ['Heavy tail: 13% of values lie beyond 3× the interquartile range'],
      temp_max: [],
      temp_min: [],
      wind: ['Suspicious outliers: 5 values (<1%) beyond 3× the interquartile range'],
      weather: [],
    });
  });
});

describe('profile of a table crafted to show every issue', () => {
  const TABLE = 'crafted data';
  const ODD = 'my "odd" col';
  let profile: TableProfile;

  beforeAll(async () => {
    await db.run(`
      CREATE TABLE ${quoteIdent(TABLE)} AS
      SELECT
        'id-' || lpad(CAST(i AS VARCHAR), 3, '0') AS order_id,
        CAST(CASE WHEN i % 4 = 0 THEN NULL ELSE i END AS INTEGER) AS sparse,
        'EUR' AS currency,
        CAST((i % 10) * 1.5 AS VARCHAR) AS amount_text,
        CASE WHEN i % 2 = 0 THEN CAST(i % 8 AS VARCHAR) ELSE ['red', 'green', 'blue'][i % 3 + 1] END AS mixed,
        CAST(CASE WHEN i = 17 THEN 1000 ELSE 10 + i % 10 END AS DOUBLE) AS with_outlier,
        CAST(CASE WHEN i % 10 = 0 THEN 10000 ELSE 10 + i % 10 END AS DOUBLE) AS heavy,
        CAST(NULL AS INTEGER) AS nothing,
        CAST(i % 4 + 1 AS INTEGER) AS ${quoteIdent(ODD)},
        CAST(20 + i % 7 + 0.5 AS DECIMAL(6, 2)) AS temperature,
        ['red', 'green', 'blue'][i % 3 + 1] AS colour
      FROM range(40) AS t(i)
    `);
    profile = await profileOf(TABLE);
  });

  it('names each problem on the column that has it, and none on clean columns', () => {
    const issues = Object.fromEntries(profile.columns.map((c) => [c.column, c.issues]));
    expect(issues).toEqual({
      // Every value distinct, counted: a key, not a problem (issue 45).
      order_id: [],
      sparse: ['High null rate: 25% missing'],
      currency: ['Constant column: every value is EUR'],
      amount_text: ['Numbers stored as text: 100% parse as numbers'],
      mixed: ['Mixed types: 50% numbers, the rest text'],
      with_outlier: ['Suspicious outliers: 1 value (3%) beyond 3× the interquartile range'],
      heavy: ['Heavy tail: 10% of values lie beyond 3× the interquartile range'],
      nothing: ['All values are missing'],
      [ODD]: [],
      temperature: [],
      colour: [],
    });
  });

  it('profiles a column whose name holds a space and a double quote', async () => {
    const odd = column(profile, ODD);
    expect(odd).toMatchObject({
      type: 'INTEGER',
      nonNullCount: 40,
      uniqueCount: 4,
      min: '1',
      max: '4',
    });
    expect(odd.typicalValues).toEqual([
      { value: '1', count: 10 },
      { value: '2', count: 10 },
      { value: '3', count: 10 },
      { value: '4', count: 10 },
    ]);
  });

  it('bins the non-null values of integer and decimal columns, and none of a constant one', async () => {
    for (const name of ['sparse', 'with_outlier', 'heavy', ODD, 'temperature']) {
      const c = column(profile, name);
      expect(c.histogram, name).toEqual(await expectedHistogram(TABLE, name));
      expect(
        c.histogram?.reduce((a, b) => a + b),
        name,
      ).toBe(c.nonNullCount);
    }
    // 30 of 40 rows are not null, and the 10 NULLs are in no bin.
    expect(column(profile, 'sparse').nonNullCount).toBe(30);
    expect(column(profile, 'nothing').histogram).toBeUndefined();
    expect(column(profile, 'order_id').histogram).toBeUndefined();
  });

  it('gives an all-NULL column no counts, no range and no typical values', () => {
    expect(column(profile, 'nothing')).toMatchObject({
      nonNullCount: 0,
      uniqueCount: 0,
      min: null,
      max: null,
      typicalValues: [],
    });
  });

  it('matches independent counts and top values for every column', async () => {
    for (const c of profile.columns) {
      const q = quoteIdent(c.column);
      const [truth] = await db.run(
        `SELECT count(${q}) AS nn, count(DISTINCT ${q}) AS u, CAST(min(${q}) AS VARCHAR) AS mn, CAST(max(${q}) AS VARCHAR) AS mx FROM ${quoteIdent(TABLE)}`,
      );
      expect([c.nonNullCount, c.uniqueCount, c.min, c.max], c.column).toEqual([
        truth?.nn,
        truth?.u,
        truth?.mn,
        truth?.mx,
      ]);
      await expectTrueTopValues(TABLE, c);
    }
  });
});

describe('profile edge cases', () => {
  it('profiles an empty table without issues', async () => {
    await db.run('CREATE TABLE empty_one (a INTEGER, b VARCHAR)');
    const profile = await profileOf('empty_one');
    expect(profile.rows).toBe(0);
    for (const c of profile.columns) {
      expect(c).toMatchObject({ nonNullCount: 0, uniqueCount: 0, typicalValues: [], issues: [] });
    }
  });

  it('keeps every column’s numbers its own in a table wider than one statement’s 64 columns', async () => {
    const columns = Array.from({ length: 70 }, (_, k) =>
      k === 66
        ? `CAST(CASE WHEN i = 0 THEN 100000 ELSE ${k} + i % 3 END AS INTEGER) AS c_${k}`
        : `CAST(${k} + i % 3 AS INTEGER) AS c_${k}`,
    );
    await db.run(`CREATE TABLE wide AS SELECT ${columns.join(', ')} FROM range(30) AS t(i)`);
    const profile = await profileOf('wide');
    expect(profile.columns).toHaveLength(70);
    profile.columns.forEach((c, k) => {
      expect(c.column).toBe(`c_${k}`);
      expect(c.min, c.column).toBe(String(k));
      expect(c.max, c.column).toBe(k === 66 ? '100000' : String(k + 2));
      expect(c.nonNullCount, c.column).toBe(30);
      expect(
        c.typicalValues.every((t) => Number(t.value) >= k),
        c.column,
      ).toBe(true);
      expect(c.issues, c.column).toEqual(
        k === 66 ? ['Suspicious outliers: 1 value (3%) beyond 3× the interquartile range'] : [],
      );
    });
  });

  it('still profiles a table whose numeric column is largely infinite', async () => {
    // DuckDB reads `inf` in a CSV as a DOUBLE infinity. With a quarter or more of them the upper
    // quartile is Infinity, so the outlier fence must not be written into SQL as `Infinity`.
    await db.run(`
      CREATE TABLE ratios AS
      SELECT i AS id, CASE WHEN i % 3 = 0 THEN 'inf'::DOUBLE ELSE i / 10 END AS ratio
      FROM range(30) AS t(i)
    `);
    const profile = await profileOf('ratios');
    expect(column(profile, 'ratio')).toMatchObject({ nonNullCount: 30, max: 'inf' });
    // No finite bins from 0 to infinity: no histogram rather than a wrong one.
    expect(column(profile, 'ratio').histogram).toBeUndefined();
    expect(column(profile, 'id')).toMatchObject({ nonNullCount: 30, uniqueCount: 30 });
  });
});

describe('profile of a large table', () => {
  const ROWS = EXACT_ROWS + 50_000;
  let profile: TableProfile;

  beforeAll(async () => {
    // An identifier, a code as text, a skewed category, a constant and a measure with a few
    // far values: what a real export of a quarter-million rows holds.
    await db.run(`
      CREATE TABLE big AS
      SELECT i AS id,
             'ORD-' || lpad(CAST(i AS VARCHAR), 7, '0') AS order_code,
             CASE WHEN i % 10 < 6 THEN 'north' WHEN i % 10 < 9 THEN 'south' ELSE 'east' END AS region,
             'EUR' AS currency,
             CASE WHEN i % 50_000 = 7 THEN 1e9 ELSE (i % 1000) / 10 END AS amount
      FROM range(${ROWS}) AS t(i)
    `);
    profile = await profileOf('big');
  });

  it('counts exactly the distinct values an estimate leaves in doubt: an identifier is all distinct', () => {
    for (const name of ['id', 'order_code']) {
      const c = column(profile, name);
      expect(c.uniqueApprox, name).toBeUndefined();
      expect(c.uniqueCount, name).toBe(ROWS);
    }
  });

  it('estimates the distinct counts of many-valued columns far from all distinct, and says so', async () => {
    await db.run(`CREATE TABLE halves AS SELECT i // 2 AS pair FROM range(${ROWS}) AS t(i)`);
    const c = column(await profileOf('halves'), 'pair');
    expect(c.uniqueApprox).toBe(true);
    expect(c.uniqueCount).toBeGreaterThan((ROWS / 2) * 0.9);
    expect(c.uniqueCount).toBeLessThan((ROWS / 2) * 1.1);
  });

  it('counts the distinct values of few-valued columns exactly', () => {
    expect(column(profile, 'region')).toMatchObject({ uniqueCount: 3 });
    expect(column(profile, 'currency')).toMatchObject({ uniqueCount: 1 });
    expect(column(profile, 'amount')).toMatchObject({ uniqueCount: 1001 });
    for (const name of ['region', 'currency', 'amount'])
      expect(column(profile, name).uniqueApprox, name).toBeUndefined();
  });

  it('counts the top values of many-valued columns in a sample, and of few-valued ones exactly', async () => {
    expect(column(profile, 'order_code').typicalSample).toBe(SAMPLE_ROWS);
    expect(column(profile, 'id').typicalSample).toBe(SAMPLE_ROWS);
    const region = column(profile, 'region');
    expect(region.typicalSample).toBeUndefined();
    await expectTrueTopValues('big', region);
    // Counted among the sampled rows: no value can be counted more often than the sample holds.
    const sampledCounts = column(profile, 'order_code').typicalValues.map((v) => v.count);
    expect(sampledCounts.every((n) => n >= 1 && n <= SAMPLE_ROWS)).toBe(true);
  });

  it('still finds the constant and the few far values, and takes no identifier for a problem', () => {
    expect(column(profile, 'order_code').issues).toEqual([]);
    expect(column(profile, 'currency').issues).toEqual(['Constant column: every value is EUR']);
    expect(column(profile, 'amount').issues.join(' ')).toMatch(/^Suspicious outliers: 5 values/);
  });

  it('counts the histogram of every row, not a sample', async () => {
    const amount = column(profile, 'amount');
    expect(amount.histogram).toEqual(await expectedHistogram('big', 'amount'));
    expect(amount.histogram?.reduce((a, b) => a + b)).toBe(ROWS);
    // The five far values (1e9) stand alone in the last bin.
    expect(amount.histogram?.at(-1)).toBe(5);
  });

  it('is exact on a table at or under the threshold', async () => {
    await db.run(`CREATE TABLE just_under AS SELECT * FROM big LIMIT ${EXACT_ROWS}`);
    const exact = await profileOf('just_under');
    for (const c of exact.columns) {
      expect(c.uniqueApprox, c.column).toBeUndefined();
      expect(c.typicalSample, c.column).toBeUndefined();
    }
    expect(column(exact, 'id').uniqueCount).toBe(EXACT_ROWS);
  });
});
