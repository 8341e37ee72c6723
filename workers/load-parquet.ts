/**
 * Reading a Parquet file without DuckDB's parquet extension, which duckdb-wasm 1.32 downloads
 * from the internet when `read_parquet` runs (ARCHITECTURE.md, Facts: formats). parquet-wasm
 * decodes the file a row group at a time into Arrow; DuckDB takes each group in through
 * `insertArrowFromIPCStream`, which is built in. Only one row group is in memory at a time, and
 * the File is read in slices, never whole.
 *
 * Measured against hyparquet on the same 3-million-row files (README, Dependencies): parquet-wasm
 * decoded them 3–4× faster, and its Arrow keeps DuckDB's types — decimals, lists, structs, maps,
 * timestamps with a time zone — with no conversion of ours in between.
 */
import type { ColumnName } from '../src/core/data/engine.ts';
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import { normaliseColumns, type Exec } from './table-shape.ts';

/** A Parquet file opened for reading by row group. */
export interface ParquetSource {
  readonly rowGroups: number;
  /** Each row group's size once unpacked, in bytes, as the file's metadata gives it. */
  readonly groupBytes: readonly number[];
  /** One row group (or, with null, the whole file: how an empty file gives its schema) as an Arrow IPC stream. */
  read(group: number | null): Promise<Uint8Array>;
  close(): void;
}

export interface ParquetReader {
  open(file: Blob): Promise<ParquetSource>;
}

export interface ParquetDeps {
  exec: Exec;
  parquet(): Promise<ParquetReader>;
  /** Appends an Arrow IPC stream to `table`, creating it first when `create`. */
  insertArrow(table: string, ipc: Uint8Array, create: boolean): Promise<void>;
  /** How much of the reading is done, 0 to 1: row groups read of all. */
  progress?(done: number): void;
}

export interface ParquetLoaded {
  columns: ColumnName[];
  notes: string[];
}

/** parquet-wasm's errors, e.g. "Parquet error: Invalid Parquet file. Corrupt footer", in words. */
function unreadable(message: string): Error {
  const reason = message.replace(/^(?:Error:\s*)?(?:Parquet error:\s*)?/i, '').trim();
  return new Error(`This Parquet file cannot be read: ${reason || 'it is damaged'}.`);
}

/**
 * The most one row group may hold once unpacked. A group is decoded whole into Arrow in
 * parquet-wasm's memory, copied out as an IPC stream, then copied into DuckDB's: about three times
 * its size at once (reckoned from those copies, not measured), so 1 GiB comes near 3 GiB — what a
 * 1 GB CSV already peaks at (3.4 GiB), and as much as a tab can be counted on for. Writers' groups
 * are far smaller (DuckDB writes 122,880 rows a group, Spark about 128 MB); one past this is a
 * file written as a single group.
 * The size is the one the metadata declares for the column data (after encoding, before
 * compression): decoded, dictionary-encoded text can be larger still, so this is a floor.
 */
export const MAX_ROW_GROUP_BYTES = 1024 * 1024 * 1024;

const mb = (n: number) => `${Math.ceil(n / 2 ** 20).toLocaleString('en-US')} MB`;

/** Why the file's row groups are not read, or null: the first group too large to hold. */
export function groupRefusal(
  groupBytes: readonly number[],
  max = MAX_ROW_GROUP_BYTES,
): string | null {
  const i = groupBytes.findIndex((bytes) => bytes > max);
  if (i === -1) return null;
  const which =
    groupBytes.length === 1 ? 'its one row group' : `row group ${i + 1} of ${groupBytes.length}`;
  return `This Parquet file cannot be read: ${which} is ${mb(groupBytes[i]!)} once unpacked, and Sift reads a Parquet file a row group at a time, at most ${mb(max)} each, to fit in the browser's memory. Write the file again with smaller row groups, e.g. in DuckDB: COPY (SELECT * FROM 'file.parquet') TO 'smaller.parquet' (ROW_GROUP_SIZE 100000).`;
}

export async function loadParquet(
  deps: ParquetDeps,
  table: string,
  file: File,
): Promise<ParquetLoaded> {
  const reader = await deps.parquet();
  let source: ParquetSource;
  try {
    source = await reader.open(file);
  } catch (e) {
    throw unreadable(errorMessage(e));
  }
  const refusal = groupRefusal(source.groupBytes);
  if (refusal) {
    source.close();
    throw new Error(refusal);
  }
  try {
    const groups = source.rowGroups === 0 ? [null] : [...Array(source.rowGroups).keys()];
    for (const [i, group] of groups.entries()) {
      let ipc: Uint8Array;
      try {
        ipc = await source.read(group);
      } catch (e) {
        throw unreadable(errorMessage(e));
      }
      await deps.insertArrow(table, ipc, i === 0);
      deps.progress?.((i + 1) / groups.length);
    }
  } catch (e) {
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
    throw e;
  } finally {
    source.close();
  }
  return normaliseColumns(deps.exec, table);
}
