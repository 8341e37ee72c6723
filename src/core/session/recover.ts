/**
 * Reopening a session whose last turn never ended (the tab was closed or reloaded mid-turn): the
 * events that close it as the page last showed it, and a history the model can continue from.
 */
import {
  appendUser,
  closeOpenToolUses,
  emptyConversation,
  type Conversation,
} from '../model/conversation.ts';
import type { AgentEvent, EventOf } from '../events/events.ts';
import type { LiveDraft } from './records.ts';

export const RELOAD_NOT_RUN = 'Not run: the page was closed or reloaded before this call finished.';

export const interruptedNote = (question: string | null): string =>
  `[The page was closed or reloaded while you were working on ${
    question === null ? 'the initial analysis' : `the question "${question}"`
  }, so that turn ended there. What you had shown stays on the page; anything you were still writing was not shown in full.]`;

/** The last turn's start, when no `done` follows it. */
export function unfinishedTurn(events: readonly AgentEvent[]): EventOf<'turn_start'> | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'done') return null;
    if (e.type === 'turn_start') return e;
  }
  return null;
}

export interface Recovery {
  /** Durable events to append so the stored transcript ends the turn as it was shown. */
  events: AgentEvent[];
  conversation: Conversation;
}

export function recoverInterrupted(
  events: readonly AgentEvent[],
  history: Conversation | undefined,
  live: LiveDraft | undefined,
  at: number,
): Recovery | null {
  const turn = unfinishedTurn(events);
  if (!turn) return null;
  const { turnId } = turn;
  const added: AgentEvent[] = [];
  const draft = live?.turnId === turnId ? live : undefined;
  const since = events.slice(events.lastIndexOf(turn));
  const reasoning = draft?.reasoning;
  if (
    reasoning?.text.trim() &&
    !since.some((e) => e.type === 'reasoning' && e.step === reasoning.step)
  )
    added.push({ type: 'reasoning', turnId, step: reasoning.step, text: reasoning.text });
  const answer = draft?.answer;
  if (answer?.text.trim() && !since.some((e) => e.type === 'text' && e.callId === answer.callId))
    added.push({ type: 'text', turnId, callId: answer.callId, text: answer.text, cutOff: true });
  added.push({ type: 'done', turnId, state: 'interrupted', at });

  const base = history ?? emptyConversation();
  const messages = appendUser(closeOpenToolUses(base.messages, RELOAD_NOT_RUN), [
    { type: 'text', text: interruptedNote(turn.question) },
  ]);
  return { events: added, conversation: { ...base, messages } };
}

/** What a tab opening a session mid-turn shows of the writer's streaming text. */
export function liveEvents(
  events: readonly AgentEvent[],
  live: LiveDraft | undefined,
): AgentEvent[] {
  const turn = unfinishedTurn(events);
  if (!turn || !live || live.turnId !== turn.turnId) return [];
  const { turnId } = turn;
  const out: AgentEvent[] = [];
  if (live.reasoning) out.push({ type: 'reasoning_delta', turnId, ...live.reasoning });
  if (live.answer) out.push({ type: 'answer_draft', turnId, ...live.answer });
  return out;
}
