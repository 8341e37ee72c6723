/**
 * One DuckDB operation at a time, in two lanes. What someone waits for (a load, a query from the
 * person or the model) goes first; background work (the profile) runs only when nothing else
 * waits, and when something arrives while it runs it is asked to yield: it interrupts its
 * statement and runs again once the foreground is empty. Redoing one column of a profile costs
 * less than a person waiting for the rest of it (issue 15: a GROUP BY typed during the profile
 * of a 100 MB file waited 4 s for it). ARCHITECTURE.md, The worker's two lanes.
 */

interface BackgroundJob {
  start(): Promise<void>;
  /** Asks the running job to stop its statement; it is then run again later. */
  yieldNow(): void;
}

export interface Background<T> {
  /** The work; it should be short (one slice of a larger task) and safe to run again. */
  run(): Promise<T>;
  /** Interrupts `run` (its statement stops and `run` rejects). */
  interrupt(): void;
}

export class Scheduler {
  readonly #foreground: Array<() => Promise<void>> = [];
  readonly #background: BackgroundJob[] = [];
  /** The job running: null when idle; `background` is null for foreground work. */
  #running: { background: BackgroundJob | null } | null = null;
  #yields = 0;

  /** Times background work was interrupted for foreground work (a measure, and for tests). */
  get yields(): number {
    return this.#yields;
  }

  /** Work someone waits for: runs after the foreground work before it, before any background. */
  now<T>(op: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#foreground.push(() => Promise.resolve().then(op).then(resolve, reject));
      this.#running?.background?.yieldNow();
      this.#pump();
    });
  }

  /**
   * Background work: runs when no foreground work waits. If it rejects after being asked to
   * yield, it goes back to the front of the background lane and runs again; a result it
   * reached anyway is kept.
   */
  later<T>(work: Background<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let asked = false;
      const job: BackgroundJob = {
        start: async () => {
          asked = false;
          try {
            resolve(await work.run());
          } catch (e) {
            if (asked) this.#background.unshift(job);
            else reject(e);
          }
        },
        yieldNow: () => {
          if (asked) return;
          asked = true;
          this.#yields++;
          work.interrupt();
        },
      };
      this.#background.push(job);
      this.#pump();
    });
  }

  #pump(): void {
    if (this.#running) return;
    const foreground = this.#foreground.shift();
    const background = foreground ? null : this.#background.shift();
    const start = foreground ?? background?.start;
    if (!start) return;
    this.#running = { background: background ?? null };
    void start().finally(() => {
      this.#running = null;
      this.#pump();
    });
  }
}
