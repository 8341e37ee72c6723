/**
 * The loaded tables, their profiles and the load in progress. Components only display this; large
 * values are replaced whole (`$state.raw`), never deeply proxied.
 */
import type {
  LoadOutcome,
  LoadProgress,
  ReadChoice,
  Reopened,
  SiftEngine,
  TableInfo,
  TableProfile,
} from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';
import { readChoiceOf, tableChanges, type TableChanges } from '../core/data/table-changes.ts';
import type { JoinHint } from '../core/sql/join-keys.ts';
import { SessionTables } from './session-tables.svelte.ts';
import type { WriterTables } from './tab-engine.svelte.ts';
import type { ProfileState } from './table-profiles.svelte.ts';
import { WorkInHand } from './work-in-hand.ts';

/** A file that did not load, as the engine said it (its plain words, and DuckDB's text apart). */
export type LoadFailure = Omit<Extract<LoadOutcome, { ok: false }>, 'ok' | 'fileIndex'>;

export type { ProfileState };

/** A file that became a table, for the session to store. */
export interface LoadedFile {
  table: TableInfo;
  file: File;
}

/**
 * What restoring a session found of its database file (null when it had none), and the file its
 * tables are in now (null in memory): the session records it.
 */
export interface Restored {
  file: Reopened['file'] | null;
  database: string | null;
}

/** Who hears when the person's files become tables or a table is removed (the open session). */
export interface TableListener {
  /** Files that became tables (not restored ones, which are stored already). */
  loaded(loaded: LoadedFile[]): void;
  removed(table: string): void;
}

export class Workspace {
  engineState = $state<'starting' | 'ready' | 'failed'>('starting');
  engineMessage = $state('');
  /** Files waiting or being read, in order; the first one is being read. */
  pending = $state.raw<string[]>([]);
  progress = $state.raw<LoadProgress | null>(null);
  failures = $state.raw<LoadFailure[]>([]);
  /** A failure of something other than a load (removing a table), in words; null when none. */
  problem = $state<string | null>(null);
  /** Counts finished loads (whatever their outcome), so views and tests can tell one from the next. */
  loads = $state(0);
  readonly #engine: SiftEngine;
  /** The session's tables, made anew at each reset (session-tables.svelte.ts). */
  #session = $state.raw<SessionTables>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #listeners = new Set<TableListener>();

  /** Settles once the engine's first start has ended, ready or not. */
  readonly started: Promise<void>;

  readonly #work: WorkInHand;

  constructor(engine: SiftEngine) {
    this.#engine = engine;
    this.#session = new SessionTables(engine);
    this.started = this.startEngine();
    this.#work = new WorkInHand(this.started, () => this.tables.length > 0);
  }

  /**
   * Waits for the engine to be ready. The worker retries a failed start by itself; when it
   * still fails, the page says so and "Try again" calls this, which starts it anew.
   */
  async startEngine(): Promise<void> {
    this.engineState = 'starting';
    try {
      const info = await this.#engine.info();
      this.engineState = 'ready';
      this.engineMessage = `DuckDB ${info.duckdbVersion} (${info.bundle})`;
    } catch (e) {
      this.engineState = 'failed';
      this.engineMessage = `The data engine could not start: ${errorMessage(e)}`;
    }
  }

  get engine(): SiftEngine {
    return this.#engine;
  }

  /** The session's tables, as the page shows them. */
  get tables(): TableInfo[] {
    return this.#tables.tables;
  }

  /** The tables the person's latest load brought in: the example questions start from them. */
  get latest(): string[] {
    return this.#tables.latest;
  }

  /** How the tables connect, measured once their profiles are done (core/sql/join-keys.ts). */
  get joinHints(): JoinHint[] {
    return this.#tables.joinHints;
  }

