/**
 * This tab among others open on the same sessions: the channel between them and the locks. The
 * tab that writes a session holds its lock (session-lock.ts) and announces each stored event; a
 * tab following one hears its events and tables (its listener, session-follower.ts, keeps its
 * place in the transcript) and waits here for the lock to take over. Whoever shows the session
 * says what to follow (sessions.svelte.ts); the listener only hears (issue 47: no part both
 * listens to another and commands it).
 */
import type { AgentEvent } from '../core/events/events.ts';
import type { TabMessage } from '../core/session/tab-messages.ts';
import type { HeldLock, SessionChannel, TabLinks } from './ports.ts';
import type { SessionId } from '../core/ids.ts';

export interface TabHandlers {
  /**
   * An event of the session this tab follows: `seq` its place in the stored transcript, null for
   * a streaming one that is never stored.
   */
  event(sessionId: SessionId, seq: number | null, event: AgentEvent): void;
  /** The writer changed the followed session's tables. */
  tables(sessionId: SessionId): void;
  /** Another tab changed the list; `deleted` names a session it deleted. */
  list(deleted: SessionId | undefined): void;
  /** Waiting for the lock, or taking the session over with it, failed. */
  failed(what: string, error: unknown): void;
}

export class SessionTabs {
  #lock: HeldLock | null = null;
  #waiting: AbortController | null = null;
  /** The session this tab follows: only its events and tables are heard. */
  #following: SessionId | null = null;
  readonly #listeners = new Set<TabHandlers>();
  readonly #links: TabLinks;
  readonly #channel: SessionChannel;

  constructor(links: TabLinks) {
    this.#links = links;
    this.#channel = links.openChannel((m) => this.#receive(m));
  }

  /** Tells `handlers` what the other tabs say from now on (the follower); returns how to stop. */
  listen(handlers: TabHandlers): () => void {
    this.#listeners.add(handlers);
    return () => this.#listeners.delete(handlers);
  }

  /** Every listener hears `say`. */
  #tell(say: (h: TabHandlers) => void): void {
    for (const h of this.#listeners) say(h);
  }

  /** Takes the session's lock if no other tab holds it. */
  async claim(sessionId: SessionId): Promise<HeldLock | null> {
    this.#lock = await this.#links.tryLock(sessionId);
    return this.#lock;
  }

  /** Follows a session another tab writes; `takeOver` gets its lock once that tab lets go. */
  follow(sessionId: SessionId, takeOver: (lock: HeldLock) => Promise<void>): void {
    this.#following = sessionId;
    const waiting = new AbortController();
    this.#waiting = waiting;
    this.#links
      .waitForLock(sessionId, waiting.signal)
      .then(async (lock) => {
        if (!lock) return;
        if (waiting.signal.aborted || this.#following !== sessionId) return lock.release();
        this.#waiting = null;
        this.#following = null;
        this.#lock = lock;
        await takeOver(lock);
      })
      .catch((e: unknown) =>
        this.#tell((h) =>
          h.failed('This tab could not take over the session when the other closed', e),
        ),
      );
  }

  /** Lets go of the session: its lock, or the wait for it. */
  leave(): void {
    this.#waiting?.abort();
    this.#waiting = null;
    this.#following = null;
    this.#lock?.release();
    this.#lock = null;
  }

  announce(sessionId: SessionId, seq: number | null, event: AgentEvent): void {
    this.#channel.post({ type: 'event', sessionId, seq, event });
  }

  tablesChanged(sessionId: SessionId): void {
    this.#channel.post({ type: 'tables', sessionId });
  }

  listChanged(deleted?: SessionId): void {
    this.#channel.post(deleted ? { type: 'list', deleted } : { type: 'list' });
  }

  #receive(m: TabMessage): void {
    if (m.type === 'list') return this.#tell((h) => h.list(m.deleted));
    // Reads of the writer's tables are the engines' (tab-engine.svelte.ts, followers-served.ts).
    if (m.type !== 'event' && m.type !== 'tables') return;
    if (m.sessionId !== this.#following) return;
    const { sessionId } = m;
    if (m.type === 'tables') return this.#tell((h) => h.tables(sessionId));
    const { event, seq } = m;
    this.#tell((h) => h.event(sessionId, seq, event));
  }
}
