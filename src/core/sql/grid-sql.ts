/**
 * The rows grid's view of a table (core/data/grid-view.ts) turned into the SQL that DuckDB runs
 * (issue 33, item 4: "each done by DuckDB, not in the page"). The page never holds more than the
 * pages it scrolls to, so sorting or filtering in the page could not be done on a table of
 * millions of rows anyway.
 *
 * The values a person types are quoted as literals and cast by DuckDB to the column's own type,
 * so "2024-03-01" is compared as a date and "10" as a number; a value that does not cast is
 * DuckDB's error, shown under Details (components/workspace/RowsGrid.svelte).
 */
import { isNumericType as isNumberType, NESTED } from '../data/column-type.ts';
import type { ResultColumn } from '../data/engine.ts';
import type { GridFilter, GridSort, GridView } from '../data/grid-view.ts';
import { quoteIdent, quoteLiteral } from './sql-text.ts';

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
