/**
 * The writer's side of a follower's reads (tab-engine.svelte.ts asks): the tab that writes a session
 * answers the other tabs on it from its own DuckDB, which holds the session's tables (and its
 * database file, which no other tab may open). Only reads are answered, through the same guarded
 * engine as the writer's own SQL box (row, byte and time limits; read-only by DuckDB's parser).
 * A profile the writer's page has computed, or is computing, is handed over once done, not
 * computed again beside it (16.9 s for a 1 GB table, BENCHMARKS.md). A follower may cancel only what it asked for: its operation
 * ids are kept apart from the writer's own (the grid names its pages alike in every tab).
 */
import type { SiftEngine, TableProfile } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';
import type { EngineCall } from '../core/session/engine-messages.ts';
import type { TabMessage } from '../core/session/tab-messages.ts';
import type { SessionChannel, TabLinks } from './ports.ts';
import type { SessionId } from '../core/ids.ts';

export interface FollowersServedDeps {
  /** This tab's own engine. */
  engine: SiftEngine;
  links: TabLinks;
  /** The session this tab writes now; null when it writes none (it follows, or shows a blank page). */
  writes(): SessionId | null;
  /** The table's profile as this tab's page has it, once the one running is done (Workspace.profiled). */
  profiled(table: string): Promise<TableProfile | null>;
}

type Ask = Extract<TabMessage, { type: 'ask' }>;

export class FollowersServed {
  readonly #d: FollowersServedDeps;
  readonly #channel: SessionChannel;
  /** The operations running for followers, by the id the writer's engine knows them by. */
  readonly #running = new Set<string>();

  constructor(deps: FollowersServedDeps) {
    this.#d = deps;
    this.#channel = deps.links.openChannel((m) => this.#receive(m));
  }

  #receive(m: TabMessage): void {
    if (m.type !== 'ask' || m.sessionId !== this.#d.writes()) return;
    const to = { to: m.from, ask: m.ask };
    this.#channel.post({ type: 'heard', ...to });
    this.#run(m, (column) => this.#channel.post({ type: 'column', ...to, column })).then(
      (value) => this.#channel.post({ type: 'answer', ...to, result: { ok: true, value } }),
      (e: unknown) =>
        this.#channel.post({
          type: 'answer',
          ...to,
          result: { ok: false, message: errorMessage(e) },
        }),
    );
  }

  async #run(m: Ask, onColumn: Parameters<SiftEngine['profile']>[2]): Promise<unknown> {
    const { engine } = this.#d;
    const call: EngineCall = m.call;
    switch (call.name) {
      case 'tables':
        return engine.tables();
      case 'query': {
        const id = call.options.id && this.#idOf(m, call.options.id);
        return this.#track(id, () => engine.query(call.sql, { ...call.options, id }));
      }
      case 'profile': {
        const shown = call.options.columns ? null : await this.#d.profiled(call.table);
        if (shown) return shown;
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

  #idOf(m: Ask, id: string): string {
    return `follower-${m.from}-${id}`;
  }

  async #track<T>(id: string | undefined, run: () => Promise<T>): Promise<T> {
    if (id) this.#running.add(id);
    try {
      return await run();
    } finally {
      if (id) this.#running.delete(id);
    }
  }
}
