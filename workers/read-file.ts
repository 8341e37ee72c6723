/**
 * One file into one table, by what its head shows it to be: delimited text through DuckDB's
 * sniffer (load-csv.ts), Parquet through parquet-wasm (load-parquet.ts), JSON and JSON Lines
 * parsed in the worker into typed Arrow (load-json.ts). Throws with a message for the person.
 */
import type {
  ColumnConversion,
  ColumnName,
  Encoding,
  FileFormat,
  ReadChoice,
} from '../src/core/data/engine.ts';
import { HEAD_BYTES, type HeadVerdict } from '../src/core/data/file-head.ts';
import { ENCODINGS, guessSingleByte } from '../src/core/data/text-encoding.ts';
import { quoteIdent } from '../src/core/data/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import type { FileHead } from './gzip-head.ts';
import { loadCsv, NotUtf8, notRecords, stripNuls, type Exec } from './load-csv.ts';
import { contents, loadJson, type JsonDeps } from './load-json.ts';
import { loadParquet, type ParquetReader } from './load-parquet.ts';
import { readLocalFormats, sniffedDateNotes } from './local-formats.ts';
import { toUtf8File } from './transcode.ts';
import { fields, framing, trailer, type Framing } from '../src/core/data/title-lines.ts';
import type { Row } from '../src/core/data/profile.ts';

export interface ReadDeps {
  exec: Exec;
  /** A fresh path under uploads/ for `fileName` (gzip files keep or get a `.gz` ending). */
  pathFor(fileName: string, gzip: boolean): string;
  registerFile(path: string, file: File): Promise<void>;
  registerBuffer(path: string, bytes: Uint8Array): Promise<void>;
  unregisterFile(path: string): Promise<void>;
  parquet(): Promise<ParquetReader>;
  insertArrow(table: string, ipc: Uint8Array, create: boolean): Promise<void>;
  /** How much of the file's reading is done, 0 to 1, for a reader that can tell. */
  progress?(done: number): void;
}

export interface FileRead {
  columns: ColumnName[];
  format: FileFormat;
  sheet?: string;
  encoding: Encoding;
  /** The encoding the person chose, when they did (kept with the session). */
  readAs?: Encoding;
  notes: string[];
  conversions?: ColumnConversion[];
  /** The person chose to keep numbers and dates as written. */
  asWritten?: boolean;
}

/** A head verdict that may be read into a table (of the structured formats, JSON only). */
export type Readable = Extract<HeadVerdict, { kind: 'text' | 'parquet' | 'format' }>;

export async function readFile(
  deps: ReadDeps,
  table: string,
  file: File,
  read: FileHead,
  verdict: Readable,
  /** The person's choices: an encoding ("Read as…"; Sift's guess when absent), keeping text as written. */
  choice: ReadChoice = {},
): Promise<FileRead> {
  const chosen = choice.encoding;
  const asWritten = choice.asWritten ?? false;
  if (verdict.kind === 'parquet') {
    if (read.gzip) throw new Error('This is a gzipped Parquet file; unpack it first.');
    const loaded = await loadParquet(deps, table, file);
    return { ...loaded, format: 'parquet', encoding: 'utf-8' };
  }
  if (verdict.kind === 'format') {
    if (verdict.format !== 'JSON' && verdict.format !== 'JSON Lines')
      throw new Error(`This file cannot be read: ${verdict.reason}.`);
    const kind = verdict.format === 'JSON Lines' ? 'jsonl' : 'json';
    const loaded = await loadJson(jsonDeps(deps), table, file, kind, read.gzip);
    if (read.gzip) loaded.notes.unshift('Unpacked from gzip while it was read.');
    return { ...loaded, format: kind, encoding: 'utf-8' };
  }
  const encoding = chosen ?? verdict.encoding;
  try {
    const loaded = await readDelimited(
      deps,
      table,
      file,
      read,
      verdict.nulBytes,
      encoding,
      asWritten,
    );
    return {
      ...loaded,
      encoding,
      ...(chosen ? { readAs: chosen } : {}),
      notes: [...encodingNote(encoding, chosen), ...loaded.notes],
    };
  } catch (e) {
    if (!(e instanceof NotUtf8) || encoding !== 'utf-8' || chosen) throw e;
  }
  // Not UTF-8 past the head the encoding was judged from: judged again where it is not.
  const guess = await encodingPastHead(file, read.gzip);
  const loaded = await readDelimited(deps, table, file, read, verdict.nulBytes, guess, asWritten);
  const note = `The file is UTF-8 at its start but not further on; it was read as ${ENCODINGS[guess]}. If the text looks wrong, choose another encoding under “Read as…”.`;
  return { ...loaded, encoding: guess, notes: [note, ...loaded.notes] };
}

