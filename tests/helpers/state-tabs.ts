/**
 * One fake browser for the state suite (tests/state-suite/): tabs of the same origin sharing one
 * IndexedDB, one BroadcastChannel and one set of Web Locks, as src/adapters/session-channel.ts
 * and session-lock.ts use them in a page:
 * - a message posted on a channel reaches every OTHER open channel of the origin, the same tab's
 *   included (a BroadcastChannel hears every other object of its name), as a structured clone,
 *   later (a task, never during `post`), and only if it fits the schema (as the adapter checks);
 * - a lock has one holder at a time: `tryLock` gives null while it is held, `waitForLock` queues
 *   and resolves with the lock when the holders before it let go, or with null once aborted;
 * - a tab that closes or reloads loses its locks, its waits and its channels, as the browser
 *   does even when the page did not let go.
 * Each tab gets a Platform of its own (address, rescue slot, preferences: per tab, as the hash,
 * sessionStorage and a memory of localStorage would be) built on tests/helpers/test-platform.ts.
 */
import { IDBFactory } from 'fake-indexeddb';
import type { SiftEngine } from '../../src/core/data/engine.ts';
import type { SessionId } from '../../src/core/ids.ts';
import type { ModelClient } from '../../src/core/model/client.ts';
import type { Rescue } from '../../src/core/session/records.ts';
import { tabMessage, type TabMessage } from '../../src/core/session/tab-messages.ts';
import type { HeldLock, Platform, Preferences, TabLinks } from '../../src/state/ports.ts';
import { memoryPreferences, tableEngine, testPlatform } from './test-platform.ts';
import { DatabaseFiles } from './fake-database-files.ts';

interface Waiter {
  tab: number;
  grant(lock: HeldLock | null): void;
}

interface LockState {
  holder: number | null;
  queue: Waiter[];
}

/**
 * An engine whose tables are named after their files (`rain.csv` → `rain`), as DuckDB's load
 * does; it keeps them, and answers SQL with one row naming it (`label`, tests/helpers/test-platform.ts).
 */
export function namingEngine(label = 'this tab'): SiftEngine {
  const base = tableEngine(label);
  return {
    ...base,
    load: async (files, progress, names, reads) =>
      base.load(
        files,
        progress,
        files.map((f, i) => names?.[i] ?? f.name.replace(/\.[^.]*$/, '').replace(/\W+/g, '_')),
        reads,
      ),
  };
}

export class FakeBrowser {
  readonly factory = new IDBFactory();
  /** The origin's database files, when its engines keep sessions' tables in them. */
  readonly databaseFiles: DatabaseFiles | null;

  constructor({ databaseFiles = false }: { databaseFiles?: boolean } = {}) {
    this.databaseFiles = databaseFiles ? new DatabaseFiles() : null;
  }

  readonly #channels = new Map<number, Set<(m: TabMessage) => void>>();
  /** Tabs that answer no follower's ask, as a Sift older than state/followers-served.ts. */
  readonly #deaf = new Set<number>();
  readonly #locks = new Map<string, LockState>();
  #tabs = 0;
  /** How many of the next stored events announced are lost on the way. */
  #lose = 0;

  /** The next `count` stored events a tab announces reach no other tab (a message lost). */
  loseStoredEvents(count = 1): void {
    this.#lose += count;
  }

