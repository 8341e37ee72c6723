/**
 * One step of a turn: compact the history if it grew too big, call the model (its answers stream
 * to the page as they are written), then run the reply's tool calls in order and send back their
 * results. The step reports what happened; whether the turn goes on is for the stop conditions.
 */
import { errorMessage } from '../errors.ts';
import { ModelError, type ModelReply, type StreamEvent } from '../model/client.ts';
import type { ToolResultBlock, ToolSpec, ToolUseBlock } from '../model/messages.ts';
import { costOf, inputTotal } from '../model/pricing.ts';
import { toolSpec } from '../tools/tool.ts';
import type { ToolSet } from '../tools/tool-set.ts';
import { callLine } from '../tools/call-lines.ts';
import { compact } from './compact.ts';
import { MIN_REPLY } from './window-fit.ts';
import {
  appendAssistant,
  appendUser,
  estimateTokens,
  textOf,
  withCacheBreakpoint,
  withoutImages,
} from '../model/conversation.ts';
import { partialStringField } from './partial-json.ts';
import { runTool } from './run-tool.ts';
import { WRITTEN_CALL_NOTE } from './prompts.ts';
import { salvageReply, type Salvage } from './salvage.ts';
import { callsWrittenAsText, looksLikeCall } from './written-calls.ts';
import type { Ending, StepRecord } from './stop-conditions.ts';
import type { TurnScope } from './turn-types.ts';

const cachedSpecs = new WeakMap<ToolSet, ToolSpec[]>();

/** Tool schemas, the last one marked so system prompt and tools are cached together. */
export function toolSpecs(tools: ToolSet): ToolSpec[] {
  let specs = cachedSpecs.get(tools);
  if (!specs) {
    const last = tools.list.length - 1;
    specs = tools.list.map((t, i) =>
      i === last ? { ...toolSpec(t), cache_control: { type: 'ephemeral' } } : toolSpec(t),
    );
    cachedSpecs.set(tools, specs);
  }
  return specs;
}

export type StepOutcome = { record: StepRecord } | { failed: Ending };

