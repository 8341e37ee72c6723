/**
 * Sift's IndexedDB database: its object stores, and one upgrade step per version. Built on idb's
 * `wrap` rather than its `openDB`, because `openDB` always uses the global `indexedDB` and tests
 * need a fresh factory each.
 */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { Conversation } from '../core/model/conversation.ts';
import type { LiveDraft, SessionMeta, StoredEvent } from '../core/session/records.ts';

/** A file as stored: its Blob plus what a File carries, since a stored File may lose its name. */
export interface StoredFile {
  id: string;
  sessionId: string;
  name: string;
  type: string;
  lastModified: number;
  size: number;
  blob: Blob;
}

interface StoredHistory {
  sessionId: string;
  conversation: Conversation;
}

export interface SiftSchema extends DBSchema {
  sessions: { key: string; value: SessionMeta; indexes: { updatedAt: number } };
  files: { key: string; value: StoredFile; indexes: { sessionId: string } };
  events: { key: [string, number]; value: StoredEvent };
  histories: { key: string; value: StoredHistory };
  live: { key: string; value: LiveDraft };
}

export type SiftDB = IDBPDatabase<SiftSchema>;
type UpgradeTx = IDBPTransaction<SiftSchema, StoreNames<SiftSchema>[], 'versionchange'>;
/** Takes the database from the version before it to its own; steps run in order. */
type Upgrade = (db: SiftDB, tx: UpgradeTx) => void | Promise<void>;

export interface StoreOptions {
  name?: string;
  factory?: IDBFactory;
}

/** A version 1 session record: sizes and the event count were not kept yet. */
type SessionV1 = Omit<SessionMeta, 'bytes' | 'eventCount'>;

export const jsonLength = (value: unknown): number => JSON.stringify(value).length;
/**
 * What an event takes in storage: its whole row, since the display row's columns (`plot_data`) repeat
 * a result's rows beside the event that holds them.
 */
export const rowLength = (row: StoredEvent): number => jsonLength(row);
export const eventRange = (sessionId: string) =>
  IDBKeyRange.bound([sessionId, 0], [sessionId, Infinity]);

export const UPGRADES: readonly Upgrade[] = [
  (db) => {
    db.createObjectStore('sessions', { keyPath: 'id' });
    db.createObjectStore('files', { keyPath: 'id' }).createIndex('sessionId', 'sessionId');
    db.createObjectStore('events', { keyPath: ['sessionId', 'seq'] });
    db.createObjectStore('histories', { keyPath: 'sessionId' });
    db.createObjectStore('live', { keyPath: 'sessionId' });
  },
  async (_db, tx) => {
    const sessions = tx.objectStore('sessions');
    sessions.createIndex('updatedAt', 'updatedAt');
    for (const old of (await sessions.getAll()) as SessionV1[]) {
      const files = await tx.objectStore('files').index('sessionId').getAll(old.id);
      const events = await tx.objectStore('events').getAll(eventRange(old.id));
      const history = await tx.objectStore('histories').get(old.id);
      await sessions.put({
        ...old,
        bytes: {
          files: files.reduce((sum, f) => sum + f.size, 0),
          events: events.reduce((sum, e) => sum + jsonLength(e.event), 0),
          history: history ? jsonLength(history.conversation) : 0,
        },
        eventCount: events.length,
      });
    }
  },
  // v3: events were counted without the rows that the display row's `plot_data` column repeats; a
  // session full of query results took about twice what the list said.
  async (_db, tx) => {
    const sessions = tx.objectStore('sessions');
    for (const meta of await sessions.getAll()) {
      const rows = await tx.objectStore('events').getAll(eventRange(meta.id));
      const events = rows.reduce((sum, row) => sum + rowLength(row), 0);
      await sessions.put({ ...meta, bytes: { ...meta.bytes, events } });
    }
  },
];

export const DB_VERSION = UPGRADES.length;

/**
 * Opens the database at `version`, running the upgrade steps it is missing. Exported so tests can
 * build an older database and read the object stores directly.
 */
export async function openAtVersion(version: number, options: StoreOptions = {}): Promise<SiftDB> {
  const request = (options.factory ?? indexedDB).open(options.name ?? 'sift', version);
  let upgradeError: unknown;
  request.addEventListener('upgradeneeded', (event) => {
    const tx = wrap(request.transaction!) as unknown as UpgradeTx;
    tx.done.catch(() => {}); // an abort is reported by the open request below
    runUpgrades(wrap(request.result) as SiftDB, tx, event.oldVersion, version).catch((err) => {
      // A failed step must not leave a half-upgraded database at the new version number.
      upgradeError = err;
      try {
        tx.abort();
      } catch {
        // Already aborted by the request that failed.
      }
    });
  });
  // `blocked` needs nothing: it ends when the other connections close, which ours do below.
  let db: SiftDB;
  try {
    db = (await wrap(request)) as SiftDB;
  } catch (err) {
    throw upgradeError ?? err;
  }
  // Another tab wants a newer version (or to delete the database): give way rather than leave it
  // stuck. Calls on this connection then reject, as the store's contract allows.
  db.addEventListener('versionchange', () => db.close());
  return db;
}

async function runUpgrades(db: SiftDB, tx: UpgradeTx, from: number, to: number): Promise<void> {
  for (let version = from + 1; version <= to; version++) {
    const step = UPGRADES[version - 1];
    if (!step) throw new Error(`No upgrade step to database version ${version}`);
    await step(db, tx);
  }
}
