/**
 * The engine the page uses: this tab's own DuckDB, or — while this tab follows a session another
 * tab writes — the writer's, asked over the channel between tabs (core/session/engine-messages.ts;
 * followers-served.ts answers). Only one tab may hold a session's database file, and a follower
 * that read the stored files into a DuckDB of its own paid the whole load again (27.5 s for a
 * 1 GB CSV) and a second copy of the tables (issue 30). Asking the writer, it shows the tables
 * at once and every read (the SQL box, the grid, the profile, the join keys) answers from them.
 *
 * A writer that does not say it heard an ask within `heardWithinMs` is taken to be away (an older
 * Sift without this, a frozen tab): the first ask then tells the caller to read its own copy, as
 * before, and a later one fails in words. `stopAsking` (the writer gone, the session left) and
 * every reset end the asking and every ask still waiting.
 */
import type {
  ColumnProfile,
  EngineInfo,
  ExportOptions,
  ExportResult,
  KeptDatabase,
  LoadOutcome,
  ProfileOptions,
  QueryOptions,
  QueryResult,
  Reopened,
  SiftEngine,
  TableInfo,
  TableProfile,
  WantedTable,
} from '../core/data/engine.ts';
import { answerOf, type EngineCall } from '../core/session/engine-messages.ts';
import type { TabMessage } from '../core/session/tab-messages.ts';
import { errorMessage } from '../core/errors.ts';
import type { SessionChannel, TabLinks } from './ports.ts';
import type { SessionId } from '../core/ids.ts';

/** Said when a follower tries to change the writer's tables. */
export const WRITER_HOLDS =
  'This session is open in another tab: add or remove tables there, or start a new session.';

const FOLLOWER_EXPORT =
  'This session is open in another tab: save the whole result from there. Here, Download CSV saves the rows shown.';

const NO_ANSWER =
  'The other tab that has this session open did not answer. Close that tab, or reload this one.';

const LEFT = 'This session was left, or taken over from a tab that closed, while this ran.';

interface Ask {
  call: EngineCall;
  heard: boolean;
  timer: ReturnType<typeof setTimeout>;
  resolve(value: unknown): void;
  reject(error: Error): void;
  onColumn?: (column: ColumnProfile) => void;
}

/** What asking the writer for its tables found (TabEngine.askWriter). */
export type WriterTables = TableInfo[] | 'absent' | 'stopped';

export interface TabEngineOptions {
  /** This tab's id, as the writer addresses its answers (the page's parts never hear one another: adapters/session-channel.ts). */
  tab?: string;
  /** How long a writer may take to say it heard an ask (3 s: it answers within a task). */
  heardWithinMs?: number;
}

export class TabEngine implements SiftEngine {
  readonly #own: SiftEngine;
  readonly #channel: SessionChannel;
  readonly #heardWithinMs: number;
  /** This tab, as the writer addresses its answers. */
  readonly #tab: string;
  /** The session whose writer this tab asks; null while it uses its own DuckDB (the page says which). */
  #writer = $state<SessionId | null>(null);
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, never shown
  readonly #asks = new Map<number, Ask>();
  /**
   * Whether this tab's own DuckDB may hold tables: not until a load or a reopen since the last
   * reset. A reset of an empty engine is skipped, for it waits for DuckDB to start (2.5 s into a
   * page's life): a follower's page would show the writer's tables only after it.
   */
  #ownHolds = false;
  #next = 0;
  /** Counts the ends of asking: a writer's answer that comes after one does not start it again. */
  #stops = 0;

  constructor(own: SiftEngine, links: TabLinks, options: TabEngineOptions = {}) {
    this.#own = own;
    this.#heardWithinMs = options.heardWithinMs ?? 3_000;
    this.#tab = options.tab ?? crypto.randomUUID();
    this.#channel = links.openChannel((m) => this.#receive(m));
  }

  /** Whether this tab's own DuckDB holds tables (a load or a reopen since its last reset). */
  get holdsOwnTables(): boolean {
    return this.#ownHolds;
  }

  /** Whether reads go to another tab's DuckDB now. */
  get askingWriter(): boolean {
    return this.#writer !== null;
  }

