/** What a turn gives each of its item cards beside the item itself (cards.ts). */
export interface CardContext {
  /** Answering Claude's questions: which one the turn waits on, and whether one may answer. */
  asking?: {
    waiting: string | null;
    open: boolean;
    answer: (callId: string, text: string) => void;
  };
}
