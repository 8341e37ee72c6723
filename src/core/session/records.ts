/**
 * What a stored session is made of, shared by the IndexedDB store (adapters/session-store.ts),
 * the export archive (archive.ts) and the page's session state. Plain data only: every record
 * here is structured-cloned into IndexedDB, so no Svelte proxies and no class instances.
 */
import type { Conversation } from '../model/conversation.ts';
import type { AgentEvent } from '../events/events.ts';

/** One table of a session and the stored file it is read from again on reopening. */
export interface StoredTable {
  /** The table's name in DuckDB; the history and the model's queries refer to it. */
  name: string;
  /** Key of the file in the store's `files` object store. */
  fileId: string;
  fileName: string;
  fileBytes: number;
}

export type TitleSource = 'file' | 'model' | 'person';

/** Bytes a session takes in storage, by kind (events and history are measured as JSON text). */
export interface SessionBytes {
  files: number;
  events: number;
  history: number;
}

export interface SessionMeta {
  id: string;
  title: string;
  /** A title the person chose is never replaced by the model's. */
  titleSource: TitleSource;
  createdAt: number;
  updatedAt: number;
  tables: StoredTable[];
  bytes: SessionBytes;
  /** Durable events stored so far; the next one gets this number as its `seq`. */
  eventCount: number;
}

/** Seed 000's persistence row, with the event it came from kept whole for replay. */
export interface StoredEvent {
  sessionId: string;
  seq: number;
  role: 'user' | 'assistant' | 'system';
  type: string;
  text: string | null;
  /** JSON text of the table, plot or query payload; null for the others. */
  plot_data: string | null;
  event: AgentEvent;
}

/**
 * What was streaming when the page last wrote: the draft answer and the step's reasoning so far.
 * Transient events are not stored one by one; this snapshot, overwritten as they arrive, is what
 * lets a reload mid-turn show what had been shown.
 */
export interface LiveDraft {
  sessionId: string;
  turnId: string;
  answer: { callId: string; text: string } | null;
  reasoning: { step: number; text: string } | null;
}

export type { Conversation };

export const totalBytes = (b: SessionBytes): number => b.files + b.events + b.history;
