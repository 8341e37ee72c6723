/**
 * What the rows grid shows of a table: its sort, its filters and a text search, turned into the
 * SQL that DuckDB runs (issue 33, item 4: "each done by DuckDB, not in the page"). The page never
 * holds more than the pages it scrolls to, so sorting or filtering in the page could not be done
 * on a table of millions of rows anyway.
 *
 * The values a person types are quoted as literals and cast by DuckDB to the column's own type,
 * so "2024-03-01" is compared as a date and "10" as a number; a value that does not cast is
 * DuckDB's error, shown under Details (components/workspace/RowsGrid.svelte).
 */
import type { ResultColumn } from './engine.ts';
import { isNumericType as isNumberType } from '../sql/profile.ts';
import { quoteIdent, quoteLiteral } from '../sql/sql-text.ts';
import { searchedNumber, type NumberMarks } from './typed-number.ts';

export { isNumberType };

export interface GridSort {
  column: string;
  descending: boolean;
}

/** A range keeps the rows whose value lies between its bounds, both included; a missing bound is open. */
export interface RangeFilter {
  kind: 'range';
  column: string;
  from: string | null;
  to: string | null;
}

/** The rows whose value is exactly this one; `null` keeps the rows where the value is missing. */
export interface ValueFilter {
  kind: 'value';
  column: string;
  value: string | null;
}

/**
 * The rows whose value is none of these: an exclusion started from a cell ("Exclude sun"). A
 * `null` among them leaves out the empty rows; otherwise the empty rows stay, as a spreadsheet
 * keeps the blanks when one value is unticked.
 */
export interface ExcludeFilter {
  kind: 'not';
  column: string;
  values: (string | null)[];
}

export type GridFilter = RangeFilter | ValueFilter | ExcludeFilter;

export interface GridView {
  sort: GridSort | null;
  /**
   * At most one filter a column that says what to keep (a range or a value) and one that says
   * what to leave out (ExcludeFilter), so that a range and an exclusion narrow each other.
   */
  filters: GridFilter[];
  /** Text searched for, case-insensitively, in every column's text. */
  search: string;
  /**
   * The search read as a number written the person's way ("12,345.5", or "12.345,5" in German),
   * as DuckDB writes it ("12345.5"): also searched for in the numeric columns, whose cells the
   * grid shows grouped (`withSearch`).
   */
  searchNumber?: string;
}

export const PLAIN_VIEW: GridView = { sort: null, filters: [], search: '' };

/** The view searching for this text, read as a number too where it is one (`searchNumber`). */
export function withSearch(view: GridView, text: string, marks: NumberMarks): GridView {
  const { searchNumber: _gone, ...rest } = view;
  const number = searchedNumber(text, marks);
  return number === undefined
    ? { ...rest, search: text }
    : { ...rest, search: text, searchNumber: number };
}

