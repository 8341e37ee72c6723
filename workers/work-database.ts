/**
 * The tab's database file in the origin private file system (issue 30, item 3).
 *
 * An in-memory DuckDB holds tables uncompressed and cannot page them out: a 1 GB CSV peaked at
 * 3.4 GiB and a 5 GB one ran it out of memory. Opened on a file, DuckDB writes the rows it reads to
 * the file compressed and keeps in memory only the blocks it uses. Measured with duckdb-wasm 1.32
 * in Chromium 156 on the bench CSVs (BENCHMARKS.md, "Larger than memory"): the 1 GB file became a
 * 232 MiB database and the tab peaked at 0.94 GB; the 5 GB file, 37.7 million rows, loaded into
 * 1.1 GiB and answered a GROUP BY.
 *
 * duckdb-wasm opens `opfs://` paths in DuckDB's own worker with synchronous access handles, which
 * lock the file: each instance gets a file of its own (a tab, and each restart in it), so tabs
 * never contend for one. A file is removed when its instance ends; a file whose tab died is
 * removed by the next boot that finds it unlocked (a locked one belongs to a live instance). What
 * the research behind this found of duckdb-wasm's OPFS issues is in ARCHITECTURE.md, Facts: OPFS.
 */

/** The folder of the instances' files, beside nothing else of Sift's in the origin's OPFS. */
export const WORK_DIR = 'sift-work';

/** The folder, made when `create` (a new file goes in it), else null when there is none yet. */
async function workDir(create: boolean): Promise<FileSystemDirectoryHandle | null> {
  if (!workDatabasesAvailable()) return null;
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(WORK_DIR, { create }).catch((e: unknown) => {
    if (!create && (e as DOMException)?.name === 'NotFoundError') return null;
    throw e;
  });
}

/**
 * Removes the files no live instance holds: those of tabs that closed or crashed before they could
 * remove their own. A file another instance holds open refuses removal
 * (NoModificationAllowedError) and is left alone.
 */
async function removeLeftovers(dir: FileSystemDirectoryHandle, keep?: string): Promise<void> {
  const names: string[] = [];
  for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys())
    if (!keep || !`opfs://${WORK_DIR}/${name}`.startsWith(keep)) names.push(name);
  await Promise.all(names.map((name) => dir.removeEntry(name).catch(() => undefined)));
}

/**
 * Whether this tab can keep tables in a database file. Only `npm run bench` builds Sift with its
 * tables in memory, to measure against the file (bench/larger-than-memory.mjs).
 */
export function workDatabasesAvailable(): boolean {
  return (
    import.meta.env.VITE_SIFT_TABLES !== 'memory' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.storage?.getDirectory === 'function'
  );
}

/** Removes the files of instances that ended without removing their own (see removeLeftovers). */
export async function clearWorkDatabases(): Promise<void> {
  // A tab that never needed a file leaves no folder behind.
  const dir = await workDir(false).catch(() => null);
  if (dir) await removeLeftovers(dir).catch(() => undefined);
}

/**
 * A fresh path for one instance's database, `opfs://sift-work/<uuid>.db`, or null where the
 * browser has no OPFS (the instance then keeps its tables in memory, as before). `keep` is a
 * file handed over by an instance just ended, which is not a leftover.
 */
export async function newWorkDatabase(keep?: string): Promise<string | null> {
  try {
    const dir = await workDir(true);
    if (!dir) return null;
    // Not the file an ended instance handed over to this one (resilient-engine.ts, restart).
    await removeLeftovers(dir, keep);
    return `opfs://${WORK_DIR}/${crypto.randomUUID()}.db`;
  } catch {
    return null;
  }
}

/**
 * Removes an instance's database and its write-ahead log once the instance has ended. Ending
 * DuckDB's worker releases its access handles, but not at once: the removal is tried again for a
 * while (duckdb-wasm#2111 and sqlrooms#531: a worker not yet gone still holds the lock).
 */
export async function removeWorkDatabase(path: string, tries = 20): Promise<void> {
  const dir = await workDir(false).catch(() => null);
  if (!dir) return;
  const name = path.slice(`opfs://${WORK_DIR}/`.length);
  for (const file of [name, `${name}.wal`]) {
    for (let attempt = 0; attempt < tries; attempt++) {
      try {
        await dir.removeEntry(file);
        break;
      } catch (e) {
        if ((e as DOMException)?.name === 'NotFoundError') break;
        await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      }
    }
  }
}