/** What the page says of an encoding other than UTF-8. */
function encodingNote(encoding: Encoding, chosen: Encoding | undefined): string[] {
  if (encoding === 'utf-8') return [];
  if (chosen) return [`Read as ${ENCODINGS[encoding]}, as you chose.`];
  if (encoding === 'utf-16le' || encoding === 'utf-16be')
    return [
      `The file is ${ENCODINGS[encoding]} text (as Excel's “Unicode text” is); it was read as such.`,
    ];
  return [
    `The file is not UTF-8; its letters read as ${ENCODINGS[encoding]}. If the text looks wrong, choose another encoding under “Read as…”.`,
  ];
}

/** What reading records (JSON, a sheet) needs, from the engine's reading deps. */
export function jsonDeps(deps: ReadDeps): JsonDeps {
  return { exec: deps.exec, insertArrow: deps.insertArrow, progress: deps.progress };
}

/**
 * A file's bytes in slices of 8 MB: in a Chromium worker, reading 100 MB this way took 0.49 s
 * where `File.stream()` (2 MB chunks) took 0.85 s (measured, Chromium 156).
 */
function sliced(file: File, read?: (bytes: number) => void): ReadableStream<Uint8Array> {
  const SLICE = 8 * 1024 * 1024;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= file.size) return controller.close();
      const bytes = new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer());
      at += bytes.length;
      read?.(at);
      controller.enqueue(bytes);
    },
  });
}

/** The single-byte encoding of the first stretch of the file that is not UTF-8. */
async function encodingPastHead(file: File, gzip: boolean): Promise<Encoding> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const reader = contents(file, gzip).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      try {
        decoder.decode(value, { stream: true });
      } catch {
        return guessSingleByte(value);
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return 'windows-1252';
}

async function readDelimited(
  deps: ReadDeps,
  table: string,
  original: File,
  originalHead: FileHead,
  nulBytes: number,
  encoding: Encoding,
  /** Keep numbers and dates in local formats as the text they are. */
  asWritten: boolean,
): Promise<Omit<FileRead, 'encoding'>> {
  let file = original;
  let read = originalHead;
  if (encoding !== 'utf-8') {
    // DuckDB reads UTF-8 only (without its encodings extension): the file is made so as it
    // streams (transcode.ts), and the copy is what DuckDB and the sniffer read.
    // Told as the first half of the reading: DuckDB's own, after it, cannot say how far it is.
    const { progress } = deps;
    const told = progress && ((bytes: number) => progress((bytes / original.size) * 0.5));
    const source = originalHead.gzip ? contents(original, true, told) : sliced(original, told);
    file = await toUtf8File(source, encoding, original.name);
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    read = { head, size: file.size, gzip: false };
  }
  const path = deps.pathFor(original.name, read.gzip);
  await deps.registerFile(path, file);
  // The sniffer reads the head already in hand, not the file: through a file handle DuckDB
  // reads its 32 MB buffers, and sniffing and reading the header row took two of them from a
  // 100 MB file (BENCHMARKS.md, where the time goes).
  const headPath = await registerHead(deps, path, read);
  let fragments: string | null = null;
  const frame = framing(headText(read.head));
  try {
    const how = { headPath, skip: frame?.skip ?? 0 };
    const { dateFormat, ...csv } = await loadCsv(deps.exec, table, path, original.name, how);
    let loaded: Omit<FileRead, 'encoding'> = csv;
    fragments = await notRecords(deps.exec, table, loaded.columns);
    if (fragments) await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
    else {
      if (frame?.titles.length) loaded.notes.unshift(titleNote(frame.titles));
      if (frame && !read.gzip) {
        const below = await dropTrailer(deps.exec, table, file, frame);
        if (below) loaded.notes.push(below);
      }
      if (nulBytes > 0) loaded.notes.push(await stripNuls(deps.exec, table, nulBytes));
      if (originalHead.gzip) loaded.notes.unshift('Unpacked from gzip while it was read.');
      loaded.notes.push(...(await sniffedDateNotes(deps.exec, table, dateFormat)));
      if (asWritten) return { ...loaded, asWritten: true };
      // A column DuckDB read as 1.234 in a file that writes 1.234,56 is read again as text.
      const reread = async (asText: string[]) => {
        await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
        const again = await loadCsv(deps.exec, table, path, original.name, { ...how, asText });
        if (nulBytes > 0) await stripNuls(deps.exec, table, nulBytes);
        if (frame && !read.gzip) await dropTrailer(deps.exec, table, file, frame);
        loaded = { ...loaded, columns: again.columns };
        return again.columns;
      };
      try {
        const converted = await readLocalFormats(deps.exec, table, loaded.columns, reread);
        if (converted.conversions.length === 0) return loaded;
        return { ...loaded, columns: converted.columns, conversions: converted.conversions };
      } catch (e) {
        // The table as DuckDB read it stands: its text is all there, only not converted.
        const why = errorMessage(e).split('\n')[0];
        return {
          ...loaded,
          notes: [...loaded.notes, `Numbers and dates in local formats were left as text: ${why}`],
        };
      }
    }
  } catch (e) {
    if (e instanceof NotUtf8) throw e;
    throw new Error(`DuckDB could not read it: ${errorMessage(e)}`);
  } finally {
    // The table holds the data now; the handle would only keep the File alive.
    await deps.unregisterFile(path).catch(() => undefined);
    if (headPath) await deps.unregisterFile(headPath).catch(() => undefined);
  }
  throw new Error(fragments);
}

