/**
 * The one event union: the agent emits these, the page folds them into its view (view.ts), and
 * storage keeps the durable ones. Schemas are zod so stored sessions can be checked on the way
 * back in; the types are inferred from them. The events that bring an item the page shows are
 * defined with their item, one file per kind (core/items/), and gathered here.
 */
import { z } from 'zod';
import { turnId } from '../ids.ts';
import { ITEM_EVENTS, ITEM_UPDATE_EVENTS } from '../items/kinds.ts';
import { verdict, type Verdict } from '../items/validation.ts';
import { usageFields } from '../model/usage.ts';
import { ownChartEvent, ownChartRemovedEvent } from './own-chart.ts';
import { ownQueryEvent } from './own-query.ts';
import { cellMovedEvent, cellRanEvent, cellRemovedEvent, cellSetEvent } from './notebook.ts';

export { verdict, type Verdict };

const base = { turnId };

export const turnKind = z.enum(['analysis', 'question']);
/** `interrupted`: the page was closed or reloaded while the turn ran (set on reopening). */
export const endState = z.enum(['done', 'stopped', 'error', 'interrupted']);

export const agentEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('turn_start'),
    ...base,
    kind: turnKind,
    /** The person's question; null for the initial analysis. */
    question: z.string().nullable(),
    model: z.string(),
    at: z.number(),
  }),
  z.object({ type: z.literal('status'), ...base, message: z.string() }),
  /** Text the model writes beside its tool calls, as it streams (transient). */
  z.object({ type: z.literal('reasoning_delta'), ...base, step: z.number(), text: z.string() }),
  /** The whole of one step's reasoning text, once the step's reply is complete. */
  z.object({ type: z.literal('reasoning'), ...base, step: z.number(), text: z.string() }),
  /** The step's reasoning is not private notes after all (it was the answer) or was empty. */
  z.object({ type: z.literal('reasoning_withdrawn'), ...base, step: z.number() }),
  /** A tool call is about to run. */
  z.object({
    type: z.literal('tool_call'),
    ...base,
    callId: z.string(),
    tool: z.string(),
    input: z.unknown(),
    /**
     * The tool's name in plain words and the call's line in the activity trail, written by the
     * loop from the tool it was given, so that no view looks a tool up (issue 47). Sessions stored
     * before these fields get them on opening (tools/call-lines.ts).
     */
    label: z.string().optional(),
    line: z.string().optional(),
    /** When it started (sessions stored before this field have none). */
    at: z.number().optional(),
  }),
  /** A tool call finished; when it failed, the model was told why (is_error). */
  z.object({
    type: z.literal('tool_end'),
    ...base,
    callId: z.string(),
    tool: z.string(),
    isError: z.boolean(),
    message: z.string().optional(),
    at: z.number().optional(),
  }),
  // The items the page shows, one kind per file (core/items/), and what shows or changes them
  // before or after their own event: a draft answer, a running query, an answer on a question.
  ...ITEM_EVENTS,
  ...ITEM_UPDATE_EVENTS,
  z.object({ type: z.literal('session_update'), ...base, title: z.string() }),
  /** Next questions the model offered at the end of its turn (finalize), shown as buttons. */
  z.object({ type: z.literal('suggestions'), ...base, suggestions: z.array(z.string()) }),
  z.object({
    type: z.literal('usage'),
    ...base,
    step: z.number(),
    model: z.string(),
    ...usageFields,
    /** Estimated from the price table; null for a model it does not know. */
    costUsd: z.number().nullable(),
    /** A model on the person's computer: shown as no charge, never priced (issue 32). */
    noCharge: z.literal(true).optional(),
  }),
  /** Older turns were summarised to keep the request under the token budget. */
  z.object({
    type: z.literal('compacted'),
    ...base,
    turnsSummarised: z.number(),
    tokensBefore: z.number(),
  }),
  z.object({ type: z.literal('done'), ...base, state: endState, at: z.number() }),
  /**
   * The report (the second stage; ARCHITECTURE.md, Lineage): written on request from the session's findings, in one
   * model call without tools. `turnId` is the report's own id; a later report replaces it.
   */
  z.object({
    type: z.literal('report_start'),
    ...base,
    model: z.string(),
    /** Estimated input tokens of the request, shown before and kept beside the real count. */
    estimatedInputTokens: z.number(),
    at: z.number(),
  }),
  /** The report so far, as it streams (transient; a snapshot, not a delta). */
  z.object({ type: z.literal('report_draft'), ...base, text: z.string() }),
  z.object({
    type: z.literal('report_end'),
    ...base,
    state: endState,
    text: z.string(),
    message: z.string().optional(),
    at: z.number(),
  }),
  ownQueryEvent,
  ownChartEvent,
  ownChartRemovedEvent,
  // The notebook's cells (notebook.ts).
  cellSetEvent,
  cellRemovedEvent,
  cellMovedEvent,
  cellRanEvent,
]);

export type AgentEvent = z.infer<typeof agentEvent>;
export type TurnKind = z.infer<typeof turnKind>;
export type EndState = z.infer<typeof endState>;
export type EventOf<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;

/** Events that only animate the page while a reply streams; storage skips them. */
export const TRANSIENT: ReadonlySet<AgentEvent['type']> = new Set([
  'reasoning_delta',
  'reasoning_withdrawn',
  'answer_draft',
  'answer_withdrawn',
  'query_running',
  'report_draft',
]);
