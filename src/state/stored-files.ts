/**
 * The files of the open session by table name. Plain maps on purpose: nothing renders them, so
 * they need no Svelte reactivity (which is why they live outside the .svelte.ts classes).
 */
import type { StoredTable } from '../core/session/records.ts';
import type { SessionStore } from '../core/session/store.ts';

export type FilesByTable = Map<string, File>;

export const noFiles = (): FilesByTable => new Map();

/** The stored files of `tables`; a table whose file is gone is left out (the caller says so). */
export async function readStoredFiles(
  store: SessionStore,
  tables: StoredTable[],
): Promise<FilesByTable> {
  const files = noFiles();
  for (const t of tables) {
    const file = await store.getFile(t.fileId);
    if (file) files.set(t.name, file);
  }
  return files;
}
