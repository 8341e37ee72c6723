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
 * never contend for one. A file is removed when its instance ends, unless a stored session keeps
 * it to reopen from (resilient-engine.ts, reset); a file no session keeps and no instance holds is
 * removed when the page next names the files its sessions keep (`forgetDatabases`). What
 * the research behind this found of duckdb-wasm's OPFS issues is in ARCHITECTURE.md, Facts: OPFS.
 */

import type { KeptDatabase } from '../src/core/data/engine.ts';

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

/** The names of the folder's entries. */
async function entries(dir: FileSystemDirectoryHandle): Promise<string[]> {
  const names: string[] = [];
  for await (const name of (dir as unknown as { keys(): AsyncIterable<string> }).keys())
    names.push(name);
  return names;
}

/** A database file's path from its name, as `TableInfo.database` gives it. */
export const databasePath = (database: string): string => `opfs://${WORK_DIR}/${database}`;

/** The name of the database file at `path`, or undefined for a path not in the folder. */
export const databaseName = (path: string): string | undefined =>
  path.startsWith(`opfs://${WORK_DIR}/`) ? path.slice(`opfs://${WORK_DIR}/`.length) : undefined;

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

/**
 * A fresh path for one instance's database, `opfs://sift-work/<uuid>.db`, or null where the
 * browser has no OPFS (the instance then keeps its tables in memory, as before).
 */
export async function newWorkDatabase(): Promise<string | null> {
  try {
    const dir = await workDir(true);
    return dir ? databasePath(`${crypto.randomUUID()}.db`) : null;
  } catch {
    return null;
  }
}

/** Whether the database file `database` is in this browser's storage. */
export async function databaseExists(database: string): Promise<boolean> {
  const dir = await workDir(false).catch(() => null);
  if (!dir) return false;
  return dir.getFileHandle(database).then(
    () => true,
    () => false,
  );
}

/**
 * The database files in the folder and their bytes, each with its write-ahead log. A file an
 * instance holds open is measured too: Chromium lets `getFile` read one that a synchronous access
 * handle locks (the engine suite measures the open one).
 */
export async function listDatabases(): Promise<KeptDatabase[]> {
  const dir = await workDir(false).catch(() => null);
  if (!dir) return [];
  const names = await entries(dir);
  const size = (name: string) =>
    dir
      .getFileHandle(name)
      .then((h) => h.getFile())
      .then((f) => f.size)
      .catch(() => 0);
  const found: KeptDatabase[] = [];
  for (const name of names.filter((n) => n.endsWith('.db')))
    found.push({ database: name, bytes: (await size(name)) + (await size(`${name}.wal`)) });
  return found;
}

/**
 * Removes the database files not named in `keep`: those of instances that ended without removing
 * their own (a tab closed or crashed), and those of sessions deleted. A file an instance holds
 * open refuses removal (NoModificationAllowedError) and is left alone; the page names the files
 * its stored sessions keep (state/sessions.svelte.ts), so a reload finds its session's file.
 */
export async function forgetDatabases(keep: string[]): Promise<void> {
  const dir = await workDir(false).catch(() => null);
  if (!dir) return;
  const kept = new Set(keep.flatMap((name) => [name, `${name}.wal`]));
  const names = (await entries(dir)).filter((name) => !kept.has(name));
  await Promise.all(names.map((name) => dir.removeEntry(name).catch(() => undefined)));
}

/**
 * Removes an instance's database and its write-ahead log once the instance has ended. Ending
 * DuckDB's worker releases its access handles, but not at once: the removal is tried again for a
 * while (duckdb-wasm#2111 and sqlrooms#531: a worker not yet gone still holds the lock).
 */
export async function removeWorkDatabase(path: string, tries = 20): Promise<void> {
  const dir = await workDir(false).catch(() => null);
  if (!dir) return;
  const name = databaseName(path);
  if (!name) return;
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