/** Lists, structs, maps and unions: compared and searched as their text (DuckDB cannot order a MAP). */
const NESTED = /\[\d*\]$|^(STRUCT|MAP|UNION)\(/;

/** Whether a column of this type is filtered by a range (numbers, dates, times) rather than a value. */
export const takesRange = (type: string): boolean =>
  isNumberType(type) || isDateType(type) || type === 'TIME' || type === 'INTERVAL';
const isDateType = (type: string): boolean => /^(DATE|TIMESTAMP.*)$/.test(type);

/** The kind of box a bound of this column is typed into. */
export function inputKind(type: string): 'number' | 'date' | 'text' {
  if (isNumberType(type)) return 'number';
  if (isDateType(type)) return 'date';
  return 'text';
}

export function isPlain(view: GridView): boolean {
  return view.sort === null && view.filters.length === 0 && view.search.trim() === '';
}

function typeOf(schema: readonly ResultColumn[], column: string): string {
  return schema.find((c) => c.name === column)?.type ?? 'VARCHAR';
}

/** The column as compared: a nested value as its text. */
function operand(column: string, type: string): string {
  const c = quoteIdent(column);
  return NESTED.test(type) ? `CAST(${c} AS VARCHAR)` : c;
}

/**
 * A typed value as DuckDB reads it for this column: text as it is; a whole number as a number
 * literal (exact at any size); any other number as a DOUBLE, so that 2.5 bounds an INTEGER column
 * instead of failing to cast to it; anything else cast to the column's type.
 */
function literal(value: string, type: string): string {
  if (type === 'VARCHAR' || NESTED.test(type)) return quoteLiteral(value);
  const v = value.trim();
  if (isNumberType(type)) {
    return /^[-+]?\d{1,30}$/.test(v) ? v.replace(/^\+/, '') : `CAST(${quoteLiteral(v)} AS DOUBLE)`;
  }
  return `CAST(${quoteLiteral(v)} AS ${type})`;
}

function condition(filter: GridFilter, type: string): string {
  const c = operand(filter.column, type);
  if (filter.kind === 'value') {
    return filter.value === null ? `${c} IS NULL` : `${c} = ${literal(filter.value, type)}`;
  }
  if (filter.kind === 'not') {
    // IS DISTINCT FROM is true for NULL, where `<>` is NULL and would drop the empty rows too.
    const parts = filter.values.map((v) =>
      v === null ? `${c} IS NOT NULL` : `${c} IS DISTINCT FROM ${literal(v, type)}`,
    );
    return parts.length > 0 ? parts.join(' AND ') : 'TRUE';
  }
  const parts: string[] = [];
  if (filter.from !== null) parts.push(`${c} >= ${literal(filter.from, type)}`);
  if (filter.to !== null) parts.push(upTo(c, filter.to, type));
  return parts.length > 0 ? parts.join(' AND ') : 'TRUE';
}

/**
 * The upper bound: "to 2024-03-31" on a timestamp means to the end of that day, as a person
 * reading a date means it, not to its first instant (which would leave out the day's rows).
 */
function upTo(c: string, to: string, type: string): string {
  if (/^TIMESTAMP/.test(type) && /^\d{4}-\d{2}-\d{2}$/.test(to.trim())) {
    return `${c} < CAST(${quoteLiteral(to.trim())} AS DATE) + INTERVAL 1 DAY`;
  }
  return `${c} <= ${literal(to, type)}`;
}

/**
 * Every column's text holds the search, ignoring case: `contains` takes it literally (no % or _).
 * A numeric column's text also counts when it holds the search read as a number ("12,345" as
 * 12345), as the grid shows it grouped.
 */
function searchCondition(view: GridView, schema: readonly ResultColumn[]): string {
  const needle = quoteLiteral(view.search.trim().toLowerCase());
  const each = schema.flatMap((c) => {
    const text = `CAST(${quoteIdent(c.name)} AS VARCHAR)`;
    const plain = `contains(lower(${text}), ${needle})`;
    return view.searchNumber !== undefined && isNumberType(c.type)
      ? [plain, `contains(${text}, ${quoteLiteral(view.searchNumber)})`]
      : [plain];
  });
  return each.length > 0 ? `(${each.join(' OR ')})` : 'FALSE';
}

/** The WHERE clause of the view, or '' when it keeps every row. */
export function whereOf(view: GridView, schema: readonly ResultColumn[]): string {
  const conditions = view.filters.map((f) => condition(f, typeOf(schema, f.column)));
  if (view.search.trim() !== '') conditions.push(searchCondition(view, schema));
  return conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
}

/** The column the view is sorted by, as an ORDER BY key: empty values last either way. */
const sortKey = (sort: GridSort, schema: readonly ResultColumn[]): string =>
  `${operand(sort.column, typeOf(schema, sort.column))} ${sort.descending ? 'DESC' : 'ASC'} NULLS LAST`;

/**
 * The ORDER BY of the view. Ties are broken by DuckDB's `rowid`, the row's place in the table,
 * so that a page read at OFFSET n continues the one before it: without a total order, rows of
 * equal value may come back in another order each time, and repeat or go missing between pages.
 * A table with its own column named rowid hides the pseudo-column; then every column breaks ties.
 */
function orderOf(view: GridView, schema: readonly ResultColumn[]): string {
  if (!view.sort) return '';
  const first = sortKey(view.sort, schema);
  const hasRowid = schema.some((c) => c.name.toLowerCase() === 'rowid');
  const ties = hasRowid ? schema.map((c) => `${operand(c.name, c.type)} NULLS LAST`) : ['rowid'];
  return ` ORDER BY ${[first, ...ties].join(', ')}`;
}

export function pageSql(
  table: string,
  view: GridView,
  schema: readonly ResultColumn[],
  limit: number,
  offset: number,
): string {
  return `SELECT * FROM ${quoteIdent(table)}${whereOf(view, schema)}${orderOf(view, schema)} LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The view as a statement a person reads, changes and runs in the SQL box: the grid's filters,
 * search and sort, without its paging or its tie-break by `rowid` (rows of equal value may then
 * come in another order, which a result of its own does not mind). The plain view is the table.
 */
export function viewSql(table: string, view: GridView, schema: readonly ResultColumn[]): string {
  const sort = view.sort ? ` ORDER BY ${sortKey(view.sort, schema)}` : '';
  return `SELECT * FROM ${quoteIdent(table)}${whereOf(view, schema)}${sort}`;
}

export function countSql(table: string, view: GridView, schema: readonly ResultColumn[]): string {
  return `SELECT count(*) AS n FROM ${quoteIdent(table)}${whereOf(view, schema)}`;
}

/**
 * What a new filter on a column takes the place of: a value keeps one value, so it replaces
 * everything on its column (an exclusion beside it could only repeat or empty it); a range
 * replaces the other range or value and keeps the exclusion; an exclusion replaces the other
 * exclusion, and a value (which would keep only what it is or nothing), but keeps a range.
 */
function replaces(filter: GridFilter, other: GridFilter): boolean {
  if (other.column !== filter.column) return false;
  if (filter.kind === 'value') return true;
  if (filter.kind === 'range') return other.kind !== 'not';
  return other.kind !== 'range';
}

/** The view with this filter on its column, in place of those it replaces (above). */
export function withFilter(view: GridView, filter: GridFilter): GridView {
  return { ...view, filters: [...view.filters.filter((f) => !replaces(filter, f)), filter] };
}

/**
 * The view with one more value of a column left out: added to the column's exclusion if it has
 * one ("weather is not sun or rain", one filter and one chip), so a second Exclude narrows.
 */
export function excluding(view: GridView, column: string, value: string | null): GridView {
  const now = view.filters.find((f) => f.column === column && f.kind === 'not');
  const values = now?.kind === 'not' ? now.values : [];
  if (values.includes(value)) return view;
  return withFilter(view, { kind: 'not', column, values: [...values, value] });
}

/** The view without the column's filters, or only without its exclusion or only without the rest. */
export function withoutFilter(view: GridView, column: string, kind?: 'not' | 'keep'): GridView {
  const goes = (f: GridFilter) =>
    f.column === column && (kind === undefined || (kind === 'not') === (f.kind === 'not'));
  return { ...view, filters: view.filters.filter((f) => !goes(f)) };
}

/** The filter of a column that says what to keep (a range or a value), not its exclusion. */
export function keepFilterOf(
  view: GridView,
  column: string,
): RangeFilter | ValueFilter | undefined {
  for (const f of view.filters) if (f.column === column && f.kind !== 'not') return f;
  return undefined;
}

/** Ascending, then descending, then unsorted: the cycle of a click on a column's name. */
export function nextSort(view: GridView, column: string): GridView {
  const now = view.sort?.column === column ? view.sort : null;
  const sort = !now
    ? { column, descending: false }
    : !now.descending
      ? { column, descending: true }
      : null;
  return { ...view, sort };
}

/** Values in a list as a person writes them: "sun", "sun or rain", "sun, rain or fog". */
function orList(values: readonly string[]): string {
  if (values.length < 2) return values.join('');
  return `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

/**
 * A filter in words, for its chip: "amount from 10 to 250", "city is Paris", "city is empty",
 * "weather is not sun or rain", "location is not empty".
 */
export function describeFilter(filter: GridFilter): string {
  if (filter.kind === 'not') {
    return `${filter.column} is not ${orList(filter.values.map((v) => v ?? 'empty'))}`;
  }
  if (filter.kind === 'value') {
    return filter.value === null
      ? `${filter.column} is empty`
      : `${filter.column} is ${filter.value}`;
  }
  if (filter.from !== null && filter.to !== null) {
    return `${filter.column} from ${filter.from} to ${filter.to}`;
  }
  if (filter.from !== null) return `${filter.column} ≥ ${filter.from}`;
  if (filter.to !== null) return `${filter.column} ≤ ${filter.to}`;
  return filter.column;
}

export function describeSort(sort: GridSort, type: string): string {
  const words = isNumberType(type)
    ? ['smallest first', 'largest first']
    : isDateType(type)
      ? ['earliest first', 'latest first']
      : ['A to Z', 'Z to A'];
  return `sorted by ${sort.column}, ${words[sort.descending ? 1 : 0]}`;
}
