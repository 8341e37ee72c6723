/**
 * Which operations a queue holds by id, and which of them were cancelled while they waited: a
 * cancelled operation that has not started must never start, and a cancel for an id the queue
 * does not hold (finished, or someone else's) must change nothing.
 */
import type { QueryResult } from '../src/core/data/engine.ts';

/** What a query cancelled before its turn came answers. */
export const CANCELLED_BEFORE_START: Extract<QueryResult, { ok: false }> = {
  ok: false,
  kind: 'cancelled',
  message: 'The query was cancelled before it started.',
  durationMs: 0,
};

export class Cancellations {
  /** Waiting operations by id, with what to do when one is cancelled before its turn. */
  readonly #waiting = new Map<string, () => void>();
  readonly #cancelled = new Set<string>();
  #running: { id: string; stop: () => void } | null = null;

  /**
   * The operation `id` joined the queue; `onCancel` answers its caller at once if it is
   * cancelled while it waits (it would otherwise answer only when its turn came).
   */
  queued(id: string | undefined, onCancel: () => void = () => undefined): void {
    if (id) this.#waiting.set(id, onCancel);
  }

  /**
   * The operation `id` reached the front: false if it was cancelled while it waited (it must
   * not run). `stop` is how a cancel reaches it while it runs.
   */
  start(id: string | undefined, stop: () => void): boolean {
    if (!id) return true;
    this.#waiting.delete(id);
    if (this.#cancelled.delete(id)) return false;
    this.#running = { id, stop };
    return true;
  }

  /** The operation `id` ended. */
  finished(id: string | undefined): void {
    if (id && this.#running?.id === id) this.#running = null;
  }

  /** Cancels `id`: stops it if it runs, marks it if it waits; true if it was either. */
  cancel(id: string): boolean {
    if (this.#running?.id === id) {
      this.#running.stop();
      return true;
    }
    const onCancel = this.#waiting.get(id);
    if (!onCancel) return false;
    this.#cancelled.add(id);
    onCancel();
    return true;
  }
}

/**
 * Runs `op` through `exclusive` in its turn, unless `id` is cancelled first: then the caller is
 * answered at once with `never()` and `op` never runs. `stop` reaches it once it runs.
 */
export function runInTurn<T>(
  book: Cancellations,
  exclusive: <R>(op: () => Promise<R>) => Promise<R>,
  id: string | undefined,
  op: () => Promise<T>,
  never: () => T,
  stop: () => void,
): Promise<T> {
  let early!: () => void;
  const cancelledEarly = new Promise<T>((resolve) => (early = () => resolve(undefined as T))).then(
    never,
  );
  book.queued(id, early);
  const turn = exclusive(async () => {
    if (!book.start(id, stop)) return never();
    try {
      return await op();
    } finally {
      book.finished(id);
    }
  });
  // Whichever answers first; the queued turn then finds the cancel and does nothing.
  return id ? Promise.race([turn, cancelledEarly]) : turn;
}