export async function runStep(turn: TurnScope, step: number): Promise<StepOutcome> {
  const { turnId, signal, opts, emit } = turn;
  const compaction = compact(
    turn.conversation,
    turn.tools,
    opts.tokenBudget ?? turn.fit.tokenBudget,
    turn.local ? { fixed: turn.fixedTokens, keepResults: turn.fit.keepResults } : null,
  );
  if (compaction) {
    turn.conversation = compaction.conversation;
    emit({
      type: 'compacted',
      turnId,
      turnsSummarised: compaction.turnsSummarised,
      tokensBefore: compaction.tokensBefore,
    });
  }
  // Nothing is sent that a small window would cut: Ollama would drop its front without a word.
  // The reply gets what the prompt leaves of the window, down to MIN_REPLY; below that, the turn
  // ends and says why.
  const window = turn.fit.window;
  const size = estimateTokens(turn.conversation.messages) + turn.fixedTokens;
  const left = window === null || !turn.local ? Infinity : window - size;
  const maxTokens = opts.maxTokens ?? Math.min(turn.fit.maxTokens, left);
  if (left < MIN_REPLY)
    return {
      failed: {
        state: 'error',
        kind: 'context_window',
        message: `This turn no longer fits the model’s context window of ${(window ?? 0).toLocaleString('en-US')} tokens, even with earlier results summarised. What was found is above. Ask a narrower question in a new session, or give the model a larger context (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: --ctx-size) and set it in Model settings.`,
      },
    };
  emit({ type: 'status', turnId, message: step === 1 ? 'Thinking…' : `Thinking (step ${step})…` });

  /** The answers shown while the reply streams, by call id. */
  const drafts = new Map<string, string>();
  let reply: ModelReply;
  try {
    reply = await opts.model.complete(
      {
        model: opts.modelId,
        system: turn.system,
        messages: withCacheBreakpoint(turn.conversation.messages),
        tools: toolSpecs(turn.tools),
        maxTokens,
        ...(turn.local && turn.fit.compact ? { thinking: 'off' as const } : {}),
      },
      { signal, onEvent: (e) => preview(turn, e, step, drafts) },
    );
  } catch (e) {
    const partial = e instanceof ModelError ? e.partial : [];
    keep(turn, salvageReply(partial, drafts, turnId, step, turn.tools));
    if (signal.aborted || (e instanceof ModelError && e.kind === 'aborted'))
      return { failed: { state: 'stopped' } };
    if (e instanceof ModelError)
      return { failed: { state: 'error', kind: e.kind, message: e.message } };
    return {
      failed: {
        state: 'error',
        kind: 'internal',
        message: `The model call failed: ${errorMessage(e)}`,
      },
    };
  }

  const model = reply.model || opts.modelId;
  turn.conversation = { ...turn.conversation, lastInputTokens: inputTotal(reply.usage) };
  // A model on this computer costs nothing to call; never a price from a table (issue 32).
  const charge = opts.noCharge
    ? { costUsd: 0, noCharge: true as const }
    : { costUsd: costOf(model, reply.usage) };
  emit({ type: 'usage', turnId, step, model, ...reply.usage, ...charge });

  let blocks = reply.content;
  const cutOff = reply.stopReason === 'max_tokens';
  // A small model's call written as JSON in its text (issue 32) is run as the call it meant.
  // Only for a model on this computer: Claude calls tools properly, and may quote JSON.
  const written = cutOff || !turn.local ? null : callsWrittenAsText(blocks, turn, step);
  if (written) blocks = written;
  // The block the output limit interrupted is incomplete; a half-parsed tool input must not run.
  const dropped = cutOff ? blocks.at(-1) : undefined;
  if (dropped?.type === 'tool_use') {
    blocks = blocks.slice(0, -1);
    emit({ type: 'answer_withdrawn', turnId, callId: dropped.id });
  }
  const reasoning = textOf(blocks);
  const calls = blocks.filter((b): b is ToolUseBlock => b.type === 'tool_use');
  if (blocks.length) {
    // The model has seen its charts' images: the history keeps a note instead, so they are sent
    // (and stored) once, not with every later request.
    turn.conversation.messages = appendAssistant(withoutImages(turn.conversation.messages), blocks);
    turn.checkpoint();
  }
  const refused = reply.stopReason === 'refusal';
  // Text that reads like a call Sift could not make out, which the model is told how to send;
  // the second in a row is taken as the answer it is (stop-conditions.ts, unreadableCall).
  const unreadable =
    turn.local && calls.length === 0 && !cutOff && !refused && looksLikeCall(reasoning);
  const askedAgain = unreadable && !turn.unreadable.last;
  turn.unreadable.last = unreadable;
  const record = {
    step,
    cutOff,
    stopReason: reply.stopReason,
    // Nothing to show, no call (issue 32: retried once, then said); a refusal is said as such.
    empty: calls.length === 0 && !cutOff && !refused && reasoning.trim() === '',
    ...(unreadable ? { unreadableCall: true } : {}),
  };

  if (askedAgain) {
    // Not an answer yet: the model is asked to send the call properly, and its text is its notes.
    emit({ type: 'reasoning', turnId, step, text: reasoning });
    return { record: { ...record, calls: [] } };
  }
  if (calls.length === 0 && !cutOff) {
    // The model answered without the output tools: its text is the answer, not private notes.
    if (!refused) {
      emit({ type: 'reasoning_withdrawn', turnId, step });
      if (reasoning.trim())
        emit({ type: 'text', turnId, callId: `${turnId}-answer-${step}`, text: reasoning });
    }
    return { record: { ...record, calls: [] } };
  }
  if (reasoning.trim()) emit({ type: 'reasoning', turnId, step, text: reasoning });
  else emit({ type: 'reasoning_withdrawn', turnId, step });
  return { record: { ...record, calls: await runCalls(turn, calls) } };
}

