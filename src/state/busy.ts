/** Work in progress that others wait for: the start, or the opening of a session. */
export class Busy {
  #busy: Promise<unknown> = Promise.resolve();

  /** Runs `work` as the work in progress; its failure is the caller's to report. */
  hold<T>(work: Promise<T>): Promise<T> {
    this.#busy = work.catch(() => undefined);
    return work;
  }

  /** Resolves once no work is in progress, including work begun while it waited. */
  async idle(): Promise<void> {
    for (let busy = this.#busy; ; busy = this.#busy) {
      await busy;
      if (busy === this.#busy) break;
    }
  }
}
