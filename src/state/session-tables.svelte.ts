/**
 * The tables of the session shown, as long as it is shown: what they are, the files they were
 * read from, their profiles, the join keys measured between them, and those the person's latest
 * load brought. The workspace makes a new one whenever it empties the database for another
 * session (Workspace.reset), so work begun for this one — a profile, a measurement of the join
 * keys, a writer's tables asked for — ends in this object, which nothing shows any more, instead
 * of in the next session's (issue 47: no counters of resets to compare).
 */
import type { SiftEngine, TableInfo, TableProfile } from '../core/data/engine.ts';
import { findJoinHints, type JoinHint } from '../core/sql/join-keys.ts';
import { TableProfiles } from './table-profiles.svelte.ts';

export class SessionTables {
  tables = $state.raw<TableInfo[]>([]);
  /** The tables the person's latest load brought in: the example questions start from them. */
  latest = $state.raw<string[]>([]);
  /** How the tables connect, measured once their profiles are done (core/sql/join-keys.ts). */
  joinHints = $state.raw<JoinHint[]>([]);
  readonly profiles: TableProfiles;
  /** The file each table was read from, to read it again another way ("Read as…"). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- never shown
  readonly files = new Map<string, File>();
  /** Set once the workspace has moved on to another session: nothing more is read for this one. */
  disposed = false;
  readonly #engine: Pick<SiftEngine, 'query' | 'profile'>;
  /** The measurement of the join keys under way; a newer one (tables changed) supersedes it. */
  #measuring: AbortController | null = null;

  constructor(engine: Pick<SiftEngine, 'query' | 'profile'>) {
    this.#engine = engine;
    this.profiles = new TableProfiles(engine);
  }

  /** Shows tables just loaded or reopened, and starts their profiles (then the join keys). */
  took(loaded: TableInfo[]): Promise<void>[] {
    this.tables = [...this.tables.filter((t) => !loaded.some((l) => l.name === t.name)), ...loaded];
    // The join keys are measured after the profiles, so as to hold up neither them nor a query.
    const profiled = loaded.map((table) => this.profiles.run(table.name));
    if (loaded.length) void Promise.allSettled(profiled).then(() => this.measureJoins());
    return profiled;
  }

  /** A table gone: its file, its profile and the join keys that named it. */
  removed(name: string): void {
    this.tables = this.tables.filter((t) => t.name !== name);
    this.files.delete(name);
    this.profiles.remove(name);
    void this.measureJoins();
  }

  /** The table's profile once the one running is done (TableProfiles.profiled). */
  profiled(table: string): Promise<TableProfile | null> {
    return this.profiles.profiled(table);
  }

  /** Measures the join keys between the tables now shown; never rejects. */
  async measureJoins(): Promise<void> {
    this.#measuring?.abort();
    const measuring = new AbortController();
    this.#measuring = measuring;
    const tables = this.tables.map((t) => ({
      name: t.name,
      rows: t.rows,
      columns: t.schema ?? [],
    }));
    let hints: JoinHint[] = [];
    try {
      hints = await findJoinHints(async (sql) => {
        const r = await this.#engine.query(sql, { maxRows: 1, timeoutMs: 15_000 });
        if (!r.ok || !r.rows[0]) return null;
        const row = r.rows[0];
        return Object.fromEntries(r.columns.map((c, i) => [c.name, row[i]]));
      }, tables);
    } catch {
      // Hints are a help, not a result: without them the page shows none.
    }
    if (!measuring.signal.aborted) this.joinHints = hints;
  }
}
