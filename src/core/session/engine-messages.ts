/**
 * A follower tab asking the writer's DuckDB (state/tab-engine.svelte.ts asks, state/followers-served.ts
 * answers): only one tab may hold a session's database file (OPFS gives one handle), and a
 * follower that read its own copy paid the whole load again (27.5 s for a 1 GB CSV, BENCHMARKS.md)
 * and a second copy of the tables. These ride on the tabs' channel (tab-messages.ts). The writer
 * runs what it is asked through its guarded engine (workers/guarded-query.ts), as its own SQL box
 * would; every answer is checked here before the follower's page shows it.
 */
import { z } from 'zod';
import { cell } from '../data/cell.ts';
import { resultColumn, tableInfo } from '../data/table-info.ts';
import type { QueryResult } from '../data/engine.ts';
import { columnProfile, tableProfile } from '../data/profile-schema.ts';
import { sessionId } from '../ids.ts';

export const queryResult = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    columns: z.array(resultColumn),
    rows: z.array(z.array(cell)),
    totalRows: z.number().nullable(),
    truncated: z.boolean(),
    totalColumns: z.number().optional(),
    note: z.string().optional(),
    durationMs: z.number(),
  }),
  z.object({
    ok: z.literal(false),
    kind: z.enum(['rejected', 'error', 'timeout', 'cancelled']),
    message: z.string(),
    details: z.string().optional(),
    durationMs: z.number(),
  }),
]) satisfies z.ZodType<QueryResult>;

export const tablesAnswer = z.array(tableInfo);

/** What a follower may ask: reads only (a load or a drop is the writer's person's to make). */
export const engineCall = z.discriminatedUnion('name', [
  z.object({ name: z.literal('tables') }),
  z.object({
    name: z.literal('query'),
    sql: z.string(),
    options: z.object({
      maxRows: z.number().optional(),
      timeoutMs: z.number().optional(),
      maxBytes: z.number().optional(),
      id: z.string().optional(),
    }),
  }),
  z.object({
    name: z.literal('profile'),
    table: z.string(),
    options: z.object({ id: z.string().optional(), columns: z.array(z.string()).optional() }),
  }),
  /** Stops an operation this follower asked for, by the id it gave it; nothing else. */
  z.object({ name: z.literal('cancel'), id: z.string() }),
]);

export type EngineCall = z.infer<typeof engineCall>;

/** `from`/`to`: a tab's own random id; `ask`: the asking tab's number for this ask. */
const addressed = { to: z.string(), ask: z.number().int() };

export const engineMessages = [
  /** A follower of `sessionId` asks its writer; every other tab ignores it. */
  z.object({
    type: z.literal('ask'),
    from: z.string(),
    ask: z.number().int(),
    sessionId,
    call: engineCall,
  }),
  /** The writer heard the ask and runs it: a follower hearing nothing knows no writer answers. */
  z.object({ type: z.literal('heard'), ...addressed }),
  /** A column of a profile being computed, as the writer's engine reports it. */
  z.object({ type: z.literal('column'), ...addressed, column: columnProfile }),
  /** The answer: `value` is checked by the asker against what it asked (`answerOf`). */
  z.object({
    type: z.literal('answer'),
    ...addressed,
    result: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), value: z.unknown() }),
      z.object({ ok: z.literal(false), message: z.string() }),
    ]),
  }),
] as const;

/** The shape of an answer to each call. */
export const answerOf = {
  tables: tablesAnswer,
  query: queryResult,
  profile: tableProfile,
  cancel: z.null(),
} as const satisfies Record<EngineCall['name'], z.ZodType>;
