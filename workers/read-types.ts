/**
 * What reading a file into a table is given (the worker's DuckDB, as ReadDeps) and what it
 * returns (FileRead): shared by read-file.ts and the readers it sends a file to.
 */
import type {
  ColumnConversion,
  ColumnName,
  Encoding,
  FileFormat,
} from '../src/core/data/engine.ts';
import type { DateOrderChoice } from '../src/core/data/date-order.ts';
import type { Exec } from './load-csv.ts';
import type { ParquetReader } from './load-parquet.ts';

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
  /** The order the person chose for dates no value settles. */
  dates?: DateOrderChoice;
}
