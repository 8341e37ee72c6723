/**
 * Folds the event stream into what the page shows: turns, each with its results (items), an
 * activity trail and its token count. Pure: the same events always give the same view, so a
 * session restored from storage looks as it did.
 */
import type { AgentEvent } from './events.ts';
import { reduceTurn } from './turn-view.ts';
import { foldNotebook } from './notebook.ts';
import {
  emptySession,
  emptyUsage,
  type SessionView,
  type TurnView,
  type UsageTotals,
} from './view-types.ts';

export type {
  ActivityView,
  ItemView,
  ReportView,
  SessionView,
  TurnView,
  UsageTotals,
} from './view-types.ts';
export { emptySession, emptyUsage } from './view-types.ts';

function addUsage(total: UsageTotals, e: Extract<AgentEvent, { type: 'usage' }>): UsageTotals {
  return {
    inputTokens: total.inputTokens + e.inputTokens,
    outputTokens: total.outputTokens + e.outputTokens,
    cacheReadTokens: total.cacheReadTokens + e.cacheReadTokens,
    cacheWriteTokens: total.cacheWriteTokens + e.cacheWriteTokens,
    costUsd: total.costUsd === null || e.costUsd === null ? null : total.costUsd + e.costUsd,
    calls: total.calls + 1,
    noChargeCalls: total.noChargeCalls + (e.noCharge ? 1 : 0),
  };
}

function updateTurn(
  session: SessionView,
  turnId: string,
  change: (turn: TurnView) => TurnView,
): SessionView {
  return {
    ...session,
    turns: session.turns.map((t) => (t.id === turnId ? change(t) : t)),
  };
}

/** Applies one event. Returns a new view; the old one is untouched. */
export function reduce(session: SessionView, e: AgentEvent): SessionView {
  if (e.type === 'turn_start') {
    const turn: TurnView = {
      id: e.turnId,
      kind: e.kind,
      question: e.question,
      model: e.model,
      state: 'running',
      status: null,
      items: [],
      activity: [],
      usage: emptyUsage(),
      suggestions: [],
      startedAt: e.at,
      endedAt: null,
    };
    return { ...session, turns: [...session.turns, turn] };
  }
  if (e.type === 'session_update') return { ...session, title: e.title };
  if (e.type === 'own_query') {
    const { type: _type, ...query } = e;
    return {
      ...session,
      ownQueries: [...session.ownQueries, { ...query, afterTurns: session.turns.length }],
    };
  }
  if (e.type === 'own_chart') {
    const { type: _type, ...chart } = e;
    // Kept once: the same event arriving again (another tab's copy) changes nothing.
    if (session.ownCharts.some((c) => c.chartId === e.chartId)) return session;
    return {
      ...session,
      ownCharts: [
        ...session.ownCharts,
        { ...chart, afterTurns: session.turns.length, removed: false },
      ],
    };
  }
  if (
    e.type === 'cell_set' ||
    e.type === 'cell_removed' ||
    e.type === 'cell_moved' ||
    e.type === 'cell_ran'
  )
    return { ...session, notebook: foldNotebook(session.notebook, e) };
  if (e.type === 'own_chart_removed')
    return {
      ...session,
      ownCharts: session.ownCharts.map((c) =>
        c.chartId === e.chartId ? { ...c, removed: true } : c,
      ),
    };
  if (e.type === 'usage') {
    const next = updateTurn(session, e.turnId, (t) => ({ ...t, usage: addUsage(t.usage, e) }));
    const report =
      next.report?.id === e.turnId
        ? { ...next.report, usage: addUsage(next.report.usage, e) }
        : next.report;
    return { ...next, report, usage: addUsage(session.usage, e) };
  }
  if (e.type === 'report_start')
    return {
      ...session,
      report: {
        id: e.turnId,
        state: 'running',
        text: '',
        model: e.model,
        estimatedInputTokens: e.estimatedInputTokens,
        usage: emptyUsage(),
        message: null,
        startedAt: e.at,
        endedAt: null,
      },
    };
  if (e.type === 'report_draft' || e.type === 'report_end') {
    const report = session.report;
    if (report?.id !== e.turnId) return session;
    if (e.type === 'report_draft') return { ...session, report: { ...report, text: e.text } };
    return {
      ...session,
      report: {
        ...report,
        state: e.state,
        text: e.text,
        message: e.message ?? null,
        endedAt: e.at,
      },
    };
  }
  return updateTurn(session, e.turnId, (t) => reduceTurn(t, e));
}

export function reduceAll(events: readonly AgentEvent[], start = emptySession()): SessionView {
  return events.reduce(reduce, start);
}
