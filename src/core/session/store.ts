/**
 * The session store as the page's state sees it. The IndexedDB implementation is
 * adapters/session-store.ts; tests may use it over fake-indexeddb. Every method may reject (quota,
 * private mode, a closed database): callers report that and keep working in memory.
 */
import type { Conversation } from '../model/conversation.ts';
import type { AgentEvent } from '../events/events.ts';
import type { LiveDraft, SessionMeta, StoredTable, TitleSource } from './records.ts';

export type SessionPatch = Partial<{
  title: string;
  titleSource: TitleSource;
  tables: StoredTable[];
}>;

export interface SessionStore {
  /** All sessions, most recently updated first. */
  list(): Promise<SessionMeta[]>;
  get(id: string): Promise<SessionMeta | undefined>;
  create(meta: SessionMeta): Promise<void>;
  /** Applies the patch, sets `updatedAt`, and returns the new record. */
  update(id: string, patch: SessionPatch): Promise<SessionMeta>;
  /** Removes the session and everything stored for it: files, events, history, draft. */
  delete(id: string): Promise<void>;

  /** Stores the file under `fileId` and adds its size to the session's bytes. */
  putFile(sessionId: string, fileId: string, file: File): Promise<void>;
  /** The file as it was stored (name, type and bytes), or undefined. */
  getFile(fileId: string): Promise<File | undefined>;
  deleteFile(sessionId: string, fileId: string): Promise<void>;

  /**
   * Stores one durable event at position `seq` (a put: writing the same seq twice keeps one),
   * updating the session's eventCount, bytes and updatedAt in the same transaction.
   */
  appendEvent(sessionId: string, seq: number, event: AgentEvent): Promise<void>;
  /** The session's events in `seq` order. */
  events(sessionId: string): Promise<AgentEvent[]>;

  saveHistory(sessionId: string, conversation: Conversation): Promise<void>;
  history(sessionId: string): Promise<Conversation | undefined>;

  /** Overwrites the session's streaming snapshot; null clears it. */
  setLive(sessionId: string, live: LiveDraft | null): Promise<void>;
  live(sessionId: string): Promise<LiveDraft | undefined>;

  close(): void;
}
