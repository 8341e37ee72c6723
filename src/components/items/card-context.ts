/** What a turn gives each of its item cards beside the item itself (cards.ts). */
export interface CardContext {
  /** The session's query ids, for an answer's citations. */
  queryIds: ReadonlySet<string>;
  /** Answering Claude's questions: which one the turn waits on, and whether one may answer. */
  asking?: {
    waiting: string | null;
    open: boolean;
    answer: (callId: string, text: string) => void;
  };
}
