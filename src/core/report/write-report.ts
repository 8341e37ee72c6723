/**
 * Writes the report: one streamed model call without tools over the findings (report-input.ts),
 * told as events — `report_start`, the text as it streams (`report_draft`), its `usage`, then
 * `report_end` with how it ended. A failure keeps the text that arrived and says why; like a
 * turn, it never throws.
 */
import type { AgentEvent } from '../events/events.ts';
import { errorMessage } from '../errors.ts';
import { ModelError, type ModelClient } from '../model/client.ts';
import { estimateTokens, textOf } from '../model/conversation.ts';
import { costOf } from '../model/pricing.ts';
import type { ReportInput } from './report-input.ts';
import { REPORT_REQUEST, REPORT_SYSTEM } from './report-prompt.ts';
import type { TurnId } from '../ids.ts';

/** A comprehensive report is long; this leaves room without inviting an endless one. */
export const REPORT_MAX_TOKENS = 8_000;

export interface ReportRequest {
  reportId: TurnId;
  input: ReportInput;
  model: ModelClient;
  modelId: string;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  /** The model's context window, when it is a small one (a local model; issue 32). */
  contextWindow?: number | null;
  /** The model runs on the person's computer: no charge. */
  noCharge?: boolean;
  now?: () => number;
}

export async function writeReport(req: ReportRequest): Promise<void> {
  const { reportId: turnId, emit, signal } = req;
  const now = req.now ?? Date.now;
  emit({
    type: 'report_start',
    turnId,
    model: req.modelId,
    estimatedInputTokens: req.input.estimatedTokens,
    at: now(),
  });
  let text = '';
  const end = (state: 'done' | 'error' | 'stopped', message?: string) =>
    emit({
      type: 'report_end',
      turnId,
      state,
      text,
      ...(message === undefined ? {} : { message }),
      at: now(),
    });
  // A small window must hold the findings and the report: said plainly, not cut by the server.
  const window = req.contextWindow ?? null;
  const maxTokens =
    window === null ? REPORT_MAX_TOKENS : Math.min(REPORT_MAX_TOKENS, Math.round(window * 0.3));
  const needs = req.input.estimatedTokens + estimateTokens(REPORT_SYSTEM) + maxTokens;
  if (window !== null && needs > window) {
    end(
      'error',
      `The session’s findings (about ${req.input.estimatedTokens.toLocaleString('en-US')} tokens) and the report do not fit this model’s context window of ${window.toLocaleString('en-US')} tokens. Give the model a larger context (Ollama: OLLAMA_CONTEXT_LENGTH; llama.cpp: --ctx-size) and set it in Model settings, or write the report with a model that has one.`,
    );
    return;
  }
  try {
    const reply = await req.model.complete(
      {
        model: req.modelId,
        system: [{ type: 'text', text: REPORT_SYSTEM }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: REPORT_REQUEST(req.input.text) }] },
        ],
        tools: [],
        maxTokens,
      },
      {
        signal,
        onEvent: (e) => {
          if (e.type !== 'text') return;
          text += e.delta;
          emit({ type: 'report_draft', turnId, text });
        },
      },
    );
    text = textOf(reply.content);
    const model = reply.model || req.modelId;
    emit({
      type: 'usage',
      turnId,
      step: 1,
      model,
      ...reply.usage,
      ...(req.noCharge
        ? { costUsd: 0, noCharge: true as const }
        : { costUsd: costOf(model, reply.usage) }),
    });
    if (reply.stopReason === 'max_tokens')
      return end('error', 'The report reached its length limit and is cut off here.');
    end('done');
  } catch (e) {
    if (signal.aborted || (e instanceof ModelError && e.kind === 'aborted')) return end('stopped');
    end('error', e instanceof ModelError ? e.message : `The report failed: ${errorMessage(e)}`);
  }
}

/**
 * The end of a report that was being written when the page closed (its start is stored, its
 * end never came): reopening the session closes it, so it does not look as if it were running.
 */
export function closeInterruptedReport(
  events: readonly AgentEvent[],
  at: number,
): AgentEvent | null {
  const start = events.findLast((e) => e.type === 'report_start');
  if (!start || events.some((e) => e.type === 'report_end' && e.turnId === start.turnId))
    return null;
  return { type: 'report_end', turnId: start.turnId, state: 'interrupted', text: '', at };
}
