/**
 * The per-column profile, by SQL alone, so it works without an API key and the model can be
 * given the very same numbers. Three passes over the columns asked for: their statistics, the
 * outlier counts and histograms of numeric and date columns, and their top values. On a large table the expensive parts
 * are estimated — distinct counts by HyperLogLog, quartiles by t-digest, and the top values of
 * a column with many distinct values counted in a sample — and said to be (issue 15: the exact
 * profile of a 100 MB file took 4 s in the browser). The histograms are exact at any size: they
 * are counted in the outlier pass, which reads the whole table anyway, from the minimum and
 * maximum the first pass found.
 */
import { exactDistinctSql, inDoubt } from './profile-distinct.ts';
import type { ColumnProfile, ResultColumn, TableProfile } from '../data/engine.ts';
import {
  type Binned,
  binCounts,
  binSql,
  binnedColumns,
  binnedValue,
  isTemporalType,
} from './profile-histogram.ts';
import { quoteIdent } from './sql-text.ts';
import { isNumericType, NESTED } from '../data/column-type.ts';

export { HISTOGRAM_BINS } from './profile-histogram.ts';

export type Row = Record<string, unknown>;
/** Runs Sift's own, trusted SQL and returns rows as plain objects. */
export type RunSql = (sql: string) => Promise<Row[]>;

export const TYPICAL_VALUES = 5;
export const HIGH_NULL_RATE = 0.2;
export const MOSTLY_UNIQUE = 0.95;
/**
 * The same test against an estimated distinct count: DuckDB's approx_count_distinct was off by
 * up to 10 % either way on 10³–2·10⁶ distinct integers (checked with DuckDB 1.5, 2026-11-24).
 */
export const MOSTLY_UNIQUE_ESTIMATED = 0.85;
/** Above this many rows, distinct counts and quartiles are estimated. */
export const EXACT_ROWS = 200_000;
/** Rows sampled for the top values of a large table's column with many distinct values. */
export const SAMPLE_ROWS = 100_000;
/** At most this many distinct values, and counting each one exactly is cheap at any size. */
const FEW_VALUES = 10_000;
export const NUMERIC_TEXT = 0.9;
export const MIXED_TEXT = 0.2;
/** Tukey's far-out fences: beyond 3 interquartile ranges from the quartiles. */
export const OUTLIER_IQR = 3;
/** Above this share of values beyond the fences, the column is heavy-tailed, not dirty. */
export const OUTLIER_SHARE = 0.05;
/** Columns aggregated per statement, to keep each statement a reasonable size. */
const COLUMNS_PER_PASS = 64;

const TEXT = /^VARCHAR$/;
const isTextType = (type: string) => TEXT.test(type);
const isBinnable = (type: string) => isNumericType(type) || isTemporalType(type);

/**
 * The column as the profile aggregates it: a nested value as its text, which every aggregate and
 * GROUP BY takes (DuckDB orders and groups some nested types, not all: a MAP it cannot).
 */
