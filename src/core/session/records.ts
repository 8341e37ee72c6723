/**
 * What a stored session is made of, shared by the IndexedDB store (adapters/session-store.ts),
 * the export archive (archive.ts) and the page's session state. Plain data only: every record
 * here is structured-cloned into IndexedDB, so no Svelte proxies and no class instances.
 *
 * The types are inferred from zod schemas because every record also comes back in — from
 * IndexedDB, from sessionStorage after a reload, from another tab — written by code that may be
 * older or broken, and is checked before the page relies on it.
 */
import { z } from 'zod';
import { dateOrderChoice } from '../data/date-order.ts';
import { textEncodingName } from '../data/encodings.ts';
import { agentEvent, type AgentEvent } from '../events/events.ts';
import { fileId, sessionId, turnId } from '../ids.ts';
import type { Conversation } from '../model/conversation.ts';
import { conversation } from '../model/messages-schema.ts';

/** One table of a session and the stored file it is read from again on reopening. */
export const storedTable = z.object({
  /** The table's name in DuckDB; the history and the model's queries refer to it. */
  name: z.string(),
  /** Key of the file in the store's `files` object store. */
  fileId,
  fileName: z.string(),
  fileBytes: z.number(),
  /** The workbook's sheet the table is read from (Excel); absent for other files. */
  sheet: z.string().optional(),
  /** The encoding the person chose for a text file ("Read as…"); absent when Sift's guess stands. */
  encoding: textEncodingName.optional(),
  /** The person chose to keep numbers and dates in local formats as written ("Keep as written"). */
  asWritten: z.literal(true).optional(),
  /** The order the person chose for dates no value settles. */
  dates: dateOrderChoice.optional(),
});
export type StoredTable = z.infer<typeof storedTable>;

export const titleSource = z.enum(['file', 'model', 'person']);
export type TitleSource = z.infer<typeof titleSource>;

/** Bytes a session takes in storage, by kind (events and history are measured as JSON text). */
export const sessionBytes = z.object({
  files: z.number(),
  events: z.number(),
  history: z.number(),
  /**
   * The database file its tables are kept in (`SessionMeta.database`), as the list measures it:
   * never stored, since the file changes without the store knowing.
   */
  database: z.number().optional(),
});
export type SessionBytes = z.infer<typeof sessionBytes>;

export const sessionMeta = z.object({
  id: sessionId,
  title: z.string(),
  /** A title the person chose is never replaced by the model's. */
  titleSource,
  createdAt: z.number(),
  updatedAt: z.number(),
  tables: z.array(storedTable),
  bytes: sessionBytes,
  /** Durable events stored so far; the next one gets this number as its `seq`. */
  eventCount: z.number(),
  /**
   * The database file in this browser's storage that holds the session's tables, when they went
   * to one (workers/work-database.ts): reopening takes them from it instead of reading their
   * files again. Null once the tables are in memory; the stored files stay the truth.
   */
  database: z.string().nullable().optional(),
  /**
   * What export file the session was imported from (state/session-transfer.ts, importKey):
   * importing the same file again opens this session rather than making a copy (issue 33).
   */
  importedFrom: z.string().optional(),
});
export type SessionMeta = z.infer<typeof sessionMeta>;

/** A display row in the manner of Sift's ancestor, with the event it came from kept whole. */
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
export const liveDraft = z.object({
  sessionId,
  turnId,
  answer: z.object({ callId: z.string(), text: z.string() }).nullable(),
  reasoning: z.object({ step: z.number(), text: z.string() }).nullable(),
});
export type LiveDraft = z.infer<typeof liveDraft>;

/**
 * What the page showed but storage had not confirmed when it went away: kept in sessionStorage
 * at `pagehide` (synchronous, so it completes), merged back when the same tab reopens the session.
 */
export const rescue = z.object({
  sessionId,
  /** Unconfirmed durable events by seq. */
  events: z.array(z.tuple([z.number().int().nonnegative(), agentEvent])),
  live: liveDraft.nullable(),
  history: conversation.nullable(),
});
export type Rescue = z.infer<typeof rescue>;

export type { Conversation };

export const totalBytes = (b: SessionBytes): number =>
  b.files + b.events + b.history + (b.database ?? 0);
