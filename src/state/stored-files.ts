/**
 * A whole session read from or written to the store, with its files by table name. Plain maps on
 * purpose: nothing renders them, so they need no Svelte reactivity (which is why this is not in a
 * .svelte.ts module).
 */
import type { Conversation } from '../core/model/conversation.ts';
import type { ReadChoice } from '../core/data/engine.ts';
import type { AgentEvent } from '../core/events/events.ts';
import type { LiveDraft, SessionMeta, StoredTable } from '../core/session/records.ts';
import type { SessionStore } from '../core/session/store.ts';
import { newFileId, type FileId, type SessionId } from '../core/ids.ts';
import type { LoadedFile } from './workspace.svelte.ts';

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

/**
 * How each table is read again, by table name: a workbook's sheet, an encoding the person chose,
 * numbers kept as written (tables read as Sift would choose have none).
 */
export function readsOf(tables: StoredTable[]): ReadonlyMap<string, ReadChoice> {
  return new Map(
    tables.flatMap((t) =>
      t.sheet || t.encoding || t.asWritten || t.dates
        ? [
            [
              t.name,
              { sheet: t.sheet, encoding: t.encoding, asWritten: t.asWritten, dates: t.dates },
            ] as const,
          ]
        : [],
    ),
  );
}

/**
 * A session's tables once `loaded` have joined them (a table of the same name is replaced), the
 * files to store, and the stored files no table is read from any more. The sheets of a workbook
 * are tables of one file: it is stored once, under one id. A file the session stores already
 * (`stored`, by table name) keeps its id: a table read again another way ("Read as…", "Keep as
 * written") is not written to storage again.
 */
export function withLoaded(
  previous: StoredTable[],
  loaded: LoadedFile[],
  stored: ReadonlyMap<string, File> = new Map(),
): { tables: StoredTable[]; put: Array<[FileId, File]>; unused: FileId[] } {
  const kept = new Map<File, FileId>();
  for (const t of previous) {
    const file = stored.get(t.name);
    if (file) kept.set(file, t.fileId);
  }
  const ids = new Map<File, FileId>();
  const added: StoredTable[] = loaded.map(({ table, file }) => {
    const known = kept.get(file);
    if (known) return storedTable(table, file, known);
    let id = ids.get(file);
    if (!id) ids.set(file, (id = newFileId()));
    return storedTable(table, file, id);
  });
  const others = previous.filter((t) => !added.some((a) => a.name === t.name));
  const tables = [...others, ...added];
  const used = new Set(tables.map((t) => t.fileId));
  const unused = [...new Set(previous.map((t) => t.fileId))].filter((id) => !used.has(id));
  return { tables, put: [...ids].map(([file, id]) => [id, file]), unused };
}

function storedTable(table: LoadedFile['table'], file: File, id: FileId): StoredTable {
  return {
    name: table.name,
    fileId: id,
    fileName: file.name,
    fileBytes: file.size,
    ...(table.sheet === undefined ? {} : { sheet: table.sheet }),
    ...(table.readAs === undefined ? {} : { encoding: table.readAs }),
    ...(table.asWritten ? { asWritten: true as const } : {}),
    ...(table.dates ? { dates: table.dates } : {}),
  };
}

/** A session as it is opened: from the store, or straight from an imported file. */
export interface SessionContent {
  meta: SessionMeta;
  events: AgentEvent[];
  history: Conversation | undefined;
  live: LiveDraft | undefined;
  files: FilesByTable;
}

/** The stored session `id`, or undefined; `files` skips reading them again. */
export async function readSession(
  store: SessionStore,
  id: SessionId,
  files?: FilesByTable,
): Promise<SessionContent | undefined> {
  const meta = await store.get(id);
  if (!meta) return undefined;
  const [events, history, live, read] = await Promise.all([
    store.events(id),
    store.history(id),
    store.live(id),
    files ?? readStoredFiles(store, meta.tables),
  ]);
  return { meta, events, history, live, files: read };
}

/** Writes a whole session (an import) record by record; the caller deletes it if this fails. */
export async function storeSession(store: SessionStore, content: SessionContent): Promise<void> {
  const { meta, events, history, files } = content;
  await store.create({ ...meta, tables: [], bytes: { files: 0, events: 0, history: 0 } });
  for (const t of meta.tables) await store.putFile(meta.id, t.fileId, files.get(t.name)!);
  await store.update(meta.id, { tables: meta.tables });
  for (const [seq, e] of events.entries()) await store.appendEvent(meta.id, seq, e);
  if (history) await store.saveHistory(meta.id, history);
}
