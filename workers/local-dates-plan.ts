/**
 * How the columns of a table just read that hold dates as text become dates: four-digit years
 * ordered from the largest parts of the column (core/reading/local-dates.ts), two-digit years
 * by the evidence over the whole column (core/reading/short-years.ts). A column no value settles
 * follows one of the same file that was settled, else the file's signs, and the choice is said.
 */
import {
  dateOrder,
  datePartsSql,
  dateShape,
  dateSql,
  describeDates,
  type DateOrder,
  type DateShape,
  type DateVerdict,
} from '../src/core/reading/local-dates.ts';
import type { Decimal, ValueShape } from '../src/core/reading/local-numbers.ts';
import {
  CENTURY_RULE,
  readingsFrom,
  readingsSql,
  shortYearOrder,
} from '../src/core/reading/short-years.ts';
import { quoteIdent, quoteLiteral } from '../src/core/sql/sql-text.ts';
import { misfitOf, type Planned } from './conversion-plan.ts';
import type { Exec } from './load-csv.ts';

export interface DateHints {
  /** Columns DuckDB's sniffer took for dates with two-digit years (read as text instead). */
  shortYears: ReadonlySet<string>;
  /** The order the person chose for dates no value settles ("Read as…"). */
  chosen: DateOrder | null;
}

interface Found {
  column: string;
  shape: DateShape;
  /** The largest first and second parts (four-digit years), or each order's reading. */
  parts?: { a: number; b: number };
  readings?: ReturnType<typeof readingsFrom>;
}

export async function planDates(
  exec: Exec,
  t: string,
  candidates: string[],
  shapes: ReadonlyMap<string, ValueShape[]>,
  decimal: Decimal | null,
  hints: DateHints,
): Promise<Planned[]> {
  const found: Found[] = [];
  let settled: { order: DateOrder; column: string } | null = null;
  for (const column of candidates) {
    const shape = dateShape(shapes.get(column)!, undefined, hints.shortYears.has(column));
    if (!shape) continue;
    const c = quoteIdent(column);
    if (shape.year === 'long') {
      const [parts] = await exec(datePartsSql(c, t));
      const [a, b] = [Number(parts?.a ?? 0), Number(parts?.b ?? 0)];
      const own = dateOrder(a, b, shape, null);
      if (!own.ambiguous) settled ??= { order: own.order, column };
      found.push({ column, shape, parts: { a, b } });
    } else {
      const [row] = await exec(readingsSql(c, t, shape));
      const readings = readingsFrom(row ?? {});
      const own = shortYearOrder(readings, shape, { settled: null, hint: null, chosen: null });
      if (own && !own.ambiguous && !own.others?.length) settled ??= { order: own.order, column };
      found.push({ column, shape, readings });
    }
  }
  const hintFor = (shape: DateShape) =>
    decimal === ','
      ? { order: 'dmy' as const, why: 'the file writes decimals with a comma' }
      : shape.separator === '.'
        ? { order: 'dmy' as const, why: 'dotted dates are written day first' }
        : null;
  const plans: Planned[] = [];
  for (const f of found) {
    const context = { settled, hint: hintFor(f.shape), chosen: hints.chosen };
    const verdict = f.parts
      ? dateOrder(
          f.parts.a,
          f.parts.b,
          f.shape,
          settled?.order ?? context.hint?.order ?? null,
          hints.chosen,
        )
      : shortYearOrder(f.readings!, f.shape, context);
    if (verdict) plans.push(plan(f.column, f.shape, verdict, shapes.get(f.column)!));
  }
  return plans;
}

function plan(
  column: string,
  shape: DateShape,
  verdict: DateVerdict,
  shapes: ValueShape[],
): Planned {
  const c = quoteIdent(column);
  const sql = dateSql(c, shape, verdict.order);
  const example = shapes.find((s) => /^[0-9]/.test(s.example))?.example ?? '';
  const how = describeDates(verdict.order, shape.separator);
  return {
    column,
    sql,
    example: dateSql(quoteLiteral(example), shape, verdict.order),
    misfit: shape.misfits > 0 ? misfitOf(sql, c) : undefined,
    conversion: {
      column,
      type: shape.withTime ? 'TIMESTAMP' : 'DATE',
      how: shape.year === 'short' ? `${how}, ${CENTURY_RULE}` : how,
      example: { from: example, to: '' },
      values: shape.fitted,
      misfits: shape.misfits,
      ...(verdict.ambiguous ? { ambiguous: verdict.ambiguous } : {}),
      ...(verdict.why ? { why: verdict.why } : {}),
      ...(verdict.others?.length ? { otherOrders: verdict.others } : {}),
    },
  };
}