function valueOf(col: ResultColumn): string {
  const c = quoteIdent(col.name);
  return NESTED.test(col.type) ? `CAST(${c} AS VARCHAR)` : c;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const nullableNumber = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export interface ColumnStats {
  nonNull: number;
  unique: number;
  /** `unique` is an estimate. */
  estimated?: boolean;
  min: string | null;
  max: string | null;
  /** Non-null values of a text column that parse as numbers. */
  numericText?: number;
  q1?: number | null;
  q3?: number | null;
  outliers?: number;
  /** The binned values' minimum and maximum, as numbers (a date's as seconds since 1970). */
  lo?: number | null;
  hi?: number | null;
  histogram?: number[];
}

/**
 * A text value read as a number, or NULL: `TRY_CAST(trim(v) AS DOUBLE)`, asked only of values
 * that begin as a number can (after whitespace: a digit, a sign, a point, or the i/n of inf and
 * nan). In DuckDB-WASM a TRY_CAST that fails costs 5–7× what it does natively (0.6 s for a
 * column of 766,000 words, against 0.05 s with this test first), and most text is not numbers.
 * The test lets through every value the cast accepts: checked in both engines on every Basic
 * Multilingual Plane character put before "5", ".5", "nf" and "0x1F"
 * (tests/integration/numeric-text.test.ts).
 */
export const asNumber = (c: string) =>
  `TRY_CAST(CASE WHEN regexp_matches(${c}, '^[\\t\\n\\v\\f\\r\\p{Zs}]*[-+0-9.iInN]') THEN trim(${c}) END AS DOUBLE)`;

export function statsSql(
  table: string,
  columns: ResultColumn[],
  offset: number,
  estimate = false,
): string {
  const parts = columns.flatMap((col, k) => {
    const i = offset + k;
    const c = valueOf(col);
    const out = [
      `count(${c}) AS nn_${i}`,
      estimate ? `approx_count_distinct(${c}) AS u_${i}` : `count(DISTINCT ${c}) AS u_${i}`,
      `CAST(min(${c}) AS VARCHAR) AS mn_${i}`,
      `CAST(max(${c}) AS VARCHAR) AS mx_${i}`,
    ];
    if (isNumericType(col.type)) {
      const quantile = estimate ? 'approx_quantile' : 'quantile_cont';
      out.push(`${quantile}(CAST(${c} AS DOUBLE), [0.25, 0.75]) AS qs_${i}`);
    }
    if (isTextType(col.type)) out.push(`count(${asNumber(c)}) AS nt_${i}`);
    if (isBinnable(col.type)) {
      const x = binnedValue(col);
      out.push(`min(${x}) AS lo_${i}`, `max(${x}) AS hi_${i}`);
    }
    return out;
  });
  return `SELECT ${parts.join(', ')} FROM ${quoteIdent(table)}`;
}

export function fences(q1: number, q3: number): [number, number] {
  const iqr = q3 - q1;
  return [q1 - OUTLIER_IQR * iqr, q3 + OUTLIER_IQR * iqr];
}

/**
 * The outlier counts of the fenced columns and the histograms of the binned ones, in one scan.
 * Each value is binned once (innermost SELECT) and each column's bins counted by one
 * `histogram` aggregate, whose MAP comes back as two lists, the bins present and their counts
 * (one FILTERed count per bin instead made a 70-column table's statement 6× slower to plan).
 */
export function outlierSql(
  table: string,
  columns: Array<{ name: string; index: number; lo: number; hi: number }>,
  binned: Binned[] = [],
): string {
  const inner: string[] = [];
  const parts = columns.map(({ name, index, lo, hi }) => {
    inner.push(`CAST(${quoteIdent(name)} AS DOUBLE) AS x_${index}`);
    return `count(*) FILTER (WHERE x_${index} < ${lo} OR x_${index} > ${hi}) AS o_${index}`;
  });
  const outer = columns.map(({ index }) => `o_${index}`);
  for (const b of binned) {
    inner.push(`${binSql(binnedValue(b), b.lo, b.hi)} AS b_${b.index}`);
    parts.push(`histogram(b_${b.index}) AS h_${b.index}`);
    outer.push(
      `map_keys(h_${b.index}) AS hk_${b.index}`,
      `map_values(h_${b.index}) AS hv_${b.index}`,
    );
  }
  const scan = `SELECT ${parts.join(', ')} FROM (SELECT ${inner.join(', ')} FROM ${quoteIdent(table)})`;
  return binned.length ? `SELECT ${outer.join(', ')} FROM (${scan})` : scan;
}

/** The top values of each column, counted in the whole table or in a sample of `sample` rows. */
export function typicalValuesSql(
  table: string,
  columns: ResultColumn[],
  offset: number,
  sample?: number,
): string {
  const t = quoteIdent(table);
  return columns
    .map((col, k) => {
      const c = valueOf(col);
      // A fixed seed: the same table shows the same sample every time.
      const from = sample
        ? `(SELECT ${c} AS ${quoteIdent(col.name)} FROM ${t} USING SAMPLE reservoir(${sample} ROWS) REPEATABLE (15))`
        : t;
      // `groups` counts the distinct values exactly, for free, where the table is not sampled.
      return `(SELECT ${offset + k} AS i, CAST(${c} AS VARCHAR) AS v, count(*) AS n, count(*) OVER () AS groups FROM ${from} WHERE ${c} IS NOT NULL GROUP BY ${c} ORDER BY n DESC, v LIMIT ${TYPICAL_VALUES})`;
    })
    .join(' UNION ALL ');
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The issues a person should know about a column, in words. */
export function columnIssues(type: string, rows: number, s: ColumnStats): string[] {
  const issues: string[] = [];
  if (rows === 0) return issues;
  if (s.nonNull === 0) return ['All values are missing'];
  const nullRate = (rows - s.nonNull) / rows;
  if (nullRate >= HIGH_NULL_RATE) issues.push(`High null rate: ${pct(nullRate)} missing`);
  // By min and max, which are exact where the distinct count may be an estimate.
  if (rows > 1 && s.min !== null && s.min === s.max)
    issues.push(`Constant column: every value is ${s.min}`);
  if (isTextType(type) && s.numericText !== undefined) {
    const share = s.numericText / s.nonNull;
    if (share >= NUMERIC_TEXT)
      issues.push(`Numbers stored as text: ${pct(share)} parse as numbers`);
    else if (share >= MIXED_TEXT) issues.push(`Mixed types: ${pct(share)} numbers, the rest text`);
  }
  const unique = s.estimated ? MOSTLY_UNIQUE_ESTIMATED : MOSTLY_UNIQUE;
  // Every value distinct, counted: a key, which the page says as "all distinct", not a problem.
  const key = !s.estimated && s.unique === s.nonNull;
  if (isTextType(type) && s.nonNull >= 20 && !key && s.unique / s.nonNull >= unique) {
    issues.push('Mostly unique text: likely an identifier or free text');
  }
  if (s.outliers) {
    const share = s.outliers / s.nonNull;
    const beyond = `beyond ${OUTLIER_IQR}× the interquartile range`;
    // Many far values describe the distribution's shape, not a few suspicious records.
    if (share > OUTLIER_SHARE) issues.push(`Heavy tail: ${pct(share)} of values lie ${beyond}`);
    else
      issues.push(
        `Suspicious outliers: ${s.outliers} value${s.outliers === 1 ? '' : 's'} (${share < 0.01 ? '<1%' : pct(share)}) ${beyond}`,
      );
  }
  return issues;
}

function chunks<T>(items: T[], size: number): Array<[T[], number]> {
  const out: Array<[T[], number]> = [];
  for (let i = 0; i < items.length; i += size) out.push([items.slice(i, i + size), i]);
  return out;
}

export async function profileTable(
  run: RunSql,
  table: string,
  columns: ResultColumn[],
  rows: number,
  now: () => number = Date.now,
): Promise<TableProfile> {
  const started = now();
  const estimate = rows > EXACT_ROWS;
  const stats: ColumnStats[] = [];
  for (const [part, offset] of chunks(columns, COLUMNS_PER_PASS)) {
    const [r = {}] = await run(statsSql(table, part, offset, estimate));
    part.forEach((col, k) => {
      const i = offset + k;
      const qs = r[`qs_${i}`] as ArrayLike<unknown> | null | undefined;
      const nonNull = num(r[`nn_${i}`]);
      stats[i] = {
        nonNull,
        // An estimate can overshoot: never more distinct values than values.
        unique: estimate ? Math.min(num(r[`u_${i}`]), nonNull) : num(r[`u_${i}`]),
        estimated: estimate,
        min: text(r[`mn_${i}`]),
        max: text(r[`mx_${i}`]),
        numericText: isTextType(col.type) ? num(r[`nt_${i}`]) : undefined,
        q1: qs ? Number(qs[0]) : null,
        q3: qs ? Number(qs[1]) : null,
        lo: nullableNumber(r[`lo_${i}`]),
        hi: nullableNumber(r[`hi_${i}`]),
      };
    });
  }
  // Estimates near the count of values are counted exactly (profile-distinct.ts).
  const doubtful = columns.flatMap((col, index) => {
    const s = stats[index] as ColumnStats;
    return estimate && inDoubt(s.unique, s.nonNull, MOSTLY_UNIQUE_ESTIMATED)
      ? [{ index, value: valueOf(col) }]
      : [];
  });
  for (const [part] of chunks(doubtful, COLUMNS_PER_PASS)) {
    const [r = {}] = await run(exactDistinctSql(table, part));
    for (const { index } of part) {
      const s = stats[index] as ColumnStats;
      s.unique = num(r[`x_${index}`]);
      s.estimated = false;
    }
  }
  const fenced = columns.flatMap((col, index) => {
    const s = stats[index] as ColumnStats;
    if (s.q1 === null || s.q1 === undefined || s.q3 === null || s.q3 === undefined) return [];
    if (!(s.q3 > s.q1)) return [];
    const [lo, hi] = fences(s.q1, s.q3);
    // A quartile at ±inf (DuckDB reads `inf` as a DOUBLE) leaves no finite fence to test against.
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
    return [{ name: col.name, index, lo, hi }];
  });
  const binned = binnedColumns(columns, stats);
  // One scan per chunk of columns, for the outlier counts and the histograms together.
  const numeric = [...new Set([...fenced, ...binned].map((c) => c.index))].sort((a, b) => a - b);
  for (const [part] of chunks(numeric, COLUMNS_PER_PASS)) {
    const these = new Set(part);
    const sql = outlierSql(
      table,
      fenced.filter((f) => these.has(f.index)),
      binned.filter((b) => these.has(b.index)),
    );
    const [r = {}] = await run(sql);
    for (const i of part) {
      const s = stats[i] as ColumnStats;
      if (fenced.some((f) => f.index === i)) s.outliers = num(r[`o_${i}`]);
      s.histogram = binCounts(r[`hk_${i}`], r[`hv_${i}`]);
    }
  }
  const typical = columns.map(() => [] as ColumnProfile['typicalValues']);
  const indexed = columns.map((col, i) => ({ col, i }));
  // Decided once, from the estimate: the exact count that replaces it must not change it.
  const manyValued = new Set(
    indexed
      .filter(({ i }) => estimate && (stats[i] as ColumnStats).unique > FEW_VALUES)
      .map((c) => c.i),
  );
  const sampled = (i: number) => manyValued.has(i);
  const groupsOf = new Map<number, number>();
  for (const sample of [undefined, SAMPLE_ROWS]) {
    const these = indexed.filter(({ i }) => sampled(i) === (sample !== undefined));
    for (const [part] of chunks(these, COLUMNS_PER_PASS)) {
      const sql = part
        .map(({ col, i }) => typicalValuesSql(table, [col], i, sample))
        .join(' UNION ALL ');
      for (const r of await run(sql)) {
        typical[num(r.i)]?.push({ value: text(r.v), count: num(r.n) });
        groupsOf.set(num(r.i), num(r.groups));
      }
      // Counted over the whole table: the estimated distinct count gives way to the exact one.
      if (sample === undefined && estimate)
        for (const { i } of part) {
          const s = stats[i] as ColumnStats;
          s.unique = typical[i]?.length ? (groupsOf.get(i) ?? s.unique) : 0;
          s.estimated = false;
        }
    }
  }
  // UNION ALL keeps no order between its parts: sort each column's values here.
  for (const values of typical) {
    values.sort((a, b) => b.count - a.count || (String(a.value) < String(b.value) ? -1 : 1));
  }
  return {
    table,
    rows,
    durationMs: now() - started,
    columns: columns.map((col, i) => {
      const s = stats[i] as ColumnStats;
      return {
        column: col.name,
        type: col.type,
        nonNullCount: s.nonNull,
        uniqueCount: s.unique,
        ...(s.estimated ? { uniqueApprox: true } : {}),
        min: s.min,
        max: s.max,
        typicalValues: typical[i] ?? [],
        ...(sampled(i) ? { typicalSample: Math.min(SAMPLE_ROWS, rows) } : {}),
        ...(s.histogram ? { histogram: s.histogram } : {}),
        issues: columnIssues(col.type, rows, s),
      };
    }),
  };
}
