/**
 * The per-column profile, by SQL alone, so it works without an API key and the model can be
 * given the very same numbers. Three passes over the table whatever its width: the statistics of
 * every column, the outlier counts of numeric columns, and the top values of every column.
 */
import type { ColumnProfile, ResultColumn, TableProfile } from './engine.ts';
import { quoteIdent } from './sql-text.ts';

export type Row = Record<string, unknown>;
/** Runs Sift's own, trusted SQL and returns rows as plain objects. */
export type RunSql = (sql: string) => Promise<Row[]>;

export const TYPICAL_VALUES = 5;
export const HIGH_NULL_RATE = 0.2;
export const MOSTLY_UNIQUE = 0.95;
export const NUMERIC_TEXT = 0.9;
export const MIXED_TEXT = 0.2;
/** Tukey's far-out fences: beyond 3 interquartile ranges from the quartiles. */
export const OUTLIER_IQR = 3;
/** Above this share of values beyond the fences, the column is heavy-tailed, not dirty. */
export const OUTLIER_SHARE = 0.05;
/** Columns aggregated per statement, to keep each statement a reasonable size. */
const COLUMNS_PER_PASS = 64;

const NUMERIC =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL)/;
const TEXT = /^VARCHAR/;

export const isNumericType = (type: string) => NUMERIC.test(type);
const isTextType = (type: string) => TEXT.test(type);

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export interface ColumnStats {
  nonNull: number;
  unique: number;
  min: string | null;
  max: string | null;
  /** Non-null values of a text column that parse as numbers. */
  numericText?: number;
  q1?: number | null;
  q3?: number | null;
  outliers?: number;
}

export function statsSql(table: string, columns: ResultColumn[], offset: number): string {
  const parts = columns.flatMap((col, k) => {
    const i = offset + k;
    const c = quoteIdent(col.name);
    const out = [
      `count(${c}) AS nn_${i}`,
      `count(DISTINCT ${c}) AS u_${i}`,
      `CAST(min(${c}) AS VARCHAR) AS mn_${i}`,
      `CAST(max(${c}) AS VARCHAR) AS mx_${i}`,
    ];
    if (isNumericType(col.type)) {
      out.push(`quantile_cont(CAST(${c} AS DOUBLE), [0.25, 0.75]) AS qs_${i}`);
    }
    if (isTextType(col.type)) out.push(`count(TRY_CAST(trim(${c}) AS DOUBLE)) AS nt_${i}`);
    return out;
  });
  return `SELECT ${parts.join(', ')} FROM ${quoteIdent(table)}`;
}

export function fences(q1: number, q3: number): [number, number] {
  const iqr = q3 - q1;
  return [q1 - OUTLIER_IQR * iqr, q3 + OUTLIER_IQR * iqr];
}

export function outlierSql(
  table: string,
  columns: Array<{ name: string; index: number; lo: number; hi: number }>,
): string {
  const parts = columns.map(({ name, index, lo, hi }) => {
    const c = `CAST(${quoteIdent(name)} AS DOUBLE)`;
    return `count(*) FILTER (WHERE ${c} < ${lo} OR ${c} > ${hi}) AS o_${index}`;
  });
  return `SELECT ${parts.join(', ')} FROM ${quoteIdent(table)}`;
}

export function typicalValuesSql(table: string, columns: ResultColumn[], offset: number): string {
  const t = quoteIdent(table);
  return columns
    .map((col, k) => {
      const c = quoteIdent(col.name);
      return `(SELECT ${offset + k} AS i, CAST(${c} AS VARCHAR) AS v, count(*) AS n FROM ${t} WHERE ${c} IS NOT NULL GROUP BY ${c} ORDER BY n DESC, v LIMIT ${TYPICAL_VALUES})`;
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
  if (s.unique === 1 && rows > 1) issues.push(`Constant column: every value is ${s.min ?? ''}`);
  if (isTextType(type) && s.numericText !== undefined) {
    const share = s.numericText / s.nonNull;
    if (share >= NUMERIC_TEXT)
      issues.push(`Numbers stored as text: ${pct(share)} parse as numbers`);
    else if (share >= MIXED_TEXT) issues.push(`Mixed types: ${pct(share)} numbers, the rest text`);
  }
  if (isTextType(type) && s.nonNull >= 20 && s.unique / s.nonNull >= MOSTLY_UNIQUE) {
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
  const stats: ColumnStats[] = [];
  for (const [part, offset] of chunks(columns, COLUMNS_PER_PASS)) {
    const [r = {}] = await run(statsSql(table, part, offset));
    part.forEach((col, k) => {
      const i = offset + k;
      const qs = r[`qs_${i}`] as ArrayLike<unknown> | null | undefined;
      stats[i] = {
        nonNull: num(r[`nn_${i}`]),
        unique: num(r[`u_${i}`]),
        min: text(r[`mn_${i}`]),
        max: text(r[`mx_${i}`]),
        numericText: isTextType(col.type) ? num(r[`nt_${i}`]) : undefined,
        q1: qs ? Number(qs[0]) : null,
        q3: qs ? Number(qs[1]) : null,
      };
    });
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
  for (const [part] of chunks(fenced, COLUMNS_PER_PASS)) {
    const [r = {}] = await run(outlierSql(table, part));
    for (const f of part) (stats[f.index] as ColumnStats).outliers = num(r[`o_${f.index}`]);
  }
  const typical = columns.map(() => [] as ColumnProfile['typicalValues']);
  for (const [part, offset] of chunks(columns, COLUMNS_PER_PASS)) {
    for (const r of await run(typicalValuesSql(table, part, offset))) {
      typical[num(r.i)]?.push({ value: text(r.v), count: num(r.n) });
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
        min: s.min,
        max: s.max,
        typicalValues: typical[i] ?? [],
        issues: columnIssues(col.type, rows, s),
      };
    }),
  };
}
