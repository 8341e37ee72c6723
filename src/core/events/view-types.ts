/** What the page shows of a session: the view the events fold into (view.ts). */
import type { EndState, TurnKind, Verdict } from './events.ts';

import type { Cell } from '../data/cell.ts';
import type { TurnId } from '../ids.ts';
import type { Usage } from '../model/usage.ts';

export type ItemView =
  | { type: 'text'; id: string; text: string; draft: boolean; cutOff?: boolean }
  | { type: 'table'; id: string; title: string; headers: string[]; rows: Cell[][] }
  | {
      type: 'plot';
      id: string;
      title: string;
      spec: Record<string, unknown>;
      /** The query the chart was drawn from; absent when its data was typed in. */
      queryId?: string;
    }
  | {
      type: 'query_result';
      id: string;
      queryId?: string;
      description: string;
      query: string;
      running: boolean;
      columns: string[];
      rows: Cell[][];
      rowCount: number | null;
      truncated: boolean;
      durationMs: number | null;
      isError: boolean;
      error?: string;
    }
  | {
      /** A question Claude asked the person; `answer` is null until they answer. */
      type: 'ask';
      id: string;
      question: string;
      options: string[];
      answer: string | null;
    }
  | {
      /** A finding checked against the data, with the verdict and each check's figures. */
      type: 'validation';
      id: string;
      finding: string;
      verdict: Verdict;
      checks: Array<{ label: string; text: string; verdict: Verdict }>;
    }
  | { type: 'error'; id: string; kind: string; message: string };

export type ActivityView =
  | { type: 'reasoning'; step: number; text: string }
  | {
      type: 'tool';
      callId: string;
      tool: string;
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
}

export function emptyUsage(): UsageTotals {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    costUsd: 0,
    calls: 0,
  };
}

export function emptySession(): SessionView {
  return { title: null, turns: [], usage: emptyUsage(), report: null };
}
