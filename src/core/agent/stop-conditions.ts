/**
 * When a turn ends, as composable conditions over the steps so far (in the manner of vercel/ai's
 * `stopWhen`: https://github.com/vercel/ai/blob/main/packages/ai/src/generate-text/stop-condition.ts).
 * Each looks at the record of every step and either ends the turn, adds a note for the model's
 * next step, or has nothing to say. The first ending wins; every note is sent.
 */
import type { EndState } from '../events/events.ts';
import type { ToolSet } from '../tools/tool-set.ts';
import {
  cutOffNote,
  emptyReplyNote,
  figuresHeldNote,
  repeatedCallNote,
  stepLimitNote,
  unreadableCallNote,
} from './prompts.ts';

/** Steps a turn may take before the model is told to conclude. */
export const MAX_STEPS = 15;
/** Steps allowed after the limit for the model to write its conclusion. */
export const GRACE_STEPS = 2;
/** Replies in a row cut off at the output limit before the turn gives up. */
export const MAX_CUT_OFFS = 2;

/** What one step did, as the conditions see it. */
export interface StepRecord {
  step: number;
  /**
   * The reply's tool calls that ran, with whether each failed, whether its tool ends a turn, and
   * whether its result must be read before the turn ends (ToolOutcome.holdsTurn).
   */
  calls: ReadonlyArray<{
    tool: string;
    isError: boolean;
    endsTurn: boolean;
    holds?: boolean;
    /** The call as sent (tool and input), to know the same call again. */
    key?: string;
  }>;
  /** The reply stopped at the output limit (a half-written last call was dropped). */
  cutOff: boolean;
  /** Why the model's reply ended, as the API said. */
  stopReason: string | null;
  /** The reply had nothing in it: no text, no call. */
  empty?: boolean;
  /** The reply's text reads like a call written as JSON that Sift could not make out. */
  unreadableCall?: boolean;
}

export type Ending =
  | { state: Exclude<EndState, 'error' | 'interrupted'> }
  | { state: 'error'; kind: string; message: string };

export type Verdict = { end: Ending } | { note: string } | null;

export type StopCondition = (steps: readonly StepRecord[]) => Verdict;

const last = (steps: readonly StepRecord[]) => steps[steps.length - 1];

/** The person pressed Stop. */
export const stopRequested =
  (signal: AbortSignal): StopCondition =>
  () =>
    signal.aborted ? { end: { state: 'stopped' } } : null;

/**
 * A tool that ends the turn (finalize) ran without failing. Unless a call of the same reply holds
 * the turn (an answer whose figures did not match its queries): the model then has one more step
 * to read that and correct itself — once a turn, so a model that keeps misquoting cannot loop.
 */
export const endingToolCalled: StopCondition = (steps) => {
  const step = last(steps);
  if (!step?.calls.some((c) => !c.isError && c.endsTurn)) return null;
  const held = (s: StepRecord) => s.calls.some((c) => c.holds);
  if (held(step) && !steps.slice(0, -1).some(held)) return { note: figuresHeldNote };
  return { end: { state: 'done' } };
};

/**
 * The model replied without calling a tool: its text was the answer, or it refused. An empty
 * reply or an unreadable call is left to the conditions above it, which ask again first.
 */
export const answeredWithoutTools: StopCondition = (steps) => {
  const step = last(steps);
  if (!step || step.calls.length > 0 || step.cutOff) return null;
  if (step.empty || step.unreadableCall) return null;
  if (step.stopReason === 'refusal')
    return {
      end: {
        state: 'error',
        kind: 'refusal',
        message: 'The model declined to answer this request.',
      },
    };
  return { end: { state: 'done' } };
};

/**
 * The same call failing again, unchanged (small models do this; issue 32): the first repeat gets a
 * note telling the model to change it, the second ends the turn and tells the person.
 */
export const repeatedFailure: StopCondition = (steps) => {
  const failedNow = last(steps)?.calls.filter((c) => c.isError && c.key) ?? [];
  const timesOf = (key: string | undefined) =>
    steps.reduce((n, s) => n + s.calls.filter((c) => c.isError && c.key === key).length, 0);
  // The call failed most often decides: a third failure ends the turn whatever else repeated.
  const worst = failedNow
    .map((call) => ({ call, times: timesOf(call.key) }))
    .sort((a, b) => b.times - a.times)[0];
  if (!worst || worst.times < 2) return null;
  if (worst.times >= 3)
    return {
      end: {
        state: 'error',
        kind: 'repeated_call',
        message: `The model sent the same failing ${worst.call.tool} call three times, so the turn stopped. Its error is above. Try asking more simply, or a larger model.`,
      },
    };
  return { note: repeatedCallNote(worst.call.tool) };
};

