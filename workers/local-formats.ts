/**
 * After a table is read, its columns of text that are numbers or dates in a local format
 * (`1 234,56 €`, `(1.234,00)`, `25.03.2024`) become numbers and dates: each judged from the
 * shapes of all its values (src/core/reading/local-numbers.ts, local-dates.ts), converted in one
 * statement, with any value that does not fit kept as written in a column beside it (issue 28).
 */
import type { ColumnConversion, ColumnName } from '../src/core/data/engine.ts';
import { dateShape, type DateOrder } from '../src/core/reading/local-dates.ts';
import {
  describeFormat,
  judgeNumbers,
  misfitSql,
  numberFit,
  numberSql,
  numberType,
  type Decimal,
  type NumberVerdict,
  type ValueShape,
} from '../src/core/reading/local-numbers.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import type { Exec, TextRead } from './load-csv.ts';
import type { Planned } from './conversion-plan.ts';
import { planBooleans } from './local-booleans.ts';
import { planDates } from './local-dates-plan.ts';

/** Values looked at to tell whether a column could be numbers or dates at all. */
const SAMPLE = 2000;
/** Distinct shapes counted per column; a column of numbers has far fewer. */
const MAX_SHAPES = 500;

const TRIMMED = (c: string) =>
  `regexp_replace(${c}, '^[\\s\\x{00a0}\\x{202f}]+|[\\s\\x{00a0}\\x{202f}]+$', '', 'g')`;

export interface Converted {
  columns: ColumnName[];
  conversions: ColumnConversion[];
}

/**
 * A table just read (its columns and notes), with its local numbers and dates converted. Never
 * throws: should the conversion fail, the table stands as read, its text all there, and the
 * notes say why. Used alike for delimited text and for a sheet's text cells.
 */
export async function withLocalFormats<T extends { columns: ColumnName[]; notes: string[] }>(
  exec: Exec,
  table: string,
  read: T,
  reread?: (asText: string[]) => Promise<ColumnName[]>,
  hints: Hints = {},
): Promise<T & { conversions?: ColumnConversion[] }> {
  try {
    const { columns, conversions } = await readLocalFormats(
      exec,
      table,
      read.columns,
      reread,
      hints,
    );
    return conversions.length ? { ...read, columns, conversions } : { ...read, columns };
  } catch (e) {
    const why = errorMessage(e).split('\n')[0];
    return {
      ...read,
      notes: [...read.notes, `Numbers and dates in local formats were left as text: ${why}`],
    };
  }
}

export interface Hints {
  /** Columns DuckDB's sniffer took for local dates and worded booleans, read as text. */
  textRead?: TextRead;
  /** The order the person chose for dates no value settles. */
  dates?: DateOrder | null;
}

/** Converts what reads as local numbers and dates in `table`; the columns as they now are. */
async function readLocalFormats(
  exec: Exec,
  table: string,
  given: ColumnName[],
  /**
   * Reads the table again with these columns as text, and gives its columns: for a file whose
   * text columns write `1.234,56`, where DuckDB took a column of `1.234` for 1.234.
   */
  reread: ((asText: string[]) => Promise<ColumnName[]>) | undefined,
  hints: Hints,
): Promise<Converted> {
  let columns = given;
  const booleans = new Set(hints.textRead?.booleans ?? []);
  const t = quoteIdent(table);
  const schema = (await exec(`DESCRIBE ${t}`)).map((c) => ({
    name: String(c.column_name),
    type: String(c.column_type),
  }));
  const shapes = new Map<string, ValueShape[]>();
  const shape = async (names: string[]) => {
    for (const column of names) {
      const found = await shapesOf(exec, t, quoteIdent(column));
      if (found) shapes.set(column, found);
    }
  };
  const flags = await planBooleans(exec, t, [...booleans]);
  await shape(
    schema.filter((c) => c.type === 'VARCHAR' && !booleans.has(c.name)).map((c) => c.name),
  );
  if (shapes.size === 0 && flags.length === 0) return { columns, conversions: [] };

  // Columns that settle the decimal separator settle it for those that read either way.
  let first = new Map([...shapes].map(([c, s]) => [c, judgeNumbers(s, null)] as const));
  const decimal = tableDecimal([...first.values()]);
  const pointRead = schema
    .filter((c) => c.type === 'DOUBLE' || c.type.startsWith('DECIMAL'))
    .map((c) => c.name);
  if (decimal === ',' && reread && pointRead.length > 0) {
    columns = await reread(pointRead);
    await shape(pointRead);
    first = new Map([...shapes].map(([c, s]) => [c, judgeNumbers(s, decimal)] as const));
  }
  const planned: Planned[] = [];
  const dateColumns: string[] = [];
  for (const [column, s] of shapes) {
    const verdict = first.get(column)?.ambiguous ? judgeNumbers(s, decimal) : first.get(column);
    if (verdict) planned.push(numberPlan(column, verdict));
    else dateColumns.push(column);
  }
  const dateHints = {
    shortYears: new Set(hints.textRead?.dates ?? []),
    chosen: hints.dates ?? null,
  };
  planned.push(...(await planDates(exec, t, dateColumns, shapes, decimal, dateHints)), ...flags);
  if (planned.length === 0) return { columns, conversions: [] };
  for (const p of planned) {
    if (!p.example) continue;
    const [row] = await exec(`SELECT CAST((${p.example}) AS VARCHAR) AS v`);
    p.conversion.example.to = String(row?.v ?? '');
  }
  return apply(exec, table, columns, planned);
}

