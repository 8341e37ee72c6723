/**
 * What reading a file into a table is given (the worker's DuckDB, as ReadDeps) and what it
 * returns (FileRead): shared by read-file.ts and the readers it sends a file to.
 */
import type { TableInfo } from '../src/core/data/engine.ts';
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

/** What reading a file found: the table's description less what the engine adds after. */
export type FileRead = Pick<
  TableInfo,
  | 'columns'
  | 'format'
  | 'sheet'
  | 'encoding'
  | 'readAs'
  | 'notes'
  | 'conversions'
  | 'asWritten'
  | 'dates'
  | 'recipe'
>;
