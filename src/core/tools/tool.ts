/**
 * A tool is a zod schema plus a function (the SDK's betaZodTool habit): the schema becomes the
 * JSON Schema the model sees and checks the input before `run`. Failures are values — an
 * `isError` outcome the model reads and acts on — never exceptions past the loop.
 *
 * A tool also says what the rest of Sift needs to know about it — its line in the activity trail
 * and in the summary of compacted turns, what the page shows while it streams or runs, whether it
 * ends the turn — so that adding one is a new file and a line in the registry, nothing else.
 */
import type { JoinHint } from '../sql/join-keys.ts';
import { z } from 'zod';
import type { Cell, SiftEngine } from '../data/engine.ts';
import type { AgentEvent } from '../events/events.ts';
import type { QueryId, TurnId } from '../ids.ts';
import type { ToolSpec } from '../model/messages.ts';

/** What the tools need of the data engine. */
export type AgentEngine = Pick<SiftEngine, 'query' | 'cancel' | 'profile'>;

/** A table as the model is told about it. */
export interface DatasetTable {
  name: string;
  fileName: string;
  rows: number;
  columns: Array<{ name: string; type: string }>;
  /** Join keys measured on the data, from this table (the left side) to another. */
  joins?: JoinHint[];
  /** The workbook's sheet the table was read from (Excel). */
  sheet?: string;
  /** What was done to read the file (TableInfo.notes), e.g. time zones read as UTC. */
  notes?: string[];
}

export interface ToolContext {
  engine: AgentEngine;
  tables: DatasetTable[];
  signal: AbortSignal;
  turnId: TurnId;
  callId: string;
  emit(event: AgentEvent): void;
  /** The next query id of the session (`Q1`, `Q2`, …), which the model cites beside figures. */
  nextQueryId(): QueryId;
  /** The rows of a successful query of the session, by its id (for charts drawn from it). */
  queryRows(queryId: string): QueryRows | undefined;
  /** What of a result the model reads back; smaller for a small context window (window-fit.ts). */
  resultLimits?: { rows: number; bytes: number };
  /**
   * Waits for the person's answer to a question shown on the page; rejects when the turn is
   * stopped. Absent where no one can answer (a benchmark, a script).
   */
  ask?(question: string, options: readonly string[]): Promise<string>;
  /**
   * Draws a checked chart spec as the page does and returns it as a base64 PNG, for the model to
   * look at its own chart. Absent when the person turned the chart check off, or nothing draws.
   */
  look?(spec: Record<string, unknown>): Promise<string>;
}

/** A query's result as the page keeps it (up to 1,000 rows), with its true row count. */
export interface QueryRows {
  columns: string[];
  rows: Cell[][];
  rowCount: number | null;
}

export interface ToolOutcome {
  /** What the model reads back. */
  content: string;
  isError?: boolean;
  /** A PNG (base64) Sift drew, shown to the model with the text: the chart as the person sees it. */
  image?: string;
  /**
   * The model must read this result before the turn ends, even when the same reply ended it: an
   * answer whose figures are not in the queries it cites (output-text.ts). Once per turn
   * (agent/stop-conditions.ts, endingToolCalled).
   */
  holdsTurn?: boolean;
}

/**
 * A call's input as the model sent it, unchecked: it may be half-streamed, invalid, or come from a
 * session stored by an older Sift. Read it with `field`.
 */
export type RawInput = Readonly<Record<string, unknown>>;

/** A string field of a raw input, or '' when it is missing or not a string. */
export function field(input: RawInput, key: string): string {
  const value = input[key];
  return typeof value === 'string' ? value : '';
}

/** `s` cut to `n` characters, with an ellipsis when it was longer. */
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Any call input as a RawInput. */
export const rawInput = (input: unknown): RawInput =>
  input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as RawInput) : {};

export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  /** What the page calls it, in plain words (the activity panel): "Query", not `sql_query`. */
  label: string;
  description: string;
  schema: S;
  run(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutcome>;
  /** Its one line in the activity trail. */
  describe(input: RawInput): string;
  /** Its line in the summary that replaces compacted turns; a tool without one leaves none. */
  summarise?(input: RawInput): string;
  /**
   * A string field the person watches being written while the reply streams (an answer). When
   * a reply is cut off, what arrived of it stays on the page as an answer marked cut off.
   */
  preview?: string;
  /** A successful call ends the turn once every call of the same reply has run. */
  endsTurn?: boolean;
  /**
   * What it puts before the person: the answer they read (its text), or a table or chart beside
   * it. The prompts and the notes to the model name these tools as the ways to reach the person.
   */
  presents?: 'answer' | 'aside';
  /** What the system prompt tells the model of this tool; only given tools are written in. */
  guidance?: ToolGuidance;
  /** Tools it cannot work without (a chart is drawn from a query's id): a set must hold them. */
  needs?: readonly string[];
}

/**
 * A tool's part in the system prompts (agent/prompts.ts), beside its description: the prompt of a
 * turn is assembled from the tools the turn is given, so that it never names a tool the model
 * cannot call, and a tool's advice changes in its own file.
 */
export interface ToolGuidance {
  /** Rules under "How to work", in every kind of turn. */
  rules?: readonly string[];
  /** Its step in the initial analysis: exploring the data, presenting it, or ending the turn. */
  analysis?: { step: 'explore' | 'present' | 'end'; text: string };
  /** Its guideline for answering a question. */
  question?: string;
  /**
   * Its step in the short routine a small context window gets (agent/compact-prompt.ts), in
   * `order`; a tool with one is kept in the compact set (agent/window-fit.ts). `wide`: the step
   * put first when the tables are too wide to list in that prompt.
   */
  compact?: { order: number; text: string; wide?: string };
}

export function defineTool<S extends z.ZodType>(tool: Tool<S>): Tool<S> {
  return tool;
}

export function toolSpec(tool: Tool): ToolSpec {
  const schema = z.toJSONSchema(tool.schema, { target: 'draft-7' }) as Record<string, unknown>;
  delete schema.$schema;
  return {
    name: tool.name,
    description: tool.description,
    input_schema: { ...schema, type: 'object' },
  };
}

export const ok = (content: string): ToolOutcome => ({ content });
export const fail = (content: string): ToolOutcome => ({ content, isError: true });

/**
 * Runs `work` (which starts the engine operation named `id`) so that the person's Stop cancels
 * that operation, and only it, whether it is running or still waiting for its turn.
 */
export async function cancellable<T>(
  ctx: Pick<ToolContext, 'engine' | 'signal'>,
  id: string,
  work: () => Promise<T>,
): Promise<T> {
  const stop = () => void ctx.engine.cancel(id);
  ctx.signal.addEventListener('abort', stop, { once: true });
  try {
    const running = work();
    // Stopped in the same moment it was asked for: the cancel must follow the request.
    if (ctx.signal.aborted) stop();
    return await running;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
}