/**
 * The shapes of a column's values; null when a sample of them shows it is neither numbers nor
 * dates (words, codes, addresses), so that such a column costs one small query, not a count.
 */
async function shapesOf(exec: Exec, t: string, c: string): Promise<ValueShape[] | null> {
  const sample = await countShapes(
    exec,
    `(SELECT ${c} FROM ${t} WHERE ${c} IS NOT NULL LIMIT ${SAMPLE})`,
    c,
  );
  if (!sample || (numberFit(sample) < 0.5 && !dateShape(sample, 0.5, true))) return null;
  return countShapes(exec, t, c);
}

async function countShapes(exec: Exec, from: string, c: string): Promise<ValueShape[] | null> {
  const rows = await exec(
    `SELECT regexp_replace(v, '[0-9]', '0', 'g') AS shape, regexp_matches(v, '^[^0-9]*0[0-9]') AS lz, count(*) AS n, min(v) AS example
     FROM (SELECT ${TRIMMED(c)} AS v FROM ${from} WHERE ${c} IS NOT NULL) WHERE v <> ''
     GROUP BY ALL ORDER BY n DESC, shape LIMIT ${MAX_SHAPES + 1}`,
  );
  if (rows.length === 0 || rows.length > MAX_SHAPES) return null;
  return rows.map((r) => ({
    shape: String(r.shape),
    leadingZero: Boolean(r.lz),
    count: Number(r.n),
    example: String(r.example),
  }));
}

/** The decimal separator the table's unambiguous columns agree on; null if none or they differ. */
function tableDecimal(verdicts: Array<NumberVerdict | null>): Decimal | null {
  const seen = new Set<Decimal>();
  for (const v of verdicts) {
    if (!v || v.ambiguous) continue;
    if (v.format.usesDecimal || v.format.usesGroup) seen.add(v.format.decimal);
  }
  return seen.size === 1 ? [...seen][0]! : null;
}

function numberPlan(column: string, v: NumberVerdict): Planned {
  const c = quoteIdent(column);
  const how = describeFormat(v.format);
  return {
    column,
    sql: numberSql(c, v.format),
    misfit: v.misfits > 0 ? misfitSql(c, v.format) : undefined,
    conversion: {
      column,
      type: numberType(v.format),
      how,
      example: v.example,
      values: v.fitted,
      misfits: v.misfits,
      ...(v.ambiguous ? { ambiguous: v.ambiguous } : {}),
    },
  };
}

/** One statement that rewrites the table, each converted column in its place. */
async function apply(
  exec: Exec,
  table: string,
  columns: ColumnName[],
  planned: Planned[],
): Promise<Converted> {
  const byColumn = new Map(planned.map((p) => [p.column, p]));
  const taken = new Set(columns.map((c) => c.name.toLowerCase()));
  const select: string[] = [];
  const out: ColumnName[] = [];
  for (const col of columns) {
    const p = byColumn.get(col.name);
    select.push(p ? `${p.sql} AS ${quoteIdent(col.name)}` : quoteIdent(col.name));
    out.push(col);
    if (!p?.misfit) continue;
    let name = `${col.name} (as written)`;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${col.name} (as written ${n})`;
    taken.add(name.toLowerCase());
    select.push(`${p.misfit} AS ${quoteIdent(name)}`);
    out.push({ original: name, name });
    p.conversion.misfitColumn = name;
  }
  const t = quoteIdent(table);
  await exec(`CREATE OR REPLACE TABLE ${t} AS SELECT ${select.join(', ')} FROM ${t}`);
  // In the table's order, as the page lists them.
  const conversions = columns.flatMap((c) => byColumn.get(c.name)?.conversion ?? []);
  return { columns: out, conversions };
}
