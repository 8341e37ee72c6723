/**
 * Writes the report: one streamed model call without tools over the findings (report-input.ts),
 * told as events — `report_start`, the text as it streams (`report_draft`), its `usage`, then
 * `report_end` with how it ended. A failure keeps the text that arrived and says why; like a
 * turn, it never throws.
 */
import type { AgentEvent } from '../events/events.ts';
import { errorMessage } from '../errors.ts';
import { ModelError, type ModelClient } from '../model/client.ts';
import type { TextBlock } from '../model/messages.ts';
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
  try {
    const reply = await req.model.complete(
      {
        model: req.modelId,
        system: [{ type: 'text', text: REPORT_SYSTEM }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: REPORT_REQUEST(req.input.text) }] },
        ],
        tools: [],
        maxTokens: REPORT_MAX_TOKENS,
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
    text = reply.content
      .filter((b): b is TextBlock => b.type === 'text')
      .map((b) => b.text)
      .join('\n\n');
    const model = reply.model || req.modelId;
    emit({
      type: 'usage',
      turnId,
      step: 1,
      model,
      ...reply.usage,
      costUsd: costOf(model, reply.usage),
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
