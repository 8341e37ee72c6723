/**
 * The turn's part of the view: how each event of one turn changes its items (what the page shows
 * as results), its activity trail and its state. Pure, like view.ts, which calls it.
 */
import type { AgentEvent, EventOf } from './events.ts';
import {
  afterCallFailed,
  afterTurnEnded,
  foldItem,
  foldUpdate,
  isItemEvent,
  isItemUpdate,
} from '../items/kinds.ts';
import type { ActivityView, TurnView } from './view-types.ts';

/** Events of the session as a whole; the rest belong to one turn. */
type SessionEvent = EventOf<
  | 'turn_start'
  | 'session_update'
  | 'usage'
  | 'report_start'
  | 'report_draft'
  | 'report_end'
  | 'own_query'
  | 'own_chart'
  | 'own_chart_removed'
  | 'cell_set'
  | 'cell_removed'
  | 'cell_moved'
  | 'cell_ran'
>;
export type TurnEvent = Exclude<AgentEvent, SessionEvent>;

function setTool(
  activity: ActivityView[],
  callId: string,
  change: Partial<Extract<ActivityView, { type: 'tool' }>>,
): ActivityView[] {
  return activity.map((a) => (a.type === 'tool' && a.callId === callId ? { ...a, ...change } : a));
}

/** How long a tool call took, from its start to `endedAt`, when both times are known. */
function durationOf(
  activity: ActivityView[],
  callId: string,
  endedAt: number | undefined,
): { durationMs?: number } {
  const entry = activity.find((a) => a.type === 'tool' && a.callId === callId);
  const startedAt = entry?.type === 'tool' ? entry.startedAt : undefined;
  return startedAt === undefined || endedAt === undefined
    ? {}
    : { durationMs: Math.max(0, endedAt - startedAt) };
}

export function reduceTurn(t: TurnView, e: TurnEvent): TurnView {
  // Every kind of item in one step (core/items/): its item in place, its call's line updated.
  if (isItemEvent(e)) {
    const { items, call } = foldItem(t.items, e);
    const activity = call && 'callId' in e ? setTool(t.activity, e.callId, call) : t.activity;
    // What the person read before a correction stays where they can find it again.
    const first =
      e.type === 'text' && e.replaces !== undefined
        ? t.items.find((i) => i.type === 'text' && i.id === e.replaces)
        : undefined;
    if (first?.type !== 'text') return { ...t, items, activity };
    const note: ActivityView = {
      type: 'note',
      text: `Answer corrected after its figures were checked against the queries it cites. It first read: ${first.text}`,
    };
    return { ...t, items, activity: [...activity, note] };
  }
  // A draft answer, a running query, an answer on a question: each kind says what it does.
  if (isItemUpdate(e)) return { ...t, items: foldUpdate(t.items, e) };
  switch (e.type) {
    case 'status':
      return { ...t, status: e.message };
    case 'reasoning_delta': {
      const last = t.activity.at(-1);
      if (last?.type === 'reasoning' && last.step === e.step)
        return {
          ...t,
          activity: [...t.activity.slice(0, -1), { ...last, text: last.text + e.text }],
        };
      return { ...t, activity: [...t.activity, { type: 'reasoning', step: e.step, text: e.text }] };
    }
    case 'reasoning_withdrawn':
      return {
        ...t,
        activity: t.activity.filter((a) => !(a.type === 'reasoning' && a.step === e.step)),
      };
    case 'reasoning': {
      const rest = t.activity.filter((a) => !(a.type === 'reasoning' && a.step === e.step));
      // Sessions stored before reasoning_withdrawn existed said it with an empty text.
      if (!e.text.trim()) return { ...t, activity: rest };
      // Keep it where the streamed version was, before the step's tool calls.
      const at = t.activity.findIndex((a) => a.type === 'reasoning' && a.step === e.step);
      const entry: ActivityView = { type: 'reasoning', step: e.step, text: e.text };
      if (at < 0) return { ...t, activity: [...rest, entry] };
      return { ...t, activity: [...t.activity.slice(0, at), entry, ...t.activity.slice(at + 1)] };
    }
    case 'tool_call': {
      const entry: ActivityView = {
        type: 'tool',
        callId: e.callId,
        tool: e.tool,
        // A call of a tool Sift no longer has, stored before calls carried their line, is named.
        label: e.label ?? e.tool,
        summary: e.line ?? e.tool,
        status: 'running',
        ...(e.at === undefined ? {} : { startedAt: e.at }),
      };
      return { ...t, activity: [...t.activity, entry] };
    }
    case 'tool_end': {
      const timing = durationOf(t.activity, e.callId, e.at);
      if (!e.isError)
        return { ...t, activity: setTool(t.activity, e.callId, { status: 'done', ...timing }) };
      const message = e.message ?? 'Failed';
      return {
        ...t,
        items: afterCallFailed(t.items, e.callId, message),
        activity: setTool(t.activity, e.callId, {
          status: 'error',
          ...timing,
          ...(e.message === undefined ? {} : { message }),
        }),
      };
    }
    case 'suggestions':
      return { ...t, suggestions: e.suggestions };
    case 'compacted':
      return {
        ...t,
        activity: [
          ...t.activity,
          {
            type: 'note',
            text: `Summarised ${e.turnsSummarised} earlier turn(s) for the model to stay under the token budget (was ${e.tokensBefore.toLocaleString('en-US')} input tokens).`,
          },
        ],
      };
    case 'done': {
      // Whatever was still running when the turn ended was cut short by it.
      const items = afterTurnEnded(t.items, e.state === 'stopped');
      const activity = t.activity.map((a) =>
        a.type === 'tool' && a.status === 'running'
          ? { ...a, status: 'error' as const, message: 'Not finished' }
          : a,
      );
      return { ...t, state: e.state, status: null, items, activity, endedAt: e.at };
    }
    default: {
      // Every event is handled here or by `reduce`: a new one fails to compile until it is.
      const unhandled: never = e;
      return unhandled;
    }
  }
}
