/**
 * What the rows grid shows of a table: its sort, its filters and a text search, and how a
 * person's change makes the next view. The SQL that DuckDB runs for a view is sql/grid-sql.ts.
 */
import { isNumericType as isNumberType } from './column-type.ts';
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
