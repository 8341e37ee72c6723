/**
 * Whether a file is likely to fit, said before it is read (issue 30, item 2): the file's size
 * against what loading it costs where this tab keeps its tables, and the room there.
 *
 * What a byte of a file costs, measured on the bench's CSVs in the built app (BENCHMARKS.md,
 * "Larger than memory"): kept in DuckDB's database file (OPFS), the 1 GB CSV became 232 MiB of
 * file, and the session keeps the file itself as well, in the browser's storage: about 1.25 bytes
 * of storage per byte. Kept in memory, under DuckDB's memory_limit of 3.1 GiB, the 2.6 GB CSV
 * loaded and the 5 GB one ran out of memory: between 0.6 and 1.2 bytes of DuckDB's memory per
 * byte, counted as 1 (ARCHITECTURE.md, Facts: after a failure). A compressed file
 * (gzip, Parquet, a workbook) holds more rows per byte; its cost is not known before it is read,
 * so it is counted as text, and the warning is said as "may".
 */
import { formatBytes } from './bytes.ts';

/** Where the tab keeps its tables, and the room there. */
export interface Room {
  storage: 'file' | 'memory';
  /** What DuckDB may use in this tab (its memory_limit); null when unknown. */
  memoryLimitBytes: number | null;
  /** What the browser still lets Sift store on this computer (quota − usage); null when unknown. */
  storageFreeBytes: number | null;
}

/** Bytes of storage a byte of a text file takes once loaded in a database file (see above). */
export const FILE_COST = 1.25;
/** Bytes of DuckDB's memory a byte of a text file takes once loaded in memory (see above). */
export const MEMORY_COST = 1;

/** The warning for files about to be loaded, or null when they fit or nothing is known. */
export function roomWarning(files: readonly { size: number }[], room: Room): string | null {
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  if (bytes === 0) return null;
  const one = files.length === 1;
  const what = `At ${formatBytes(bytes)}, ${one ? 'this file' : 'these files'}`;
  if (room.storage === 'file') {
    const free = room.storageFreeBytes;
    const need = bytes * FILE_COST;
    if (free === null || need <= free) return null;
    return (
      `${what} may not fit: the session keeps ${one ? 'it and its table' : 'them and their tables'} ` +
      `(about ${formatBytes(need)}), and this browser lets Sift store ${formatBytes(free)} more on this computer. ` +
      'If loading fails: free some disk space, delete sessions you no longer need, or load a part of the file.'
    );
  }
  const limit = room.memoryLimitBytes;
  const need = bytes * MEMORY_COST;
  if (limit === null || need <= limit) return null;
  return (
    `${what} may need more memory than this browser tab can give DuckDB (${formatBytes(limit)}): ` +
    'a file takes about as much memory as its size here. ' +
    'If loading fails: load a sample or a filtered part of it, or a copy with only the columns you need.'
  );
}
