/**
 * What the workspace has in hand — loads and profiles — for those who wait for it to be done
 * (`settled`), or quiet for a while (`quietFor`: background work that would slow a file arriving
 * just after it began). Only awaited, never shown: plain collections, no reactivity (which is why
 * this is not a .svelte.ts module).
 */
export class WorkInHand {
  readonly #loads = new Set<Promise<unknown>>();
  /** Profiles running (they never reject). */
  readonly #profiles = new Set<Promise<void>>();
  /** Counts loads and profiles begun: any of them ends a quiet spell at once. */
  #begun = 0;
  readonly #spells = new Set<() => void>();
  readonly #started: Promise<void>;
  readonly #tablesLoaded: () => boolean;

  /** `started`: the engine's first start; `tablesLoaded`: whether any table is loaded now. */
  constructor(started: Promise<void>, tablesLoaded: () => boolean) {
    this.#started = started;
    this.#tablesLoaded = tablesLoaded;
  }

  /** A load (or a restore) begun: `settled` waits for it. */
  load<T>(work: Promise<T>): Promise<T> {
    this.#begin();
    this.#loads.add(work);
    void work.finally(() => this.#loads.delete(work)).catch(() => undefined);
    return work;
  }

  /** A profile begun: `quiet` waits for it. */
  profile(work: Promise<void>): Promise<void> {
    this.#begin();
    this.#profiles.add(work);
    void work.finally(() => this.#profiles.delete(work));
    return work;
  }

  /** Resolves once no load is in progress. */
  async settled(): Promise<void> {
    while (this.#loads.size) await Promise.allSettled([...this.#loads]);
  }

  /** Resolves once the engine has started and has no load or profile in hand. */
  async quiet(): Promise<void> {
    await this.#started;
    while (this.#loads.size || this.#profiles.size)
      await Promise.allSettled([...this.#loads, ...this.#profiles]);
  }

  /**
   * Resolves once nothing has been in hand for `spell(tablesLoaded)` ms on end: a load or
   * profile begun meanwhile ends the spell, and a new one is counted once it is done.
   */
  async quietFor(spell: (tablesLoaded: boolean) => number): Promise<void> {
    for (;;) {
      await this.quiet();
      const begun = this.#begun;
      await new Promise<void>((resolve) => {
        const end = () => (clearTimeout(timer), this.#spells.delete(end), resolve());
        const timer = setTimeout(end, spell(this.#tablesLoaded()));
        this.#spells.add(end);
      });
      if (begun === this.#begun) return;
    }
  }

  #begin(): void {
    this.#begun++;
    for (const end of this.#spells) end();
  }
}