  /** A new tab's links: its channel and its locks, until `close(tab)`. */
  links(tab: number): TabLinks {
    return {
      openChannel: (onMessage) => {
        const mine = this.#channelsOf(tab);
        const listener = (m: TabMessage) => onMessage(m);
        mine.add(listener);
        return {
          post: (message) => {
            if (this.#deaf.has(tab) && ['heard', 'column', 'answer'].includes(message.type)) return;
            if (message.type === 'event' && message.seq !== null && this.#lose > 0) {
              this.#lose--;
              return;
            }
            let copy: unknown;
            try {
              copy = structuredClone(message);
            } catch {
              return;
            }
            // Other tabs only, as the page's one channel (adapters/session-channel.ts).
            for (const [other, listeners] of this.#channels) {
              if (other === tab) continue;
              for (const l of listeners)
                setTimeout(() => {
                  // Closed meanwhile: a closed channel hears nothing.
                  if (!listeners.has(l)) return;
                  const checked = tabMessage.safeParse(copy);
                  if (checked.success) l(checked.data);
                }, 0);
            }
          },
          close: () => void mine.delete(listener),
        };
      },
      tryLock: async (id) => {
        const state = this.#lock(id);
        // Not grantable at once while held, or while others queue for it: null, as ifAvailable.
        if (state.holder !== null || state.queue.length) return null;
        return this.#grant(id, tab);
      },
      waitForLock: (id, signal) =>
        new Promise<HeldLock | null>((resolve) => {
          if (signal.aborted) return resolve(null);
          const state = this.#lock(id);
          const waiter: Waiter = { tab, grant: resolve };
          signal.addEventListener('abort', () => {
            const at = state.queue.indexOf(waiter);
            if (at >= 0) {
              state.queue.splice(at, 1);
              resolve(null);
            }
          });
          state.queue.push(waiter);
          this.#next(id);
        }),
    };
  }

  /** Tab `tab` answers no follower from now on: it runs a Sift from before followers asked. */
  answerNoFollower(tab: number): void {
    this.#deaf.add(tab);
  }

  /** Who holds the session's lock: a tab's number, or null. */
  holder(id: SessionId): number | null {
    return this.#locks.get(id)?.holder ?? null;
  }

  /** The browser ends a tab (closed, or reloading): its channels, waits and locks go. */
  close(tab: number): void {
    this.databaseFiles?.release(tab);
    // Cleared, not only dropped: a message already on its way must not reach a closed tab.
    this.#channels.get(tab)?.clear();
    this.#channels.delete(tab);
    for (const [id, state] of this.#locks) {
      state.queue = state.queue.filter((w) => {
        if (w.tab === tab) w.grant(null);
        return w.tab !== tab;
      });
      if (state.holder === tab) {
        state.holder = null;
        this.#next(id);
      }
    }
  }

  /**
   * A platform for a new tab. `carry` is what a reload of the same tab keeps: its address, its
   * rescue slot (sessionStorage) and its preferences.
   */
  tab({ model, carry }: { model?: ModelClient; carry?: TabCarry } = {}): BrowserTab {
    const number = ++this.#tabs;
    const kept: TabCarry = carry ?? {
      address: null,
      rescue: null,
      preferences: memoryPreferences(),
    };
    const base = testPlatform({ factory: this.factory, model, preferences: kept.preferences });
    const pageHide: Array<() => void> = [];
    const platform: Platform = {
      ...base.platform,
      engine: this.databaseFiles?.engine(number) ?? namingEngine(`tab ${number}`),
      address: { read: () => kept.address, write: (id) => void (kept.address = id) },
      rescue: {
        save: (r) => void (kept.rescue = r ? structuredClone(r) : null),
        take: (id) => {
          const r = kept.rescue;
          if (!r || r.sessionId !== id) return null;
          kept.rescue = null;
          return r;
        },
      },
      tabs: this.links(number),
      onPageHide: (l) => void pageHide.push(l),
    };
    return {
      number,
      platform,
      carry: kept,
      /** The page goes away: its last moment (pagehide), then the browser ends the tab. */
      close: () => {
        for (const l of pageHide) l();
        this.close(number);
      },
    };
  }

  #channelsOf(tab: number): Set<(m: TabMessage) => void> {
    let set = this.#channels.get(tab);
    if (!set) this.#channels.set(tab, (set = new Set()));
    return set;
  }

  #lock(id: string): LockState {
    let state = this.#locks.get(id);
    if (!state) this.#locks.set(id, (state = { holder: null, queue: [] }));
    return state;
  }

  #grant(id: string, tab: number): HeldLock {
    const state = this.#lock(id);
    state.holder = tab;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        if (state.holder !== tab) return;
        state.holder = null;
        this.#next(id);
      },
    };
  }

  /** A free lock goes to the first in its queue, later (as the browser's lock manager does). */
  #next(id: string): void {
    setTimeout(() => {
      const state = this.#lock(id);
      if (state.holder !== null) return;
      const waiter = state.queue.shift();
      if (waiter) waiter.grant(this.#grant(id, waiter.tab));
    }, 0);
  }
}

/** What a reload keeps of a tab. */
export interface TabCarry {
  address: SessionId | null;
  rescue: Rescue | null;
  preferences: Preferences;
}

export interface BrowserTab {
  number: number;
  platform: Platform;
  carry: TabCarry;
  close(): void;
}
