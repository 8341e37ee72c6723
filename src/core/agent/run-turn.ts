/**
 * The agent loop, one turn at a time: a step calls the model with the system prompt, history and
 * tools and runs the reply's tool calls; the stop conditions decide after each step whether the
 * turn ends (finalize, an answer without tools, Stop, repeated cut-offs, the step limit) or goes
 * on with a note for the model. Everything the page shows leaves as events; the returned
 * conversation is always a valid history to continue from.
 */
import type { AgentEvent } from '../events/events.ts';
import { queryIdOf } from '../ids.ts';
import { notebookNote } from './notebook-note.ts';
import { ownQueriesNote } from './own-queries-note.ts';
import type { TextBlock } from '../model/messages.ts';
import type { ToolSet } from '../tools/tool-set.ts';
import type { QueryRows } from '../tools/tool.ts';
import { appendUser, closeOpenToolUses, withoutImages } from '../model/conversation.ts';
import { ANALYSIS_REQUEST, STOPPED_NOTE, systemPrompt } from './prompts.ts';
import { runStep, toolSpecs } from './step.ts';
import { fitWindow, fixedTokens, fullFit } from './window-fit.ts';
import {
  GRACE_STEPS,
  judge,
  MAX_STEPS,
  stepCeiling,
  stopRequested,
  turnConditions,
  type Ending,
  type StepRecord,
} from './stop-conditions.ts';
import type { AgentOptions, TurnRequest, TurnResult, TurnScope } from './turn-types.ts';

export type { AgentOptions, TurnRequest, TurnResult } from './turn-types.ts';
export { toolSpecs } from './step.ts';
export { MAX_STEPS } from './stop-conditions.ts';

export async function runTurn(req: TurnRequest, opts: AgentOptions): Promise<TurnResult> {
  const { turnId, signal } = req;
  const now = opts.now ?? Date.now;
  /** This turn's successful query results, for charts drawn from them. */
  const thisTurn = new Map<string, QueryRows>();
  let queries = req.queriesSoFar ?? 0;
  const emit = (event: AgentEvent) => {
    if (event.type === 'query_result' && event.queryId && !event.isError)
      thisTurn.set(event.queryId, event);
    req.emit(event);
  };
  const question = req.kind === 'analysis' ? ANALYSIS_REQUEST : (req.question ?? '').trim();
  const systemOf = (tools: ToolSet, compact: boolean): TextBlock[] => [
    {
      type: 'text',
      text: systemPrompt(req.kind, req.tables, tools, { compact }),
      cache_control: { type: 'ephemeral' },
    },
  ];
  const fixedOf = (tools: ToolSet, compact: boolean) =>
    fixedTokens(systemOf(tools, compact), toolSpecs(tools));
  const fitted =
    opts.contextWindow === undefined
      ? fullFit(opts.tools)
      : fitWindow(opts.contextWindow, opts.tools, fixedOf);
  if ('tooSmall' in fitted) return refuse(req, opts, question, fitted.tooSmall, now);
  const fit = fitted;
  const tools = fit.tools;
  const system = systemOf(tools, fit.compact);
  const turn: TurnScope = {
    turnId,
    signal,
    system,
    opts,
    tools,
    fit,
    local: opts.contextWindow !== undefined,
    unreadable: { last: false },
    writtenCalls: new Set(),
    fixedTokens: opts.contextWindow === undefined ? 0 : fixedOf(tools, fit.compact),
    conversation: { ...req.conversation },
    emit,
    now,
    checkpoint: () => req.checkpoint?.({ ...turn.conversation }),
    toolContext: (callId, callEmit) => ({
      engine: opts.engine,
      tables: req.tables,
      signal,
      turnId,
      callId,
      emit: callEmit,
      nextQueryId: req.nextQueryId ?? (() => queryIdOf(++queries)),
      queryRows: (id) => thisTurn.get(id) ?? req.queryRows?.(id),
      resultLimits: fit.resultLimits,
      ...(req.ask
        ? { ask: (question, options) => req.ask!({ callId, question, options }, signal) }
        : {}),
      ...(req.look ? { look: req.look } : {}),
    }),
  };

  const told = [
    ownQueriesNote(req.ownQueries ?? [], fit.resultLimits),
    notebookNote(req.notebook ?? [], fit.resultLimits),
  ].flatMap((text) => (text ? [{ type: 'text' as const, text }] : []));
  const messages = appendUser(turn.conversation.messages, [
    ...told,
    { type: 'text', text: question },
  ]);
  // The question's message; after a stopped turn it is merged into the last user message.
  turn.conversation = {
    ...turn.conversation,
    messages,
    turnStarts: [...turn.conversation.turnStarts, messages.length - 1],
  };
  emit({
    type: 'turn_start',
    turnId,
    kind: req.kind,
    question: req.kind === 'analysis' ? null : question,
    model: opts.modelId,
    at: now(),
  });
  turn.checkpoint();

  const maxSteps = opts.maxSteps ?? MAX_STEPS;
  // Stop first and the ceiling last, whatever the turn was handed.
  const conditions = [
    stopRequested(signal),
    ...(opts.stopWhen ?? turnConditions(tools, maxSteps)),
    stepCeiling(maxSteps + GRACE_STEPS),
  ];
  const steps: StepRecord[] = [];
  const ending = await (async (): Promise<Ending> => {
    for (;;) {
      if (signal.aborted) return { state: 'stopped' };
      const outcome = await runStep(turn, steps.length + 1);
      if ('failed' in outcome) return outcome.failed;
      steps.push(outcome.record);
      const { end, notes } = judge(conditions, steps);
      if (end) return end;
      for (const note of notes)
        turn.conversation.messages = appendUser(turn.conversation.messages, [
          { type: 'text', text: note },
        ]);
    }
  })();
  return finish(turn, ending, now);
}

/** A turn that cannot be sent (the model's window is too small): said, and nothing asked. */
function refuse(
  req: TurnRequest,
  opts: AgentOptions,
  question: string,
  message: string,
  now: () => number,
): TurnResult {
  const { turnId, kind } = req;
  const asked = kind === 'analysis' ? null : question;
  req.emit({ type: 'turn_start', turnId, kind, question: asked, model: opts.modelId, at: now() });
  req.emit({ type: 'error', turnId, kind: 'context_window', message });
  req.emit({ type: 'done', turnId, state: 'error', at: now() });
  return { conversation: { ...req.conversation }, state: 'error' };
}

/** Ends the turn: answers calls that never ran, tells the page, and returns the history. */
function finish(turn: TurnScope, ending: Ending, now: () => number): TurnResult {
  const { turnId } = turn;
  if (ending.state === 'error')
    turn.emit({ type: 'error', turnId, kind: ending.kind, message: ending.message });
  // Images are for the next step of this turn only: a later turn is not sent them again.
  let messages = withoutImages(
    closeOpenToolUses(turn.conversation.messages, 'Not run: the turn ended first.'),
  );
  if (ending.state === 'stopped')
    messages = appendUser(messages, [{ type: 'text', text: STOPPED_NOTE }]);
  turn.conversation = { ...turn.conversation, messages };
  turn.checkpoint();
  turn.emit({ type: 'done', turnId, state: ending.state, at: now() });
  return { conversation: { ...turn.conversation }, state: ending.state };
}