/** The head's text up to its last whole line. */
function headText(head: Uint8Array): string {
  const cut = head.lastIndexOf(0x0a);
  return new TextDecoder().decode(cut < 0 ? head : head.subarray(0, cut + 1));
}

const clipped = (line: string) => (line.length > 80 ? `${line.slice(0, 80)}…` : line);

function titleNote(titles: string[]): string {
  const quoted = titles.map((t) => `“${clipped(t)}”`).join(', ');
  return titles.length === 1
    ? `The line above the header, ${quoted}, is a title and was left out of the table.`
    : `${titles.length} lines above the header were left out of the table: ${quoted}.`;
}

/**
 * The last rows, when the file ends with lines that are not rows of its table (a closing
 * total): removed, and said. Only when the table's last rows are those lines, value for value.
 */
async function dropTrailer(
  exec: Exec,
  table: string,
  file: File,
  frame: Framing,
): Promise<string | null> {
  const tail = await file.slice(Math.max(0, file.size - TAIL_BYTES)).text();
  const lines = trailer(tail, frame.delimiter, frame.widest);
  if (lines.length === 0) return null;
  const t = quoteIdent(table);
  const last = await exec(
    `SELECT * FROM ${t} WHERE rowid >= (SELECT count(*) FROM ${t}) - ${lines.length} ORDER BY rowid`,
  );
  const filledOf = (r: Row) =>
    Object.values(r).filter((v) => v !== null && String(v).trim() !== '').length;
  const same =
    last.length === lines.length &&
    last.every((r, i) => filledOf(r) === fields(lines[i]!, frame.delimiter).filter(Boolean).length);
  if (!same) return null;
  await exec(`DELETE FROM ${t} WHERE rowid >= (SELECT count(*) FROM ${t}) - ${lines.length}`);
  const quoted = lines.map(
    (l) => `“${clipped(fields(l, frame.delimiter).filter(Boolean).join(' '))}”`,
  );
  return lines.length === 1
    ? `The last line, ${quoted[0]}, is a total below the table and was left out of it.`
    : `The last ${lines.length} lines are totals below the table and were left out of it: ${quoted.join(', ')}.`;
}

/** How much of a file's end is read for lines below its table. */
const TAIL_BYTES = 64 * 1024;

/**
 * The head of a file larger than it, cut after its last line break, as a file of its own for
 * the sniffer; null when the whole file is its head, or the head has no whole line.
 */
async function registerHead(
  deps: ReadDeps,
  path: string,
  { head, size }: FileHead,
): Promise<string | null> {
  if (size <= head.length) return null;
  const cut = head.lastIndexOf(0x0a);
  if (cut <= 0) return null;
  const headPath = `${path}.head`;
  await deps.registerBuffer(headPath, head.slice(0, cut + 1));
  return headPath;
}
