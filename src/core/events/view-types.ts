/** What the page shows of a session: the view the events fold into (view.ts). */
import type { EndState, TurnKind } from './events.ts';
import type { ItemView } from '../items/kinds.ts';
import type { TurnId } from '../ids.ts';
import type { Usage } from '../model/usage.ts';
import type { OwnQuery } from './own-query.ts';
import type { OwnChart } from './own-chart.ts';
import type { CellView } from './notebook.ts';

/** What a turn shows as results: one kind per file in core/items/. */
export type { ItemView } from '../items/kinds.ts';

export type ActivityView =
  | { type: 'reasoning'; step: number; text: string }
  | {
      type: 'tool';
      callId: string;
      tool: string;
      /** The tool's name in plain words ("Query"). */
      label: string;
      summary: string;
      status: 'running' | 'done' | 'error';
      message?: string;
      /** When it started, and how long it took once it ended (absent in older sessions). */
      startedAt?: number;
      durationMs?: number;
    }
  | { type: 'note'; text: string };

export interface UsageTotals extends Usage {
  /** Null when some call was made with a model the price table does not know. */
  costUsd: number | null;
  calls: number;
  /** Calls to a model on the person's computer, which cost nothing. */
  noChargeCalls: number;
}

export interface TurnView {
  id: TurnId;
  kind: TurnKind;
  question: string | null;
  model: string;
  state: 'running' | EndState;
  status: string | null;
  items: ItemView[];
  activity: ActivityView[];
  usage: UsageTotals;
  /** Follow-up questions offered when the turn finished. */
  suggestions: string[];
  startedAt: number;
  endedAt: number | null;
}

export interface ReportView {
  id: TurnId;
  state: 'running' | EndState;
  text: string;
  model: string;
  estimatedInputTokens: number;
  /** What its model call really cost, once known. */
  usage: UsageTotals;
  message: string | null;
  startedAt: number;
  endedAt: number | null;
}

export interface SessionView {
  title: string | null;
  turns: TurnView[];
  usage: UsageTotals;
  /** The latest report, if one was asked for. */
  report: ReportView | null;
  /** The queries the person ran in the SQL box, oldest first (own-query.ts). */
  ownQueries: OwnQuery[];
  /** The charts the person kept, oldest first, those they removed marked (own-chart.ts). */
  ownCharts: OwnChart[];
  /** The notebook's cells, in order (notebook.ts). */
  notebook: CellView[];
}

export function emptyUsage(): UsageTotals {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    costUsd: 0,
    calls: 0,
    noChargeCalls: 0,
  };
}

export function emptySession(): SessionView {
  return {
    title: null,
    turns: [],
    usage: emptyUsage(),
    report: null,
    ownQueries: [],
    ownCharts: [],
    notebook: [],
  };
}
