import type { CitableQueries } from '../../core/figures/check-figures.ts';

/** What a turn gives each of its item cards beside the item itself (cards.ts). */
export interface CardContext {
  /** The session's queries, for an answer's citations and the figures beside them. */
  queries: CitableQueries;
  /** Answering Claude's questions: which one the turn waits on, and whether one may answer. */
  asking?: {
    waiting: string | null;
    open: boolean;
    answer: (callId: string, text: string) => void;
  };
}
