/**
 * The writer's side of a follower's reads (tab-engine.svelte.ts asks): the tab that writes a
 * session answers the other tabs on it from its own DuckDB, which holds the session's tables (and
 * its database file, which no other tab may open). Only reads are answered, through the same
 * guarded engine as the writer's own SQL box (read-only by DuckDB's parser), under limits the
 * writer sets at most (`LIMITS`): a follower cannot hold the writer's one DuckDB for longer, or
 * make it build a larger result, than the writer's own SQL box would. A profile the writer's page
 * has, or is computing, is handed over once done, not computed again beside it (16.9 s for a
 * 1 GB table, BENCHMARKS.md). A follower may cancel only what it asked for: its operation ids are
 * kept apart from the writer's own (the grid names its pages alike in every tab).
 */
import type { QueryOptions, SiftEngine, TableProfile } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';
import type { EngineCall } from '../core/session/engine-messages.ts';
import type { TabMessage } from '../core/session/tab-messages.ts';
import type { SessionChannel, TabLinks } from './ports.ts';
import type { SessionId } from '../core/ids.ts';

/** The most a follower's query may ask of the writer's DuckDB. */
export const LIMITS = { maxRows: 10_000, maxBytes: 8 * 1024 * 1024, timeoutMs: 300_000 } as const;

const LEFT_HERE = 'The other tab has left this session meanwhile. Try again in a moment.';

export interface FollowersServedDeps {
  /** This tab's own engine. */
  engine: SiftEngine;
  links: TabLinks;
  /** The session this tab writes now; null when it writes none (it follows, or shows a blank page). */
  writes(): SessionId | null;
  /** Resolves once the tables being read or reopened here are in (Workspace.settled). */
  settled(): Promise<void>;
  /** The table's profile as this tab's page has it, once the one running is done (Workspace.profiled). */
  profiled(table: string): Promise<TableProfile | null>;
}

type Ask = Extract<TabMessage, { type: 'ask' }>;

export class FollowersServed {
  readonly #d: FollowersServedDeps;
  readonly #channel: SessionChannel;
  /** The operations running for followers, by the id the writer's engine knows them by. */
  readonly #running = new Map<string, number>();

  constructor(deps: FollowersServedDeps) {
    this.#d = deps;
    this.#channel = deps.links.openChannel((m) => this.#receive(m));
  }

  #receive(m: TabMessage): void {
    if (m.type !== 'ask' || m.sessionId !== this.#d.writes()) return;
    const to = { to: m.from, ask: m.ask };
    this.#channel.post({ type: 'heard', ...to });
    const fail = (e: unknown) =>
      this.#channel.post({
        type: 'answer',
        ...to,
        result: { ok: false, message: errorMessage(e) },
      });
    this.#run(m, (column) => this.#channel.post({ type: 'column', ...to, column })).then(
      (value) =>
        // Left for another session meanwhile: its answer would be of other tables.
        m.sessionId === this.#d.writes()
          ? this.#channel.post({ type: 'answer', ...to, result: { ok: true, value } })
          : fail(new Error(LEFT_HERE)),
      fail,
    );
  }

  async #run(m: Ask, onColumn: Parameters<SiftEngine['profile']>[2]): Promise<unknown> {
    const { engine } = this.#d;
    const call: EngineCall = m.call;
    switch (call.name) {
      case 'tables':
        // Not before the tables being brought back are all in: a follower asks once.
        await this.#d.settled();
        return engine.tables();
      case 'query': {
        const id = call.options.id && this.#idOf(m, call.options.id);
        const options: QueryOptions = { ...limited(call.options), ...(id ? { id } : {}) };
        return this.#track(id, () => engine.query(call.sql, options));
      }
      case 'profile': {
        const shown = call.options.columns ? null : await this.#d.profiled(call.table);
        if (shown) return shown;
        if (m.sessionId !== this.#d.writes()) throw new Error(LEFT_HERE);
        const id = call.options.id && this.#idOf(m, call.options.id);
        return this.#track(id, (): Promise<TableProfile> =>
          engine.profile(call.table, { ...call.options, id }, onColumn),
        );
      }
      case 'cancel': {
        const id = this.#idOf(m, call.id);
        if (this.#running.has(id)) await engine.cancel(id);
        return null;
      }
    }
  }

  /** An id no operation of the writer's own, nor another follower's, can have. */
  #idOf(m: Ask, id: string): string {
    return JSON.stringify(['follower', m.from, id]);
  }

  async #track<T>(id: string | undefined, run: () => Promise<T>): Promise<T> {
    if (id) this.#running.set(id, (this.#running.get(id) ?? 0) + 1);
    try {
      return await run();
    } finally {
      if (id) {
        const left = (this.#running.get(id) ?? 1) - 1;
        if (left > 0) this.#running.set(id, left);
        else this.#running.delete(id);
      }
    }
  }
}

/** The follower's limits, within the writer's (`LIMITS`); a limit left out is the engine's own. */
function limited(options: QueryOptions): QueryOptions {
  const out: QueryOptions = {};
  for (const key of ['maxRows', 'maxBytes', 'timeoutMs'] as const) {
    const asked = options[key];
    if (asked !== undefined) out[key] = Math.max(1, Math.min(asked, LIMITS[key]));
  }
  return out;
}
