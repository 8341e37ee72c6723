/**
 * The session store over IndexedDB (core/session/store.ts describes what it promises; the
 * database and its upgrades are session-db.ts).
 *
 * Everything written is a plain copy: the page's values may be Svelte `$state` proxies, which
 * structured clone (and so IndexedDB) refuses. IndexedDB errors (quota, a closed connection) are
 * never caught here; callers report them.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import { agentEvent, type AgentEvent } from '../core/events/events.ts';
import { NO_TURN } from '../core/ids.ts';
import { conversation as conversationSchema } from '../core/model/messages-schema.ts';
import { displayRow } from '../core/session/display-row.ts';
import { liveDraft, sessionMeta, type SessionMeta } from '../core/session/records.ts';
import type { SessionPatch, SessionStore } from '../core/session/store.ts';
import {
  DB_VERSION,
  eventRange,
  openAtVersion,
  rowLength,
  type SiftDB,
  type SiftSchema,
  type StoreOptions,
} from './session-db.ts';

export { DB_VERSION, openAtVersion, UPGRADES, type StoreOptions } from './session-db.ts';

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
    update: (id, patch: SessionPatch, touch = true) =>
      tx(['sessions'], async (t) => {
        const defined = Object.entries(plain(patch)).filter(([, v]) => v !== undefined);
        const meta = { ...(await mustGet(t, id)), ...Object.fromEntries(defined) };
        if (touch) meta.updatedAt = await nextUpdatedAt(t);
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
