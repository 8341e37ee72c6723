/**
 * One file into one table, by what its head shows it to be: delimited text through DuckDB's
 * sniffer (load-csv.ts), Parquet through parquet-wasm (load-parquet.ts), JSON and JSON Lines
 * parsed in the worker into typed Arrow (load-json.ts). Throws with a message for the person.
 */
import type { ColumnName, Encoding, FileFormat } from '../src/core/data/engine.ts';
import type { HeadVerdict } from '../src/core/data/file-head.ts';
import { quoteIdent } from '../src/core/data/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import type { FileHead } from './gzip-head.ts';
import { loadCsv, notRecords, stripNuls, type Exec } from './load-csv.ts';
import { loadJson, type JsonDeps } from './load-json.ts';
import { loadParquet, type ParquetReader } from './load-parquet.ts';

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
  notes: string[];
}

/** A head verdict that may be read into a table (of the structured formats, JSON only). */
export type Readable = Extract<HeadVerdict, { kind: 'text' | 'parquet' | 'format' }>;

export async function readFile(
  deps: ReadDeps,
  table: string,
  file: File,
  read: FileHead,
  verdict: Readable,
): Promise<FileRead> {
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
  return readDelimited(deps, table, file, read, verdict);
}

/** What reading records (JSON, a sheet) needs, from the engine's reading deps. */
export function jsonDeps(deps: ReadDeps): JsonDeps {
  return { exec: deps.exec, insertArrow: deps.insertArrow, progress: deps.progress };
}

async function readDelimited(
  deps: ReadDeps,
  table: string,
  file: File,
  read: FileHead,
  verdict: Extract<HeadVerdict, { kind: 'text' }>,
): Promise<FileRead> {
  const path = deps.pathFor(file.name, read.gzip);
  await deps.registerFile(path, file);
  // The sniffer reads the head already in hand, not the file: through a file handle DuckDB
  // reads its 32 MB buffers, and sniffing and reading the header row took two of them from a
  // 100 MB file (BENCHMARKS.md, where the time goes).
  const headPath = await registerHead(deps, path, read, verdict.encoding);
  let fragments: string | null = null;
  try {
    const loaded = await loadCsv(deps.exec, table, path, file.name, verdict.encoding, headPath);
    fragments = await notRecords(deps.exec, table, loaded.columns);
    if (fragments) await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
    else {
      if (verdict.nulBytes > 0)
        loaded.notes.push(await stripNuls(deps.exec, table, verdict.nulBytes));
      if (read.gzip) loaded.notes.unshift('Unpacked from gzip while it was read.');
      return loaded;
    }
  } catch (e) {
    throw new Error(`DuckDB could not read it: ${errorMessage(e)}`);
  } finally {
    // The table holds the data now; the handle would only keep the File alive.
    await deps.unregisterFile(path).catch(() => undefined);
    if (headPath) await deps.unregisterFile(headPath).catch(() => undefined);
  }
  throw new Error(fragments);
}

/**
 * The head of a file larger than it, cut after its last line break, as a file of its own for
 * the sniffer; null when the whole file is its head, or the head has no whole line, or it is
 * UTF-16 (whose line breaks are two bytes).
 */
async function registerHead(
  deps: ReadDeps,
  path: string,
  { head, size }: FileHead,
  encoding: Encoding,
): Promise<string | null> {
  if (size <= head.length || encoding === 'utf-16') return null;
  const cut = head.lastIndexOf(0x0a);
  if (cut <= 0) return null;
  const headPath = `${path}.head`;
  await deps.registerBuffer(headPath, head.slice(0, cut + 1));
  return headPath;
}
