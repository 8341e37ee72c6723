/** What a turn is given, what it returns, and what its steps share while it runs. */
import type { AgentEvent, EndState, TurnKind } from '../events/events.ts';
import type { QueryId, TurnId } from '../ids.ts';
import type { CellView } from '../events/notebook.ts';
import type { OwnQuery } from '../events/own-query.ts';
import type { ModelClient } from '../model/client.ts';
import type { TextBlock } from '../model/messages.ts';
import type { AgentEngine, DatasetTable, QueryRows, ToolContext } from '../tools/tool.ts';
import type { Conversation } from '../model/conversation.ts';
import type { ToolSet } from '../tools/tool-set.ts';
import type { StopCondition } from './stop-conditions.ts';
import type { WindowFit } from './window-fit.ts';

export interface AgentOptions {
  model: ModelClient;
  engine: AgentEngine;
  modelId: string;
  /**
   * The tools the model may call, handed in by whoever runs the turn (the composition root gives
   * the page Sift's own, tools/registry.ts); a small window gets their compact set (window-fit.ts).
   */
  tools: ToolSet;
  /**
   * When the turn ends, asked after each step in order (stop-conditions.ts); `turnConditions`
   * when absent. The person's Stop is always asked first, whatever is given here.
   */
  stopWhen?: readonly StopCondition[];
  maxSteps?: number;
  maxTokens?: number;
  tokenBudget?: number;
  /**
   * The model's context window in tokens, as its server says (a local model; issue 32): the turn
   * is sized to fit it (window-fit.ts), or refused when it cannot be. Absent for Claude's.
   */
  contextWindow?: number | null;
  /** The model runs on the person's computer: its usage is shown with no charge, never a price. */
  noCharge?: boolean;
  now?: () => number;
}

export interface TurnRequest {
  turnId: TurnId;
  kind: TurnKind;
  /** The person's question; ignored for the initial analysis. */
  question: string | null;
  tables: DatasetTable[];
  conversation: Conversation;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** Query ids the session has used (its cards are Q1…Qn); this turn's start after them. */
  queriesSoFar?: number;
  /**
   * The session's next query id, when the turn shares the series with the person's SQL box
   * (state/session-log.svelte.ts); otherwise the turn counts on from `queriesSoFar`.
   */
  nextQueryId?: () => QueryId;
  /** The queries the person ran in the SQL box since the model's last turn: told, to be cited. */
  ownQueries?: readonly OwnQuery[];
  /** The notebook's cells that ran since the model's last turn began: told, to be cited. */
  notebook?: readonly CellView[];
  /** Rows of the session's earlier successful queries, by id (this turn's are kept here). */
  queryRows?: (queryId: string) => QueryRows | undefined;
  /**
   * Shows Claude's question (ask_user) and waits for the person's answer; rejects when `signal`
   * aborts. Absent where no one can answer: the tool then tells Claude to assume and go on.
   */
  ask?: (
    ask: { callId: string; question: string; options: readonly string[] },
    signal: AbortSignal,
  ) => Promise<string>;
  /** Draws a chart spec as a base64 PNG (see ToolContext.look); absent to send no images. */
  look?: (spec: Record<string, unknown>) => Promise<string>;
  /**
   * Receives the history each time it grows (the question, each reply, each set of results), so
   * a reload mid-turn can continue from what the model had already seen and done.
   */
  checkpoint?: (conversation: Conversation) => void;
}

export interface TurnResult {
  conversation: Conversation;
  state: EndState;
}

/** The running turn, as each step sees it. */
export interface TurnScope {
  readonly turnId: TurnId;
  readonly signal: AbortSignal;
  readonly system: TextBlock[];
  readonly opts: AgentOptions;
  readonly tools: ToolSet;
  /** How the turn is sized to the model's window. */
  readonly fit: WindowFit;
  /** Tokens of the system prompt and tools, as a local model counts them. */
  readonly fixedTokens: number;
  /**
   * A model on the person's computer (AgentOptions.contextWindow given): the loop reads calls
   * written as text, and compaction fits the window exactly. Claude's turns are as they were.
   */
  readonly local: boolean;
  /** Whether the last reply read like a call Sift could not make out (step.ts). */
  readonly unreadable: { last: boolean };
  /** Ids given to calls the model wrote as text (step.ts): their results say how to call tools. */
  readonly writtenCalls: Set<string>;
  /** The history so far; a step replaces it as it grows. */
  conversation: Conversation;
  emit(event: AgentEvent): void;
  /** The turn's clock (AgentOptions.now), for the times its events carry. */
  now(): number;
  /** Hands the current history to the request's checkpoint. */
  checkpoint(): void;
  /** What a tool call of this turn runs with; `emit` is the call's own. */
  toolContext(callId: string, emit: (event: AgentEvent) => void): ToolContext;
}