/** Runs a reply's tool calls in order and sends back their results. */
async function runCalls(turn: TurnScope, calls: ToolUseBlock[]): Promise<StepRecord['calls']> {
  const { turnId, signal, emit } = turn;
  const results: ToolResultBlock[] = [];
  const ran: Array<StepRecord['calls'][number]> = [];
  const endsTurn = (name: string) => turn.tools.byName(name)?.endsTurn === true;
  for (const call of calls) {
    if (signal.aborted) {
      results.push({
        type: 'tool_result',
        tool_use_id: call.id,
        content: 'Not run: stopped by the person.',
        is_error: true,
      });
      ran.push({
        tool: call.name,
        isError: true,
        key: callKey(call),
        endsTurn: endsTurn(call.name),
      });
      continue;
    }
    const line = callLine(turn.tools, call.name, call.input);
    emit({ type: 'status', turnId, message: `${line.label}…` });
    emit({
      type: 'tool_call',
      turnId,
      callId: call.id,
      tool: call.name,
      input: call.input,
      ...line,
      at: turn.now(),
    });
    let shown = false;
    let outcome = await runTool(
      call,
      turn.toolContext(call.id, (e) => {
        shown = true;
        emit(e);
      }),
      turn.tools,
    );
    const isError = outcome.isError === true;
    emit({
      type: 'tool_end',
      turnId,
      callId: call.id,
      tool: call.name,
      isError,
      at: turn.now(),
      // A tool that showed its own failure (a failed query card) needs no second message.
      ...(isError && !shown ? { message: outcome.content } : {}),
    });
    if (turn.writtenCalls.has(call.id))
      outcome = { ...outcome, content: `${outcome.content}\n${WRITTEN_CALL_NOTE}` };
    results.push({
      type: 'tool_result',
      tool_use_id: call.id,
      content: outcome.image
        ? [
            { type: 'text', text: outcome.content },
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: outcome.image },
            },
          ]
        : outcome.content,
      ...(isError ? { is_error: true } : {}),
    });
    ran.push({
      tool: call.name,
      isError,
      key: callKey(call),
      endsTurn: endsTurn(call.name),
      ...(outcome.holdsTurn ? { holds: true } : {}),
    });
  }
  turn.conversation.messages = appendUser(turn.conversation.messages, results);
  turn.checkpoint();
  return ran;
}

/** A call as the model sent it, to know it again: its tool and input. */
const callKey = (call: ToolUseBlock) => `${call.name} ${JSON.stringify(call.input)}`;

/** Streams the reply to the page: reasoning as it comes, answers as their input arrives. */
function preview(turn: TurnScope, e: StreamEvent, step: number, drafts: Map<string, string>) {
  const { turnId, emit } = turn;
  if (e.type === 'text') {
    emit({ type: 'reasoning_delta', turnId, step, text: e.delta });
    return;
  }
  const key = turn.tools.byName(e.name)?.preview;
  if (!key) return;
  const parsed = (e.partial as Record<string, unknown> | null)?.[key];
  const text = partialStringField(e.json, key) ?? (typeof parsed === 'string' ? parsed : '');
  if (!text) return;
  // The status says what is happening: an answer being written, not "Thinking (step 2)…".
  if (!drafts.has(e.id)) emit({ type: 'status', turnId, message: 'Writing the answer…' });
  drafts.set(e.id, text);
  emit({ type: 'answer_draft', turnId, callId: e.id, text });
}

/** Keeps what a failed call left on screen, for the page, storage and the next request. */
function keep(turn: TurnScope, { assistant, user, events }: Salvage) {
  for (const event of events) turn.emit(event);
  if (assistant.length)
    turn.conversation.messages = appendAssistant(turn.conversation.messages, assistant);
  if (user.length) turn.conversation.messages = appendUser(turn.conversation.messages, user);
  if (assistant.length || user.length) turn.checkpoint();
}
