/**
 * Reading an Excel workbook (.xlsx): read-excel-file unpacks it (its web-worker build, which
 * starts no worker of its own: this is one), `sheetTable` finds each sheet's header below any
 * title rows, and the rows, typed one kind per column, go through duckdb-wasm's JSON import like
 * a JSON file (load-json.ts), with the header's order and names.
 */
import { cleanColumnNames, tableNameFor } from '../src/core/reading/column-names.ts';
import type {
  ColumnConversion,
  LoadOutcome,
  ReadChoice,
  TableInfo,
} from '../src/core/data/engine.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import { sheetRecords, sheetTable, type SheetCell } from '../src/core/reading/sheet-table.ts';
import { errorMessage } from '../src/core/errors.ts';
import { loadRecords, type JsonDeps } from './load-json.ts';
import { withLocalFormats } from './local-formats.ts';
import type { FileRead } from './read-types.ts';
import type { Shaped } from './table-shape.ts';
import { NotAZip, blobRange, zipDirectory, type ZipEntry } from './zip-directory.ts';

export interface Sheet {
  name: string;
  data: SheetCell[][];
}

/**
 * The most a workbook may unpack to, all its entries together. read-excel-file takes the whole
 * file, unpacks every sheet's XML into memory at once and parses it there: reading a workbook of
 * 100,000 rows × 10 columns written by write-excel-file (5.5 MB; 38 MB of XML, about 380 bytes a
 * row) took 218 MB more than Node's own at its peak, six times its XML, before Sift builds its
 * table. At 512 MiB of XML that is about 3 GiB,
 * what a 1 GB CSV already peaks at (3.4 GiB), and past it the tab runs out of memory with no
 * word why. 512 MiB still holds a full Excel sheet (1,048,576 rows) of 10 columns, about 400 MB.
 */
export const MAX_WORKBOOK_UNPACKED_BYTES = 512 * 1024 * 1024;

/**
 * The most an entry may say it unpacks to per byte packed: deflate cannot do better than about
 * 1032 to 1 (a 258-byte match in two bits), so an entry claiming more is not telling the truth
 * (sheets' XML packs 5 to 10 to 1; a sheet of one repeated value, a few hundred). The slack lets
 * a near-empty entry's few bytes of header count for nothing.
 */
export const MAX_ZIP_RATIO = 1032;
const RATIO_SLACK = 1024;

const mb = (n: number) => `${Math.ceil(n / 2 ** 20).toLocaleString('en-US')} MB`;

/**
 * Why a workbook with these entries is not unpacked, or null. The sizes are what its directory
 * declares, and a directory can lie; here that is enough, since fflate (which read-excel-file
 * unpacks with) gives each entry a buffer of its declared size and never grows it, so a lying
 * entry is cut short (a damaged workbook), not unpacked past its claim. Were that to change, a
 * stream counting the bytes as they are inflated would catch it; read-excel-file has no way in.
 */
export function unpackRefusal(
  entries: ZipEntry[],
  max = MAX_WORKBOOK_UNPACKED_BYTES,
): string | null {
  const lying = entries.find(
    (e) => e.method !== 0 && e.uncompressed > MAX_ZIP_RATIO * e.compressed + RATIO_SLACK,
  );
  if (lying)
    return `This workbook cannot be read: its part "${lying.name}" claims to unpack from ${lying.compressed.toLocaleString('en-US')} bytes to ${mb(lying.uncompressed)}, more than any real compression gives. The file is damaged or was made to fill memory; save the workbook again from the program that made it.`;
  const total = entries.reduce((sum, e) => sum + e.uncompressed, 0);
  if (total > max)
    return `This workbook unpacks to ${mb(total)}: Sift unpacks a workbook whole, and a browser tab holds at most about ${mb(max)} of it. Save each sheet as CSV (or the data as Parquet) and load those.`;
  return null;
}

/** The workbook's sheets, in order; throws with a message for the person. */
export async function readWorkbook(file: Blob): Promise<Sheet[]> {
  let entries: ZipEntry[];
  try {
    entries = await zipDirectory(blobRange(file), file.size);
  } catch (e) {
    if (!(e instanceof NotAZip)) throw e;
    throw new Error(
      `This is a ZIP archive that could not be read as an Excel workbook (.xlsx): ${e.message}.`,
    );
  }
  const refusal = unpackRefusal(entries);
  if (refusal) throw new Error(refusal);
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
  /** Keep text cells that are numbers or dates in a local format as written. */
  asWritten = false,
): Promise<(Shaped & { conversions?: ColumnConversion[] }) | null> {
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
  const columns = names.map((name, i) => ({ original: found.header[i] ?? null, name }));
  if (asWritten || found.rows.length === 0) return { columns, notes };
  // Text cells of amounts and dates ("1 234,56 €", typed or pasted into a sheet) as CSV's are.
  return withLocalFormats(deps.exec, table, { columns, notes });
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
  choice: ReadChoice,
  /** One table only (a workbook read in a table's place): its first sheet with data. */
  one = false,
): Promise<LoadOutcome[]> {
  const wanted = choice.sheet;
  const fail = (message: string): LoadOutcome => ({ ok: false, fileName: file.name, message });
  let sheets: Sheet[];
  try {
    sheets = await readWorkbook(file);
  } catch (e) {
    return [fail(errorMessage(e))];
  }
  const chosen = sheets.filter((s) => wanted === undefined || s.name === wanted);
  if (chosen.length === 0) return [fail(`The workbook has no sheet named "${wanted}".`)];
  const found = chosen.filter((s) => sheetTable(s.data) !== null);
  const withData = one ? found.slice(0, 1) : found;
  const outcomes: LoadOutcome[] = [];
  for (const s of withData) {
    const table =
      withData.length > 1 ? tableNameFor(`${s.name}.sheet`, deps.taken()) : nameFor(file.name);
    try {
      const shaped = await loadSheet(deps.json, table, s, choice.asWritten);
      if (!shaped) continue;
      const got: FileRead = {
        ...shaped,
        format: 'xlsx',
        encoding: 'utf-8',
        sheet: s.name,
        ...(choice.asWritten ? { asWritten: true } : {}),
      };
      outcomes.push({ ok: true, table: await deps.keep(table, got) });
    } catch (e) {
      await deps.json.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
      outcomes.push(fail(`The sheet "${s.name}" could not be read: ${errorMessage(e)}`));
    }
  }
  return outcomes.length ? outcomes : [fail('The workbook has no sheet with data.')];
}