  /**
   * Asks the tab that writes `sessionId` for its tables. When it answers, every read goes to it
   * from now until the asking ends, and these are the tables to show; `absent` when no writer
   * answered (this tab then reads its own copy); `stopped` when the asking ended meanwhile (the
   * session left, or taken over: whoever ended it brings the tables).
   */
  async askWriter(sessionId: SessionId): Promise<WriterTables> {
    const stops = this.#stops;
    try {
      const tables = await this.#ask<TableInfo[]>({ name: 'tables' }, undefined, sessionId);
      if (stops !== this.#stops) return 'stopped';
      this.#writer = sessionId;
      return tables;
    } catch {
      if (stops !== this.#stops) return 'stopped';
      // Asked again (its tables changed) and gone meanwhile: this tab reads its own copy now.
      if (this.#writer === sessionId) this.#writer = null;
      return 'absent';
    }
  }

  /**
   * Ends the asking: every ask still waiting fails in words, and reads are this tab's own again.
   * For the writer gone (a take-over) or the session left, before anything waits for an answer.
   */
  stopAsking(): void {
    this.#stops++;
    this.#writer = null;
    for (const [n, ask] of this.#asks) this.#settle(n, ask, () => ask.reject(new Error(LEFT)));
  }

  info(): Promise<EngineInfo> {
    return this.#own.info();
  }

  load(...args: Parameters<SiftEngine['load']>): Promise<LoadOutcome[]> {
    if (!this.#writer) {
      this.#ownHolds = true;
      return this.#own.load(...args);
    }
    const [files] = args;
    return Promise.resolve(
      files.map((f) => ({ ok: false as const, fileName: f.name, message: WRITER_HOLDS })),
    );
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResult> {
    if (!this.#writer) return this.#own.query(sql, options);
    try {
      return await this.#ask<QueryResult>({ name: 'query', sql, options });
    } catch (e) {
      return { ok: false, kind: 'error', message: errorMessage(e), durationMs: 0 };
    }
  }

  /**
   * This tab's own DuckDB's, or — while another tab writes the session — refused in words: a
   * follower's asks are answered under the writer's SQL box limits (followers-served.ts), which a
   * whole result is not.
   */
  async exportCsv(sql: string, options: ExportOptions = {}): Promise<ExportResult> {
    if (!this.#writer) return this.#own.exportCsv(sql, options);
    return { ok: false, kind: 'rejected', message: FOLLOWER_EXPORT, durationMs: 0 };
  }

  cancel(id: string): Promise<void> {
    if (!this.#writer) return this.#own.cancel(id);
    return this.#ask<null>({ name: 'cancel', id }).then(
      () => undefined,
      () => undefined,
    );
  }

  profile(
    table: string,
    options: ProfileOptions = {},
    onColumn?: (column: ColumnProfile) => void,
  ): Promise<TableProfile> {
    if (!this.#writer) return this.#own.profile(table, options, onColumn);
    return this.#ask<TableProfile>({ name: 'profile', table, options }, onColumn);
  }

  tables(): Promise<TableInfo[]> {
    if (!this.#writer) return this.#own.tables();
    return this.#ask<TableInfo[]>({ name: 'tables' });
  }

  dropTable(name: string): Promise<void> {
    if (!this.#writer) return this.#own.dropTable(name);
    return Promise.reject(new Error(WRITER_HOLDS));
  }

  /** Ends the asking (and every ask waiting), then empties this tab's own DuckDB. */
  async reset(keep?: string | null): Promise<void> {
    this.stopAsking();
    if (!this.#ownHolds) return;
    await this.#own.reset(keep);
    this.#ownHolds = false;
  }

  reopen(database: string, wanted: WantedTable[]): Promise<Reopened> {
    this.#ownHolds = true;
    return this.#own.reopen(database, wanted);
  }

  databases(): Promise<KeptDatabase[]> {
    return this.#own.databases();
  }

  forgetDatabases(keep: string[]): Promise<void> {
    return this.#own.forgetDatabases(keep);
  }

  #ask<T>(
    call: EngineCall,
    onColumn?: (column: ColumnProfile) => void,
    sessionId: SessionId | null = this.#writer,
  ): Promise<T> {
    if (!sessionId) return Promise.reject(new Error(LEFT));
    const n = this.#next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const ask = this.#asks.get(n);
        if (ask && !ask.heard) this.#settle(n, ask, () => reject(new Error(NO_ANSWER)));
      }, this.#heardWithinMs);
      const ask: Ask = { call, heard: false, timer, resolve: (v) => resolve(v as T), reject };
      if (onColumn) ask.onColumn = onColumn;
      this.#asks.set(n, ask);
      this.#channel.post({ type: 'ask', from: this.#tab, ask: n, sessionId, call });
    });
  }

  #settle(n: number, ask: Ask, then: () => void): void {
    clearTimeout(ask.timer);
    this.#asks.delete(n);
    then();
  }

  #receive(m: TabMessage): void {
    if (m.type !== 'heard' && m.type !== 'column' && m.type !== 'answer') return;
    const ask = m.to === this.#tab ? this.#asks.get(m.ask) : undefined;
    if (!ask) return;
    if (m.type === 'heard') {
      ask.heard = true;
      clearTimeout(ask.timer);
    } else if (m.type === 'column') ask.onColumn?.(m.column);
    else if (!m.result.ok) {
      const { message } = m.result;
      this.#settle(m.ask, ask, () => ask.reject(new Error(message)));
    } else {
      const value = answerOf[ask.call.name].safeParse(m.result.value);
      this.#settle(m.ask, ask, () =>
        value.success
          ? ask.resolve(value.data)
          : ask.reject(new Error('The other tab answered with something this tab cannot read.')),
      );
    }
  }
}
