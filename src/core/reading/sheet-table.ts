/**
 * A spreadsheet's cells as a table: where the header row is (below any title rows, whose text
 * sits in the first cell of a merged range), what each column holds, and the rows as records of
 * one type per column — what DuckDB's JSON import then reads (workers/load-xlsx.ts).
 */

export type SheetCell = string | number | boolean | Date | null;

export interface SheetTable {
  /** The header row's text; null for every column when the sheet has no header row. */
  header: Array<string | null>;
  rows: SheetCell[][];
  /** Rows above the header (a title, a blank line) that were left out. */
  titleRows: number;
}

const filled = (row: SheetCell[]) =>
  row.reduce<number>((n, c) => (c === null || c === '' ? n : n + 1), 0);

/** How many rows are looked at to find the header. */
const HEADER_SEARCH = 20;

/** The table a sheet holds; null when the sheet is empty. */
export function sheetTable(data: SheetCell[][]): SheetTable | null {
  const rows = data.filter((r) => filled(r) > 0);
  if (rows.length === 0) return null;
  const width = Math.max(...data.map((r) => lastFilled(r) + 1));
  const widest = Math.max(...rows.slice(0, 50).map(filled));
  // The header: the first row nearly as full as the fullest one near the top. A title row has
  // one cell (a merged range keeps its value in the first cell only).
  const start = data.findIndex(
    (r, i) => i < HEADER_SEARCH && filled(r) >= Math.max(1, Math.ceil(widest * 0.6)),
  );
  const headerIndex = start < 0 ? data.indexOf(rows[0]!) : start;
  const candidate = data[headerIndex]!;
  const isHeader =
    candidate.every((c) => c === null || typeof c === 'string') &&
    data.slice(headerIndex + 1).some((r) => filled(r) > 0);
  const pad = (r: SheetCell[]) => Array.from({ length: width }, (_, j) => r[j] ?? null);
  const body = data.slice(isHeader ? headerIndex + 1 : headerIndex).filter((r) => filled(r) > 0);
  return {
    header: isHeader
      ? pad(candidate).map((c) => (c === null || c === '' ? null : String(c).trim()))
      : Array.from({ length: width }, () => null),
    rows: body.map(pad),
    titleRows: data.slice(0, headerIndex).filter((r) => filled(r) > 0).length,
  };
}

function lastFilled(row: SheetCell[]): number {
  for (let j = row.length - 1; j >= 0; j--) if (row[j] !== null && row[j] !== '') return j;
  return -1;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A spreadsheet date (read as UTC) as text DuckDB reads: a date, or a date and time. */
function dateText(d: Date, withTime: boolean): string {
  const day = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
  if (!withTime) return day;
  return `${day} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

const isMidnight = (d: Date) =>
  d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;

export type JsonCell = string | number | boolean | null;

/**
 * The rows as records under `names`, each column of one kind: numbers, booleans or dates when
 * every value is one, otherwise text (a column of codes mixing 7 and "A7" stays text, numbers
 * written as they are). Dates are dates when every one is at midnight, else date and time.
 */
export function sheetRecords(names: string[], rows: SheetCell[][]): Record<string, JsonCell>[] {
  const kinds = columnKinds(names, rows);
  return rows.map((r) =>
    Object.fromEntries(
      names.map((name, j) => {
        const v = r[j] ?? null;
        if (v === null || v === '') return [name, null];
        if (v instanceof Date) return [name, dateText(v, kinds[j] !== 'date')];
        if (kinds[j] === 'text') return [name, String(v)];
        return [name, v];
      }),
    ),
  );
}

export type ColumnKind = 'number' | 'boolean' | 'date' | 'datetime' | 'text';

/** What each column holds: one kind when every value is of it, else text. */
export function columnKinds(names: string[], rows: SheetCell[][]): ColumnKind[] {
  return names.map((_, j) => {
    const values = rows.map((r) => r[j]).filter((v) => v !== null && v !== undefined && v !== '');
    const all = (test: (v: SheetCell | undefined) => boolean) =>
      values.length > 0 && values.every(test);
    if (all((v) => typeof v === 'number')) return 'number';
    if (all((v) => typeof v === 'boolean')) return 'boolean';
    if (all((v) => v instanceof Date))
      return values.every((v) => isMidnight(v as Date)) ? 'date' : 'datetime';
    return 'text';
  });
}
