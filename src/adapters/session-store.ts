/**
 * The session store over IndexedDB (core/session/store.ts describes what it promises).
 *
 * Built on idb's `wrap` rather than its `openDB`, because `openDB` always uses the global
 * `indexedDB` and tests need a fresh factory each. Everything written is a plain copy: the page's
 * values may be Svelte `$state` proxies, which structured clone (and so IndexedDB) refuses.
 * IndexedDB errors (quota, a closed connection) are never caught here; callers report them.
 */
import { wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import type { Conversation } from '../core/model/conversation.ts';
import { agentEvent, type AgentEvent } from '../core/events/events.ts';
import { conversation as conversationSchema } from '../core/model/messages-schema.ts';
import { displayRow } from '../core/session/display-row.ts';
import {
  liveDraft,
  sessionMeta,
  type LiveDraft,
  type SessionMeta,
  type StoredEvent,
} from '../core/session/records.ts';
import type { SessionPatch, SessionStore } from '../core/session/store.ts';
import { NO_TURN } from '../core/ids.ts';

/** A file as stored: its Blob plus what a File carries, since a stored File may lose its name. */
interface StoredFile {
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

const jsonLength = (value: unknown): number => JSON.stringify(value).length;
/**
 * What an event takes in storage: its whole row, since the display row's columns (`plot_data`) repeat
 * a result's rows beside the event that holds them.
 */
const rowLength = (row: StoredEvent): number => jsonLength(row);
/** A plain copy of JSON data: unlike structuredClone, it reads through Svelte proxies. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * What comes back from IndexedDB is checked as it is read: another version of Sift, or a write
 * that broke half-way, may have left a record that does not fit. A record that does not is
 * left out (a session, an event) or read as absent (a history, a draft) rather than trusted.
 */
function checked<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}
const present = <T>(value: T | undefined): value is T => value !== undefined;
const eventRange = (sessionId: string) => IDBKeyRange.bound([sessionId, 0], [sessionId, Infinity]);

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

export async function openSessionStore(options: StoreOptions = {}): Promise<SessionStore> {
  return sessionStore(await openAtVersion(DB_VERSION, options));
}

type WriteTx<S extends StoreNames<SiftSchema>[]> = IDBPTransaction<SiftSchema, S, 'readwrite'>;

/** Runs `work` in one readwrite transaction; if it throws, nothing it wrote is kept. */
async function write<const S extends StoreNames<SiftSchema>[], T>(
  db: SiftDB,
  stores: S,
  work: (tx: WriteTx<S>) => Promise<T>,
): Promise<T> {
  const tx = db.transaction(stores, 'readwrite');
  try {
    const result = await work(tx);
    await tx.done;
    return result;
  } catch (err) {
    tx.done.catch(() => {}); // it rejects with the abort; `err` is the cause worth reporting
    try {
      tx.abort();
    } catch {
      // Already finished or aborted.
    }
    throw err;
  }
}

type SessionsTx = WriteTx<StoreNames<SiftSchema>[]>;

async function mustGet(tx: SessionsTx, id: string): Promise<SessionMeta> {
  const meta = await tx.objectStore('sessions').get(id);
  if (!meta) throw new Error(`No stored session with id ${id}`);
  return meta;
}

/**
 * Later than every stored session's updatedAt, so the one just touched lists first even when the
 * clock has not moved since the last write.
 */
async function nextUpdatedAt(tx: SessionsTx): Promise<number> {
  const newest = await tx.objectStore('sessions').index('updatedAt').openCursor(null, 'prev');
  return Math.max(Date.now(), (newest?.value.updatedAt ?? 0) + 1);
}

function sessionStore(db: SiftDB): SessionStore {
  // The helpers take the widest transaction type; each call opens only the stores it names.
  const tx = <S extends StoreNames<SiftSchema>[], T>(
    stores: S,
    work: (tx: SessionsTx) => Promise<T>,
  ): Promise<T> => write(db, stores, work as (tx: WriteTx<S>) => Promise<T>);

  return {
    async list() {
      const stored = await db.getAllFromIndex('sessions', 'updatedAt');
      return stored
        .map((s) => checked(sessionMeta, s))
        .filter(present)
        .reverse();
    },
    get: async (id) => checked(sessionMeta, await db.get('sessions', id)),
    async create(meta) {
      await db.add('sessions', plain(meta));
    },
    update: (id, patch: SessionPatch) =>
      tx(['sessions'], async (t) => {
        const defined = Object.entries(plain(patch)).filter(([, v]) => v !== undefined);
        const meta = { ...(await mustGet(t, id)), ...Object.fromEntries(defined) };
        meta.updatedAt = await nextUpdatedAt(t);
        await t.objectStore('sessions').put(meta);
        return meta;
      }),
    delete: (id) =>
      tx(['sessions', 'files', 'events', 'histories', 'live'], async (t) => {
        const files = t.objectStore('files');
        const fileIds = await files.index('sessionId').getAllKeys(id);
        await Promise.all([
          t.objectStore('sessions').delete(id),
          ...fileIds.map((fileId) => files.delete(fileId)),
          t.objectStore('events').delete(eventRange(id)),
          t.objectStore('histories').delete(id),
          t.objectStore('live').delete(id),
        ]);
      }),

    putFile: (sessionId, fileId, file) =>
      tx(['sessions', 'files'], async (t) => {
        const meta = await mustGet(t, sessionId);
        const previous = await t.objectStore('files').get(fileId);
        const { name, type, lastModified, size } = file;
        await t
          .objectStore('files')
          .put({ id: fileId, sessionId, name, type, lastModified, size, blob: file });
        meta.bytes.files += size - (previous?.size ?? 0);
        await t.objectStore('sessions').put(meta);
      }),
    async getFile(fileId) {
      const stored = await db.get('files', fileId);
      if (!stored) return undefined;
      // Rebuilt, not returned as stored: a structured-cloned File comes back as a bare Blob in
      // some engines (Node's structuredClone drops the name).
      const { blob, name, type, lastModified } = stored;
      return new File([blob], name, { type, lastModified });
    },
    deleteFile: (sessionId, fileId) =>
      tx(['sessions', 'files'], async (t) => {
        const stored = await t.objectStore('files').get(fileId);
        if (!stored) return;
        if (stored.sessionId !== sessionId)
          throw new Error(
            `File ${fileId} belongs to session ${stored.sessionId}, not ${sessionId}`,
          );
        const meta = await mustGet(t, sessionId);
        meta.bytes.files -= stored.size;
        await t.objectStore('files').delete(fileId);
        await t.objectStore('sessions').put(meta);
      }),

    appendEvent: (sessionId, seq, event) =>
      tx(['sessions', 'events'], async (t) => {
        // A negative or fractional seq would be stored outside the range events() reads.
        if (!Number.isSafeInteger(seq) || seq < 0) throw new Error(`Invalid event seq ${seq}`);
        const meta = await mustGet(t, sessionId);
        const json = JSON.stringify(event);
        const previous = await t.objectStore('events').get([sessionId, seq]);
        const row = displayRow(sessionId, seq, JSON.parse(json));
        await t.objectStore('events').put(row);
        // A rewrite replaces the old row's size rather than adding to it.
        meta.bytes.events += rowLength(row) - (previous ? rowLength(previous) : 0);
        meta.eventCount = Math.max(meta.eventCount, seq + 1);
        meta.updatedAt = await nextUpdatedAt(t);
        await t.objectStore('sessions').put(meta);
      }),
    async events(sessionId): Promise<AgentEvent[]> {
      const rows = await db.getAll('events', eventRange(sessionId));
      // An event that does not fit keeps its place (the next one is written after it) as a
      // status line of no turn, which the page does not show.
      return rows.map(
        (row) =>
          checked(agentEvent, row.event) ?? {
            type: 'status',
            turnId: NO_TURN,
            message: `Stored event ${row.seq} could not be read.`,
          },
      );
    },

    saveHistory: (sessionId, conversation) =>
      tx(['sessions', 'histories'], async (t) => {
        const meta = await mustGet(t, sessionId);
        const json = JSON.stringify(conversation);
        await t.objectStore('histories').put({ sessionId, conversation: JSON.parse(json) });
        meta.bytes.history = json.length;
        await t.objectStore('sessions').put(meta);
      }),
    async history(sessionId) {
      return checked(conversationSchema, (await db.get('histories', sessionId))?.conversation);
    },

    setLive: (sessionId, live) =>
      tx(['sessions', 'live'], async (t) => {
        if (live === null) return void (await t.objectStore('live').delete(sessionId));
        // Checked so a draft written after the session was deleted is not left behind for good.
        await mustGet(t, sessionId);
        await t.objectStore('live').put({ ...plain(live), sessionId });
      }),
    live: async (sessionId) => checked(liveDraft, await db.get('live', sessionId)),

    close: () => db.close(),
  };
}
