/**
 * The agent loop of seed 000, one turn at a time: call the model with the system prompt, history
 * and tools; run every tool call of the reply in order; send the results back; repeat until
 * `finalize`, a stop, an error or the step limit. Everything the page shows leaves as events;
 * the returned conversation is always a valid history to continue from.
 */
import type { AgentEvent, EndState, TurnKind } from '../events/events.ts';
import { errorMessage } from '../errors.ts';
import {
  ModelError,
  type ModelClient,
  type ModelReply,
  type StreamEvent,
} from '../model/client.ts';
import type {
  AssistantBlock,
  TextBlock,
  ToolResultBlock,
  ToolSpec,
  ToolUseBlock,
} from '../model/messages.ts';
import { costOf, inputTotal } from '../model/pricing.ts';
import { TOOLS } from '../tools/registry.ts';
import { toolSpec, type AgentEngine, type DatasetTable, type QueryRows } from '../tools/tool.ts';
import { compact, TOKEN_BUDGET } from './compact.ts';
import {
  appendAssistant,
  appendUser,
  closeOpenToolUses,
  withCacheBreakpoint,
  type Conversation,
} from './history.ts';
import {
  ANALYSIS_REQUEST,
  CUT_OFF_NOTE,
  STEP_LIMIT_NOTE,
  STOPPED_NOTE,
  systemPrompt,
} from './prompts.ts';
import { partialStringField } from './partial-json.ts';
import { runTool } from './run-tool.ts';
import { salvageReply, type Salvage } from './salvage.ts';

export const MAX_STEPS = 15;
/** Steps allowed after the limit for the model to write its conclusion. */
const GRACE_STEPS = 2;
const MAX_TOKENS = 16_000;
const MAX_CUT_OFFS = 2;

export interface AgentOptions {
  model: ModelClient;
  engine: AgentEngine;
  modelId: string;
  maxSteps?: number;
  maxTokens?: number;
  tokenBudget?: number;
  now?: () => number;
}

