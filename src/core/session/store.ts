/**
 * The session store as the page's state sees it. The IndexedDB implementation is
 * adapters/session-store.ts; tests may use it over fake-indexeddb. Every method may reject (quota,
 * private mode, a closed database): callers report that and keep working in memory.
 */
import type { Conversation } from '../model/conversation.ts';
import type { AgentEvent } from '../events/events.ts';
import type { LiveDraft, SessionMeta, StoredTable, TitleSource } from './records.ts';
import type { FileId, SessionId } from '../ids.ts';

export type SessionPatch = Partial<{
  title: string;
  titleSource: TitleSource;
  tables: StoredTable[];
  database: string | null;
}>;

export interface SessionStore {
  /** All sessions, most recently updated first. */
  list(): Promise<SessionMeta[]>;
  get(id: SessionId): Promise<SessionMeta | undefined>;
  create(meta: SessionMeta): Promise<void>;
  /**
   * Applies the patch, sets `updatedAt` (unless `touch` is false: a rename is no new work on the
   * session and moves it nowhere in the list, issue 45), and returns the new record.
   */
  update(id: SessionId, patch: SessionPatch, touch?: boolean): Promise<SessionMeta>;
  /** Removes the session and everything stored for it: files, events, history, draft. */
  delete(id: SessionId): Promise<void>;

  /** Stores the file under `fileId` and adds its size to the session's bytes. */
  putFile(sessionId: SessionId, fileId: FileId, file: File): Promise<void>;
  /** The file as it was stored (name, type and bytes), or undefined. */
  getFile(fileId: FileId): Promise<File | undefined>;
  deleteFile(sessionId: SessionId, fileId: FileId): Promise<void>;

  /**
   * Stores one durable event at position `seq` (a put: writing the same seq twice keeps one),
   * updating the session's eventCount, bytes and updatedAt in the same transaction.
   */
  appendEvent(sessionId: SessionId, seq: number, event: AgentEvent): Promise<void>;
  /** The session's events in `seq` order. */
  events(sessionId: SessionId): Promise<AgentEvent[]>;

  saveHistory(sessionId: SessionId, conversation: Conversation): Promise<void>;
  history(sessionId: SessionId): Promise<Conversation | undefined>;

  /** Overwrites the session's streaming snapshot; null clears it. */
  setLive(sessionId: SessionId, live: LiveDraft | null): Promise<void>;
  live(sessionId: SessionId): Promise<LiveDraft | undefined>;

  close(): void;
}
