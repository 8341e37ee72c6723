/**
 * What a question's turn came to, read from the session the page exported (`.sift`, the same file
 * a person saves): the answer's text as the page shows it, the steps, the tokens and the cost, and
 * how the turn ended. Read with Sift's own archive reader and view, so it is what the person saw.
 */
import { readArchive } from '../../src/core/session/archive.ts';
import { reduceAll } from '../../src/core/events/view.ts';

export interface TurnOutcome {
  /** The answers of the last turn, as shown, in order. */
  answer: string;
  state: string;
  /** Why a turn that failed failed, in the page's words. */
  error?: string;
  steps: number;
  inputTokens: number;
  outputTokens: number;
  /** In US dollars; null for a model the price table does not know, 0 on this computer. */
  cost: number | null;
}

export async function turnOf(sift: Uint8Array): Promise<TurnOutcome> {
  const { manifest } = await readArchive(new Blob([sift as Uint8Array<ArrayBuffer>]));
  const view = reduceAll(manifest.events);
  const turn = view.turns.at(-1);
  if (!turn)
    return { answer: '', state: 'none', steps: 0, inputTokens: 0, outputTokens: 0, cost: 0 };
  const answer = turn.items.flatMap((i) => (i.type === 'text' ? [i.text] : [])).join('\n\n');
  const errors = turn.items.flatMap((i) => (i.type === 'error' ? [i.message] : []));
  return {
    answer,
    state: turn.state,
    ...(errors.length ? { error: errors.join(' ') } : {}),
    steps: turn.usage.calls,
    inputTokens: turn.usage.inputTokens + turn.usage.cacheReadTokens + turn.usage.cacheWriteTokens,
    outputTokens: turn.usage.outputTokens,
    cost: turn.usage.costUsd,
  };
}
