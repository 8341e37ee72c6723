/**
 * The profiles of the workspace's tables, as the page shows them: each column as the engine says
 * it is done, then the whole profile or why it failed. One session's (session-tables.svelte.ts):
 * a profile computed before the database was emptied for another session ends in the profiles
 * of the session it was begun for, never in the next one's.
 */
import type { ColumnProfile, SiftEngine, TableProfile } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';

export type ProfileState =
  /** The columns done so far, in the table's order: the page shows them as they come. */
  | { status: 'running'; columns: ColumnProfile[] }
  | { status: 'done'; profile: TableProfile }
  | { status: 'failed'; message: string };

export class TableProfiles {
  /** By table name. Replaced whole (`$state.raw`), never deeply proxied. */
  shown = $state.raw<Record<string, ProfileState>>({});
  readonly #engine: Pick<SiftEngine, 'profile'>;
  /** The profile run last for each table, while it runs and after (`profiled`). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- awaited, never shown
  readonly #runs = new Map<string, Promise<void>>();

  constructor(engine: Pick<SiftEngine, 'profile'>) {
    this.#engine = engine;
  }

  /** Profiles `table`, showing each column as it comes; never rejects. */
  run(table: string): Promise<void> {
    const run = this.#run(table);
    this.#runs.set(table, run);
    return run;
  }

  /**
   * The table's profile as this page has it, once the one running is done; null when there is
   * none (never run here, failed, or the table is gone). A follower tab asking for it gets this
   * one rather than a second computation beside it (followers-served.ts).
   */
  async profiled(table: string): Promise<TableProfile | null> {
    await this.#runs.get(table);
    const state = this.shown[table];
    return state?.status === 'done' ? state.profile : null;
  }

  /** A table removed: its profile goes, and one still running is not shown when it ends. */
  remove(table: string): void {
    const { [table]: _, ...rest } = this.shown;
    this.shown = rest;
  }

  async #run(table: string): Promise<void> {
    const show = (state: ProfileState) => {
      this.shown = { ...this.shown, [table]: state };
    };
    let done: ColumnProfile[] = [];
    show({ status: 'running', columns: done });
    let next: ProfileState;
    try {
      const profile = await this.#engine.profile(table, {}, (column) => {
        done = [...done, column];
        if (this.shown[table]?.status === 'running') show({ status: 'running', columns: done });
      });
      next = { status: 'done', profile };
    } catch (e) {
      next = { status: 'failed', message: errorMessage(e) };
    }
    // A table removed meanwhile stays removed.
    if (table in this.shown) show(next);
  }
}
