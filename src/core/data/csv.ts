/**
 * Tables as CSV for download: RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180) with CRLF line
 * ends, plus a guard against spreadsheet formula injection, because the cells come from a
 * file and a model and the person will open the download in Excel or Sheets.
 */
import type { Cell } from './cell.ts';
import { quoteLiteral } from '../sql/sql-text.ts';

/**
 * Characters that make a spreadsheet read a text cell as a formula (OWASP, "CSV Injection").
 * Such a cell gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 * One list for the page's CSV and the one DuckDB writes (`textFieldSql`).
 */
const FORMULA_FIRST = ['=', '+', '-', '@', '\t', '\r'];
const startsFormula = (text: string): boolean => FORMULA_FIRST.includes(text.charAt(0));

const NEEDS_QUOTES = /[",\r\n]/;

function field(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return textField(cell);
}

/** A text cell, guarded against formula injection and quoted where it needs to be. */
export function textField(text: string): string {
  const guarded = startsFormula(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/**
 * `textField` as DuckDB SQL, for a column already cast to VARCHAR (`column` is its quoted name):
 * the same guard and the same quoting, so that a whole result's lines are made in DuckDB, one
 * value a row crossing to JavaScript instead of one a cell (workers/export-csv.ts; measured on
 * 766,000 rows × 12 columns: decoding each cell from Arrow was most of 16 s). A NULL is empty.
 */
export function textFieldSql(column: string): string {
  const first = FORMULA_FIRST.map(quoteLiteral).join(', ');
  const guarded = `CASE WHEN left(${column}, 1) IN (${first}) THEN '''' || ${column} ELSE ${column} END`;
  // The apostrophe the guard adds needs no quotes: the text needs them exactly when it did.
  return `CASE WHEN ${column} IS NULL THEN '' WHEN regexp_matches(${column}, '[",\r\n]') THEN '"' || replace(${guarded}, '"', '""') || '"' ELSE ${guarded} END`;
}

/** The header line and one line per row, each ended by CRLF. Headers are guarded like cells. */
export function toCsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [headers.map(field).join(',')];
  for (const row of rows) lines.push(row.map(field).join(','));
  return lines.join('\r\n') + '\r\n';
}

/**
 * The table as tab-separated text, which spreadsheets and documents paste as a table (the copy
 * buttons). A tab or line break inside a cell would start another cell or row: it becomes a space.
 */
export function toTsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cell = (value: Cell | string) =>
    value === null ? '' : String(value).replace(/[\t\r\n]+/g, ' ');
  return [headers, ...rows].map((row) => row.map(cell).join('\t')).join('\n') + '\n';
}