  get #tables(): SessionTables {
    // Made in the constructor; `$state.raw` without a first value is typed as possibly absent.
    return this.#session!;
  }

  get loading(): boolean {
    return this.pending.length > 0;
  }

  /** No table, and none loading: the page welcomes, and the side panels have nothing to follow. */
  get empty(): boolean {
    return this.tables.length === 0 && !this.loading;
  }

  /** Resolves once no load is in progress. */
  settled(): Promise<void> {
    return this.#work.settled();
  }

  /** Resolves once the engine has started and has no load or profile in hand. */
  quiet(): Promise<void> {
    return this.#work.quiet();
  }

  /**
   * Resolves once the workspace has stayed quiet for `spell(tablesLoaded)` ms on end (work-in-hand.ts):
   * for background work that would slow the person's file if it began just before the file arrived.
   */
  quietFor(spell: (tablesLoaded: boolean) => number): Promise<void> {
    return this.#work.quietFor(spell);
  }

  /** Tells `listener` of the person's loads and removals from now on; returns how to stop. */
  listen(listener: TableListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves to the tables the files became (none when every file failed). */
  loadFiles(files: File[]): Promise<TableInfo[]> {
    return this.#afterReset(() => this.#work.load(this.#load(files)));
  }

  /**
   * Shows the files named as not loaded, for `reason` (a session another tab writes takes no
   * file; the sample could not be fetched).
   */
  refuse(fileNames: string[], reason: string): void {
    this.failures = fileNames.map((fileName) => ({ fileName, message: reason }));
    this.loads++;
  }

  /**
   * Reads a table's file again under the same name, as the person chose: another encoding
   * ("Read as…", when Sift's guess was wrong), numbers and dates kept as written or read. The
   * table's other choices stand; the session stores them with the table.
   */
  async reread(
    table: string,
    change: Pick<ReadChoice, 'encoding' | 'asWritten' | 'dates'>,
  ): Promise<void> {
    const file = this.#tables.files.get(table);
    const info = this.tables.find((t) => t.name === table);
    if (!file || !info) return;
    const choice: ReadChoice = { ...readChoiceOf(info), ...change };
    await this.#afterReset(() => this.#work.load(this.#load([file], [table], [choice], true)));
  }

  /**
   * Reads another file under a table's name, the way the person chose to read the table's own
   * (next month's export: issue 48); what changed, or null when it could not be read — the
   * table stays as it was then (the engine reads a file under a taken name beside it first),
   * and the failure is shown as any load's is.
   */
  async replace(table: string, file: File): Promise<TableChanges | null> {
    const before = this.tables.find((t) => t.name === table);
    if (!before) return null;
    const loaded = await this.#afterReset(() =>
      this.#work.load(this.#load([file], [table], [readChoiceOf(before)], true)),
    );
    const after = loaded.find((t) => t.name === table);
    return after ? tableChanges(before, after) : null;
  }

  /**
   * The resets in progress, the last of them (each waits for the one before); null when none is.
   * Files asked for meanwhile belong to what comes after it (a person who clicks New session and
   * drops a file at once): their load begins once it is done, or the reset would wait for it and
   * then empty it (measured: the file's session was stored, its page blank).
   */
  #resetting: Promise<void> | null = null;

  /** `start` now when no reset is in progress (so that `settled` sees it at once), else after. */
  #afterReset<T>(start: () => Promise<T>): Promise<T> {
    return this.#resetting ? this.#resetting.then(start) : start();
  }

  /**
   * Empties the database and the view, for another session. `keep`: the database file the session
   * left records, kept for it to reopen from if its tables are there (SiftEngine.reset).
   */
  async reset(keep: string | null = null): Promise<void> {
    const done = (this.#resetting ?? Promise.resolve()).then(() => this.#reset(keep));
    const last = done.catch(() => undefined);
    this.#resetting = last;
    try {
      await done;
    } finally {
      // The last reset asked for is over: none is in progress.
      if (this.#resetting === last) this.#resetting = null;
    }
  }

  async #reset(keep: string | null): Promise<void> {
    // What was begun for the session left (a writer's tables asked for) stops here.
    this.#tables.disposed = true;
    await this.settled();
    this.#session = new SessionTables(this.#engine);
    this.failures = [];
    this.problem = null;
    await this.#engine.reset(keep);
  }

  /**
   * Brings back a stored session's tables, each under its table's name (the map's key), as it was
   * read before (`reads`, by table name: a workbook's sheet, a chosen encoding): those its
   * database file (`database`) holds as they were loaded are taken from it at once, and the others
   * read again from their files.
   */
  async restore(
    files: ReadonlyMap<string, File>,
    reads?: ReadonlyMap<string, ReadChoice>,
    database?: string | null,
  ): Promise<Restored> {
    return this.#afterReset(() => this.#work.load(this.#restore(files, reads, database)));
  }

  /**
   * Shows the tables of a session another tab writes: those of that tab's DuckDB when it answers
   * `ask` (state/tab-engine.svelte.ts: nothing is read here, and every read goes there), else the stored
   * files read into this tab's own. Asked inside the work in hand, so that a reset (the person
   * moving on) waits for the answer instead of being overtaken by it.
   */
  follow(
    ask: () => Promise<WriterTables>,
    files: ReadonlyMap<string, File>,
    reads?: ReadonlyMap<string, ReadChoice>,
  ): Promise<void> {
    const work = async (): Promise<void> => {
      const session = this.#tables;
      const theirs = await ask();
      // Left, or taken over, while the writer was asked: what comes next reads the tables itself.
      if (theirs === 'stopped' || session.disposed) return;
      if (theirs === 'absent') return void (await this.#restore(files, reads, null));
      // The writer's tables replace those shown (asked again when they changed there); only new
      // or changed ones are profiled again (the writer hands its profiles over).
      const gone = session.tables.filter((t) => !theirs.some((o) => o.name === t.name));
      for (const t of gone) session.profiles.remove(t.name);
      const shown = (t: TableInfo) =>
        session.tables.some((s) => JSON.stringify(s) === JSON.stringify(t));
      const fresh = theirs.filter((t) => !shown(t));
      session.tables = session.tables.filter((t) => !gone.includes(t));
      this.#took(fresh);
      this.loads++;
    };
    return this.#afterReset(() => this.#work.load(work()));
  }

  async #restore(
    files: ReadonlyMap<string, File>,
    reads: ReadonlyMap<string, ReadChoice> | undefined,
    database: string | null | undefined,
  ): Promise<Restored> {
    const kept = database && files.size ? await this.#reopen(database, files, reads) : null;
    const rest = [...files.keys()].filter((n) => !kept?.tables.some((t) => t.name === n));
    const loaded = await this.#load(
      rest.map((n) => files.get(n)!),
      rest,
      rest.map((n) => reads?.get(n)),
    );
    if (rest.length === 0) this.loads++;
    const now = [...(kept?.tables ?? []), ...loaded].find((t) => t.database)?.database;
    return { file: kept?.file ?? null, database: now ?? null };
  }

  /** The tables the session's database file holds as they were loaded, shown as a load's are. */
  async #reopen(
    database: string,
    files: ReadonlyMap<string, File>,
    reads?: ReadonlyMap<string, ReadChoice>,
  ): Promise<Reopened> {
    const names = [...files.keys()];
    this.pending = [...this.pending, ...names.map((n) => files.get(n)!.name)];
    try {
      const wanted = names.map((name) => ({
        name,
        file: files.get(name)!,
        read: reads?.get(name),
      }));
      // Never throws (SiftEngine.reopen); should it, the files are read again all the same.
      const kept = await this.#engine
        .reopen(database, wanted)
        .catch((): Reopened => ({ tables: [], file: 'damaged' }));
      for (const table of kept.tables) this.#tables.files.set(table.name, files.get(table.name)!);
      this.#took(kept.tables);
      return kept;
    } finally {
      this.pending = this.pending.slice(names.length);
    }
  }

  /** Shows tables just loaded or reopened, and starts their profiles (then the join keys). */
  #took(loaded: TableInfo[]): void {
    for (const profiled of this.#tables.took(loaded)) void this.#work.profile(profiled);
  }

  /**
   * `report`: the listener hears of the tables (the person's files, not a stored session's,
   * which are stored already), and they become the latest.
   */
  async #load(
    files: File[],
    names?: string[],
    reads?: (ReadChoice | undefined)[],
    report = !names,
  ): Promise<TableInfo[]> {
    const loaded: TableInfo[] = [];
    if (files.length === 0) return loaded;
    this.failures = [];
    this.pending = [...this.pending, ...files.map((f) => f.name)];
    try {
      const outcomes = await this.#engine.load(files, (p) => (this.progress = p), names, reads);
      const fresh: LoadedFile[] = [];
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.ok) {
          const file = files[outcome.fileIndex ?? i]!;
          loaded.push(outcome.table);
          fresh.push({ table: outcome.table, file });
          this.#tables.files.set(outcome.table.name, file);
        } else
          this.failures = [
            ...this.failures,
            { fileName: outcome.fileName, message: outcome.message, details: outcome.details },
          ];
      }
      this.#took(loaded);
      if (report && fresh.length) for (const l of this.#listeners) l.loaded(fresh);
      if (report && loaded.length) this.#tables.latest = loaded.map((t) => t.name);
    } catch (e) {
      const message = errorMessage(e);
      this.failures = [...files.map((f) => ({ fileName: f.name, message }))];
    } finally {
      this.pending = this.pending.slice(files.length);
      this.progress = null;
      this.loads++;
    }
    return loaded;
  }

  /** Each table's profile, by name, as the page shows it (table-profiles.svelte.ts). */
  get profiles(): Readonly<Record<string, ProfileState>> {
    return this.#tables.profiles.shown;
  }

  profile(table: string): Promise<void> {
    return this.#work.profile(this.#tables.profiles.run(table));
  }

  /** The table's profile once the one running is done (TableProfiles.profiled). */
  profiled(table: string): Promise<TableProfile | null> {
    return this.#tables.profiled(table);
  }

  /** Never rejects: a failure is shown as `problem`, and the table stays listed. */
  async removeTable(name: string): Promise<void> {
    try {
      await this.#engine.dropTable(name);
    } catch (e) {
      this.problem = `The table ${name} could not be removed: ${errorMessage(e)}`;
      return;
    }
    this.problem = null;
    this.#tables.removed(name);
    for (const l of this.#listeners) l.removed(name);
  }
}