export interface TurnRequest {
  turnId: string;
  kind: TurnKind;
  /** The person's question; ignored for the initial analysis. */
  question: string | null;
  tables: DatasetTable[];
  conversation: Conversation;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** Query ids the session has used (its cards are Q1…Qn); this turn's start after them. */
  queriesSoFar?: number;
  /** Rows of the session's earlier successful queries, by id (this turn's are kept here). */
  queryRows?: (queryId: string) => QueryRows | undefined;
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

let cachedSpecs: ToolSpec[] | null = null;

/** Tool schemas, the last one marked so system prompt and tools are cached together. */
export function toolSpecs(): ToolSpec[] {
  cachedSpecs ??= TOOLS.map((t, i) =>
    i === TOOLS.length - 1 ? { ...toolSpec(t), cache_control: { type: 'ephemeral' } } : toolSpec(t),
  );
  return cachedSpecs;
}

const textOf = (blocks: AssistantBlock[]) =>
  blocks
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('\n\n');

export async function runTurn(req: TurnRequest, opts: AgentOptions): Promise<TurnResult> {
  const { turnId, signal } = req;
  /** This turn's successful query results, for charts drawn from them. */
  const thisTurn = new Map<string, QueryRows>();
  const emit = (event: AgentEvent) => {
    if (event.type === 'query_result' && event.queryId && !event.isError)
      thisTurn.set(event.queryId, event);
    req.emit(event);
  };
  const now = opts.now ?? Date.now;
  const maxSteps = opts.maxSteps ?? MAX_STEPS;
  const question = req.kind === 'analysis' ? ANALYSIS_REQUEST : (req.question ?? '').trim();
  let conv: Conversation = { ...req.conversation };
  conv.messages = appendUser(conv.messages, [{ type: 'text', text: question }]);
  // The question's message; after a stopped turn it is merged into the last user message.
  conv.turnStarts = [...conv.turnStarts, conv.messages.length - 1];
  const checkpoint = () => req.checkpoint?.({ ...conv });
  emit({
    type: 'turn_start',
    turnId,
    kind: req.kind,
    question: req.kind === 'analysis' ? null : question,
    model: opts.modelId,
    at: now(),
  });
  checkpoint();
  const system: TextBlock[] = [
    {
      type: 'text',
      text: systemPrompt(req.kind, req.tables),
      cache_control: { type: 'ephemeral' },
    },
  ];

  const end = (state: EndState): TurnResult => {
    let messages = closeOpenToolUses(conv.messages, 'Not run: the turn ended first.');
    if (state === 'stopped')
      messages = appendUser(messages, [{ type: 'text', text: STOPPED_NOTE }]);
    conv = { ...conv, messages };
    checkpoint();
    emit({ type: 'done', turnId, state, at: now() });
    return { conversation: { ...conv }, state };
  };
  const fail = (kind: string, message: string): TurnResult => {
    emit({ type: 'error', turnId, kind, message });
    return end('error');
  };

  let queries = req.queriesSoFar ?? 0;
  /** The answers shown while the current reply streams, by call id. */
  const drafts = new Map<string, string>();
  /** Keeps what a failed call left on screen, for the page, storage and the next request. */
  const keep = ({ assistant, user, events }: Salvage) => {
    for (const event of events) emit(event);
    if (assistant.length) conv.messages = appendAssistant(conv.messages, assistant);
    if (user.length) conv.messages = appendUser(conv.messages, user);
    if (assistant.length || user.length) checkpoint();
  };

  let cutOffs = 0;
  for (let step = 1; ; step++) {
    if (signal.aborted) return end('stopped');
    const compaction = compact(conv, opts.tokenBudget ?? TOKEN_BUDGET);
    if (compaction) {
      conv = compaction.conversation;
      emit({
        type: 'compacted',
        turnId,
        turnsSummarised: compaction.turnsSummarised,
        tokensBefore: compaction.tokensBefore,
      });
    }

    emit({
      type: 'status',
      turnId,
      message: step === 1 ? 'Thinking…' : `Thinking (step ${step})…`,
    });
    drafts.clear();
    let reply: ModelReply;
    try {
      reply = await opts.model.complete(
        {
          model: opts.modelId,
          system,
          messages: withCacheBreakpoint(conv.messages),
          tools: toolSpecs(),
          maxTokens: opts.maxTokens ?? MAX_TOKENS,
        },
        { signal, onEvent: (e) => forward(e, step) },
      );
    } catch (e) {
      keep(salvageReply(e instanceof ModelError ? e.partial : [], drafts, turnId, step));
      if (signal.aborted || (e instanceof ModelError && e.kind === 'aborted'))
        return end('stopped');
      if (e instanceof ModelError) return fail(e.kind, e.message);
      return fail('internal', `The model call failed: ${errorMessage(e)}`);
    }

    const usage = reply.usage;
    conv = { ...conv, lastInputTokens: inputTotal(usage) };
    emit({
      type: 'usage',
      turnId,
      step,
      model: reply.model || opts.modelId,
      ...usage,
      costUsd: costOf(reply.model || opts.modelId, usage),
    });

    let blocks = reply.content;
    const cut = reply.stopReason === 'max_tokens';
    // The block the output limit interrupted is incomplete; a half-parsed tool input must not run.
    const dropped = cut ? blocks.at(-1) : undefined;
    if (dropped?.type === 'tool_use') {
      blocks = blocks.slice(0, -1);
      emit({ type: 'answer_draft', turnId, callId: dropped.id, text: '' });
    }
    cutOffs = cut ? cutOffs + 1 : 0;
    const reasoning = textOf(blocks);
    const calls = blocks.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (blocks.length) {
      conv.messages = appendAssistant(conv.messages, blocks);
      checkpoint();
    }

    if (calls.length === 0 && !cut) {
      if (reply.stopReason === 'refusal')
        return fail('refusal', 'The model declined to answer this request.');
      // The model answered without the output tools: its text is the answer, not private notes.
      emit({ type: 'reasoning', turnId, step, text: '' });
      if (reasoning.trim())
        emit({ type: 'text', turnId, callId: `${turnId}-answer-${step}`, text: reasoning });
      return end('done');
    }
    emit({ type: 'reasoning', turnId, step, text: reasoning });

    if (calls.length) {
      const finalized = await runCalls(calls);
      if (signal.aborted) return end('stopped');
      if (finalized) return end('done');
    }
    if (cut) {
      if (cutOffs >= MAX_CUT_OFFS)
        return fail(
          'cut_off',
          'The model’s reply was cut off at its output limit again, so the turn ended. Ask for a shorter answer or a narrower question.',
        );
      conv.messages = appendUser(conv.messages, [{ type: 'text', text: CUT_OFF_NOTE }]);
    }
    if (step >= maxSteps + GRACE_STEPS)
      return fail(
        'step_limit',
        `The model used ${step} steps without finishing, so the turn ended. What it found so far is above; ask a narrower question to continue.`,
      );
    if (step === maxSteps)
      conv.messages = appendUser(conv.messages, [{ type: 'text', text: STEP_LIMIT_NOTE(step) }]);
  }

  /** Runs a reply's tool calls in order and sends back their results; true if one finalized. */
  async function runCalls(calls: ToolUseBlock[]): Promise<boolean> {
    const results: ToolResultBlock[] = [];
    let finalized = false;
    for (const call of calls) {
      if (signal.aborted) {
        results.push({
          type: 'tool_result',
          tool_use_id: call.id,
          content: 'Not run: stopped by the person.',
          is_error: true,
        });
        continue;
      }
      emit({ type: 'status', turnId, message: `Running ${call.name}…` });
      emit({ type: 'tool_call', turnId, callId: call.id, tool: call.name, input: call.input });
      let shown = false;
      const outcome = await runTool(call, {
        engine: opts.engine,
        tables: req.tables,
        signal,
        turnId,
        callId: call.id,
        emit: (e) => {
          shown = true;
          emit(e);
        },
        nextQueryId: () => `Q${++queries}`,
        queryRows: (id) => thisTurn.get(id) ?? req.queryRows?.(id),
      });
      emit({
        type: 'tool_end',
        turnId,
        callId: call.id,
        tool: call.name,
        isError: outcome.isError === true,
        // A tool that showed its own failure (a failed query card) needs no second message.
        ...(outcome.isError && !shown ? { message: outcome.content } : {}),
      });
      results.push({
        type: 'tool_result',
        tool_use_id: call.id,
        content: outcome.content,
        ...(outcome.isError ? { is_error: true } : {}),
      });
      if (outcome.finalize) finalized = true;
    }
    conv.messages = appendUser(conv.messages, results);
    checkpoint();
    return finalized;
  }

  function forward(e: StreamEvent, step: number): void {
    if (e.type === 'text') emit({ type: 'reasoning_delta', turnId, step, text: e.delta });
    else if (e.name === 'output_text') {
      const parsed = (e.partial as { text?: unknown } | null)?.text;
      const text = partialStringField(e.json, 'text') ?? (typeof parsed === 'string' ? parsed : '');
      if (text) {
        drafts.set(e.id, text);
        emit({ type: 'answer_draft', turnId, callId: e.id, text });
      }
    }
  }
}