/**
 * An empty reply (no text, no call), before the turn has an answer: the model is asked once more;
 * a second empty reply ends the turn and says so. After an answer, an empty reply just ends it, as
 * Claude's does when it has nothing to add.
 */
export const emptyReply =
  (tools: ToolSet): StopCondition =>
  (steps) => {
    const step = last(steps);
    if (!step?.empty) return null;
    const answers = (name: string) => tools.byName(name)?.presents === 'answer';
    if (steps.some((s) => s.calls.some((c) => !c.isError && answers(c.tool))))
      return { end: { state: 'done' } };
    if (steps.at(-2)?.empty)
      return {
        end: {
          state: 'error',
          kind: 'empty_reply',
          message:
            'The model sent an empty reply twice, so the turn stopped. Try again, ask more simply, or pick another model.',
        },
      };
    return { note: emptyReplyNote(tools) };
  };

/**
 * Text that reads like a call Sift could not run: the model is told how; a second such reply in
 * a row is taken as the answer it is (shown as text, like any reply without tools).
 */
export const unreadableCall =
  (tools: ToolSet): StopCondition =>
  (steps) => {
    if (!last(steps)?.unreadableCall) return null;
    if (steps.at(-2)?.unreadableCall) return { end: { state: 'done' } };
    return { note: unreadableCallNote(tools) };
  };

/**
 * Replies cut off at the output limit: the model is told once (`note`, which names the tools the
 * turn has), then the turn ends.
 */
export const repeatedCutOffs =
  (max: number, note: string): StopCondition =>
  (steps) => {
    let run = 0;
    for (let i = steps.length - 1; i >= 0 && steps[i]?.cutOff; i--) run += 1;
    if (run === 0) return null;
    if (run < max) return { note };
    return {
      end: {
        state: 'error',
        kind: 'cut_off',
        message:
          'The model’s reply was cut off at its output limit again, so the turn ended. Ask for a shorter answer or a narrower question.',
      },
    };
  };

/**
 * However a turn was told to end, it ends at `max` steps: the loop asks this last, so that
 * conditions handed in (AgentOptions.stopWhen) that never end a turn cannot keep asking the
 * model, and paying for it, until the person presses Stop.
 */
export const stepCeiling =
  (max: number): StopCondition =>
  (steps) =>
    steps.length >= max
      ? {
          end: {
            state: 'error',
            kind: 'step_limit',
            message: `The model used ${steps.length} steps without finishing, so the turn ended. What it found so far is above; ask a narrower question to continue.`,
          },
        }
      : null;

/** At `max` steps the model is told to conclude (`note`); `grace` steps later the turn ends. */
export const stepLimit =
  (max: number, grace: number, note: (steps: number) => string): StopCondition =>
  (steps) =>
    stepCeiling(max + grace)(steps) ?? (steps.length === max ? { note: note(steps.length) } : null);

/**
 * Sift's conditions of a turn given `tools`, in the order they are asked (AgentOptions.stopWhen);
 * the loop asks `stopRequested` before them. Their notes name the tools the model has.
 */
export function turnConditions(tools: ToolSet, maxSteps = MAX_STEPS): StopCondition[] {
  return [
    endingToolCalled,
    repeatedFailure,
    emptyReply(tools),
    unreadableCall(tools),
    answeredWithoutTools,
    repeatedCutOffs(MAX_CUT_OFFS, cutOffNote(tools)),
    stepLimit(maxSteps, GRACE_STEPS, (steps) => stepLimitNote(steps, tools)),
  ];
}

/** The first ending the conditions give, and the notes they add for the next step. */
export function judge(
  conditions: readonly StopCondition[],
  steps: readonly StepRecord[],
): { end: Ending | null; notes: string[] } {
  const notes: string[] = [];
  for (const condition of conditions) {
    const verdict = condition(steps);
    if (verdict && 'end' in verdict) return { end: verdict.end, notes };
    if (verdict) notes.push(verdict.note);
  }
  return { end: null, notes };
}
