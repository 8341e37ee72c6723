/**
 * Reading an Excel workbook (.xlsx): read-excel-file unpacks it (its web-worker build, which
 * starts no worker of its own: this is one), `sheetTable` finds each sheet's header below any
 * title rows, and the rows, typed one kind per column, go through duckdb-wasm's JSON import like
 * a JSON file (load-json.ts), with the header's order and names.
 */
import { cleanColumnNames, tableNameFor } from '../src/core/data/column-names.ts';
import type { LoadOutcome, TableInfo } from '../src/core/data/engine.ts';
import { quoteIdent } from '../src/core/data/sql-text.ts';
import { sheetRecords, sheetTable, type SheetCell } from '../src/core/data/sheet-table.ts';
import { errorMessage } from '../src/core/errors.ts';
import { loadRecords, type JsonDeps } from './load-json.ts';
import type { FileRead } from './read-file.ts';
import type { Shaped } from './table-shape.ts';

export interface Sheet {
  name: string;
  data: SheetCell[][];
}

/** The workbook's sheets, in order; throws with a message for the person. */
export async function readWorkbook(file: Blob): Promise<Sheet[]> {
  const { default: readXlsx } = await import('read-excel-file/web-worker');
  try {
    const sheets = await readXlsx(file);
    return sheets.map((s) => ({ name: s.sheet, data: s.data as SheetCell[][] }));
  } catch (e) {
    const reason = errorMessage(e).replace(/`/g, '');
    throw new Error(
      `This is a ZIP archive that could not be read as an Excel workbook (.xlsx): ${reason}.`,
    );
  }
}

/** One sheet into `table`; null when the sheet is empty. */
export async function loadSheet(
  deps: JsonDeps,
  table: string,
  sheet: Sheet,
): Promise<Shaped | null> {
  const found = sheetTable(sheet.data);
  if (!found) return null;
  const names = cleanColumnNames(found.header);
  const notes: string[] = [];
  if (found.titleRows > 0)
    notes.push(
      `${found.titleRows} row${found.titleRows === 1 ? '' : 's'} above the header (a title) ${found.titleRows === 1 ? 'was' : 'were'} left out.`,
    );
  if (found.rows.length === 0) {
    const columns = names.map((n) => `${quoteIdent(n)} VARCHAR`).join(', ');
    await deps.exec(`CREATE TABLE ${quoteIdent(table)} (${columns})`);
  } else {
    const loaded = await loadRecords(deps, table, sheetRecords(names, found.rows));
    notes.push(...loaded.notes);
  }
  return {
    columns: names.map((name, i) => ({ original: found.header[i] ?? null, name })),
    notes,
  };
}

export interface WorkbookDeps {
  json: JsonDeps;
  /** The table names taken so far. */
  taken(): ReadonlySet<string>;
  /** Records a table read, as the engine tells the page about it. */
  keep(table: string, got: FileRead): Promise<TableInfo>;
}

/**
 * Every sheet with data of a workbook, each a table: named as any file is (`nameFor`) when it
 * has one such sheet, for its sheet when it has several; only `wanted` when reopening a session.
 */
export async function loadWorkbook(
  deps: WorkbookDeps,
  file: File,
  nameFor: (fallback: string) => string,
  wanted: string | undefined,
): Promise<LoadOutcome[]> {
  const fail = (message: string): LoadOutcome => ({ ok: false, fileName: file.name, message });
  let sheets: Sheet[];
  try {
    sheets = await readWorkbook(file);
  } catch (e) {
    return [fail(errorMessage(e))];
  }
  const chosen = sheets.filter((s) => wanted === undefined || s.name === wanted);
  if (chosen.length === 0) return [fail(`The workbook has no sheet named "${wanted}".`)];
  const withData = chosen.filter((s) => sheetTable(s.data) !== null);
  const outcomes: LoadOutcome[] = [];
  for (const s of withData) {
    const table =
      withData.length > 1 ? tableNameFor(`${s.name}.sheet`, deps.taken()) : nameFor(file.name);
    try {
      const shaped = await loadSheet(deps.json, table, s);
      if (!shaped) continue;
      const got: FileRead = { ...shaped, format: 'xlsx', encoding: 'utf-8', sheet: s.name };
      outcomes.push({ ok: true, table: await deps.keep(table, got) });
    } catch (e) {
      await deps.json.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
      outcomes.push(fail(`The sheet "${s.name}" could not be read: ${errorMessage(e)}`));
    }
  }
  return outcomes.length ? outcomes : [fail('The workbook has no sheet with data.')];
}
