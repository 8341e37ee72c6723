/**
 * A tool is a zod schema plus a function (the SDK's betaZodTool habit): the schema becomes the
 * JSON Schema the model sees and checks the input before `run`. Failures are values — an
 * `isError` outcome the model reads and acts on — never exceptions past the loop.
 */
import { z } from 'zod';
import type { Cell, QueryOptions, QueryResult, SiftEngine } from '../data/engine.ts';
import type { AgentEvent } from '../events/events.ts';
import type { ToolSpec } from '../model/messages.ts';

/** What the tools need of the data engine. */
export type AgentEngine = Pick<SiftEngine, 'query' | 'cancel' | 'profile'>;

/** A table as the model is told about it. */
export interface DatasetTable {
  name: string;
  fileName: string;
  rows: number;
  columns: Array<{ name: string; type: string }>;
}

export interface ToolContext {
  engine: AgentEngine;
  tables: DatasetTable[];
  signal: AbortSignal;
  turnId: string;
  callId: string;
  emit(event: AgentEvent): void;
  /** The next query id of the session (`Q1`, `Q2`, …), which the model cites beside figures. */
  nextQueryId(): string;
  /** The rows of a successful query of the session, by its id (for charts drawn from it). */
  queryRows(queryId: string): QueryRows | undefined;
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
  /** Set by `finalize`: the turn ends after this reply's tools have run. */
  finalize?: { title: string | null };
}

export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  schema: S;
  run(input: z.infer<S>, ctx: ToolContext): Promise<ToolOutcome>;
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

export type RunQuery = (sql: string, options?: QueryOptions) => Promise<QueryResult>;

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
