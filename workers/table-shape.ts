/**
 * A table read from Arrow (Parquet) or JSON made to look like one read from CSV: column names
 * made usable by the same rules (cleanColumnNames), timestamps of other precisions as DuckDB's
 * plain TIMESTAMP, and — for JSON — the columns in the file's order and nested objects one level
 * deep as columns of their own.
 */
import { cleanColumnNames } from '../src/core/data/column-names.ts';
import type { ColumnName } from '../src/core/data/engine.ts';
import { quoteIdent, quoteLiteral } from '../src/core/data/sql-text.ts';
import type { Exec } from './load-csv.ts';

export type { Exec } from './load-csv.ts';

export interface Shaped {
  columns: ColumnName[];
  notes: string[];
}

interface Described {
  name: string;
  type: string;
}

async function describe(exec: Exec, from: string): Promise<Described[]> {
  const rows = await exec(`DESCRIBE ${from}`);
  return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
}

/**
 * Arrow's second, millisecond and nanosecond timestamps (parquet-wasm reads Parquet's INT96 as
 * nanoseconds) become DuckDB's TIMESTAMP, as DuckDB's own reader makes them: the one timestamp
 * type every query, chart and profile of Sift expects.
 */
const OTHER_TIMESTAMP = /^TIMESTAMP_(?:S|MS|NS)$/;

/**
 * DuckDB-WASM has no time zone support built in (ICU is an extension it would download): on a
 * TIMESTAMP WITH TIME ZONE, `date_trunc`, `epoch` and the like fail. Such columns hold instants,
 * and become the same instants as UTC times, which every function takes; the person is told.
 */
const ZONED = 'TIMESTAMP WITH TIME ZONE';
const zonedNote = (n: number) =>
  `${n} column${n === 1 ? '' : 's'} of times with a time zone ${n === 1 ? 'was' : 'were'} read as UTC times: this browser's DuckDB has no time zone support.`;

/** After a Parquet load: the names made usable and the timestamps made plain, in place. */
export async function normaliseColumns(exec: Exec, table: string): Promise<Shaped> {
  const t = quoteIdent(table);
  const described = await describe(exec, t);
  const names = cleanColumnNames(described.map((c) => c.name));
  let zoned = 0;
  for (const [i, c] of described.entries()) {
    if (names[i] !== c.name)
      await exec(
        `ALTER TABLE ${t} RENAME COLUMN ${quoteIdent(c.name)} TO ${quoteIdent(names[i]!)}`,
      );
    if (c.type === ZONED) zoned++;
    if (OTHER_TIMESTAMP.test(c.type) || c.type === ZONED)
      await exec(`ALTER TABLE ${t} ALTER COLUMN ${quoteIdent(names[i]!)} TYPE TIMESTAMP`);
  }
  return {
    columns: described.map((c, i) => ({ original: c.name, name: names[i]! })),
    notes: zoned > 0 ? [zonedNote(zoned)] : [],
  };
}

interface Planned {
  original: string;
  /** The column's name before it is made usable: a nested field's is `parent_field`. */
  name: string;
  expr: string;
  type: string;
  /** A field of a nested object: a DOUBLE that holds only whole numbers becomes BIGINT. */
  nested: boolean;
}

/**
 * duckdb-wasm's JSON reader orders the columns by name and types the numbers inside nested
 * objects as DOUBLE; `order` gives the keys as the file has them. The table is made anew from
 * `staging` with each nested object's fields as columns `parent_field`.
 */
export async function shapeJsonTable(
  exec: Exec,
  staging: string,
  table: string,
  order: string[],
): Promise<Shaped> {
  const s = quoteIdent(staging);
  const rank = (name: string) => {
    const i = order.indexOf(name);
    return i < 0 ? order.length : i;
  };
  const top = (await describe(exec, s)).sort((a, b) => rank(a.name) - rank(b.name));
  const planned: Planned[] = [];
  let flattened = 0;
  for (const c of top) {
    if (!c.type.startsWith('STRUCT(')) {
      planned.push({
        original: c.name,
        name: c.name,
        expr: quoteIdent(c.name),
        type: c.type,
        nested: false,
      });
      continue;
    }
    flattened++;
    const fields = await describe(exec, `SELECT unnest(${quoteIdent(c.name)}) FROM ${s}`);
    for (const f of fields)
      planned.push({
        original: `${c.name}.${f.name}`,
        name: `${c.name}_${f.name}`,
        expr: `${quoteIdent(c.name)}[${quoteLiteral(f.name)}]`,
        type: f.type,
        nested: true,
      });
  }
  const whole = await wholeNumberColumns(exec, s, planned);
  const dates = await dateColumns(exec, s, planned);
  const names = cleanColumnNames(planned.map((p) => p.name));
  const select = planned.map((p, i) => {
    const cast = dates.has(i)
      ? 'DATE'
      : OTHER_TIMESTAMP.test(p.type) || p.type === ZONED
        ? 'TIMESTAMP'
        : whole.has(i)
          ? 'BIGINT'
          : null;
    const expr = cast ? `CAST(${p.expr} AS ${cast})` : p.expr;
    return `${expr} AS ${quoteIdent(names[i]!)}`;
  });
  await exec(`CREATE TABLE ${quoteIdent(table)} AS SELECT ${select.join(', ')} FROM ${s}`);
  const notes =
    flattened > 0
      ? [
          `${flattened} nested object${flattened === 1 ? ' was' : 's were'} spread into columns named parent_field.`,
        ]
      : [];
  return {
    columns: planned.map((p, i) => ({ original: p.original, name: names[i]! })),
    notes,
  };
}

/**
 * Indexes of the timestamps duckdb-wasm's JSON reader made of plain dates ("2024-01-05" reads as
 * TIMESTAMP_S): every value at midnight, so DATE, as DuckDB's own readers type such text.
 */
async function dateColumns(exec: Exec, from: string, planned: Planned[]) {
  const candidates = [...planned.entries()].filter(([, p]) =>
    /^TIMESTAMP(?:_S|_MS|_NS)?$/.test(p.type),
  );
  if (candidates.length === 0) return new Set<number>();
  const tests = candidates.map(
    ([i, p]) =>
      `coalesce(bool_and(CAST(${p.expr} AS TIMESTAMP) = CAST(CAST(${p.expr} AS DATE) AS TIMESTAMP)), false) AS d${i}`,
  );
  const [row] = await exec(`SELECT ${tests.join(', ')} FROM ${from}`);
  return new Set(candidates.filter(([i]) => row?.[`d${i}`] === true).map(([i]) => i));
}

/** Indexes of nested DOUBLE fields whose every value is a whole number within BIGINT's range. */
async function wholeNumberColumns(exec: Exec, from: string, planned: Planned[]) {
  const candidates = [...planned.entries()].filter(([, p]) => p.nested && p.type === 'DOUBLE');
  if (candidates.length === 0) return new Set<number>();
  const tests = candidates.map(
    ([i, p]) =>
      `coalesce(bool_and(${p.expr} = trunc(${p.expr}) AND abs(${p.expr}) < 9.0e15), false) AS c${i}`,
  );
  const [row] = await exec(`SELECT ${tests.join(', ')} FROM ${from}`);
  return new Set(candidates.filter(([i]) => row?.[`c${i}`] === true).map(([i]) => i));
}
