/**
 * This tab following a session that another tab writes: it puts the writer's events in the
 * follower's log in order, reads the stored transcript again when it missed one, shows the
 * writer's tables (asking the writer's DuckDB, tab-engine.svelte.ts) and again when they change,
 * and takes the session over when the writer goes away. It also hears of changes to the list. It
 * hears the other tabs (session-tabs.ts, which `Sessions` tells it to) and acts on the open
 * session; it tells the tabs nothing (issue 47: no part both listens to another and commands it).
 */
import type { AgentEvent } from '../core/events/events.ts';
import { errorMessage } from '../core/errors.ts';
import type { OpenSession } from './open-session.svelte.ts';
import type { HeldLock } from './ports.ts';
import type { SessionStatus } from './session-status.svelte.ts';
import type { TabHandlers } from './session-tabs.ts';
import { readSession, readsOf, readStoredFiles } from './stored-files.ts';
import type { TabEngine } from './tab-engine.svelte.ts';
import type { Workspace } from './workspace.svelte.ts';
import type { SessionId } from '../core/ids.ts';

export interface FollowerDeps {
  status: SessionStatus;
  open: OpenSession;
  workspace: Workspace;
  /** Asks the writer's DuckDB for the session's tables. */
  engine: Pick<TabEngine, 'askWriter' | 'askingWriter' | 'stopAsking' | 'holdsOwnTables'>;
}

export class SessionFollower implements TabHandlers {
  readonly #d: FollowerDeps;
  /** The session followed, and the place in its stored transcript of the next event expected. */
  #following: SessionId | null = null;
  #next = 0;

  constructor(deps: FollowerDeps) {
    this.#d = deps;
  }

  /** Follows the session shown from its stored event `next` on. */
  follow(sessionId: SessionId, next: number): void {
    this.#following = sessionId;
    this.#next = next;
  }

  /**
   * Events are applied in their order; one that skips ahead means one was missed (a message
   * lost, or sent before this tab listened), and the stored transcript is read again.
   */
  event(sessionId: SessionId, seq: number | null, event: AgentEvent): void {
    if (sessionId !== this.#following) return;
    if (seq === null) return this.#d.open.log.follow(event);
    if (seq === this.#next) {
      this.#next++;
      this.#d.open.log.follow(event);
    } else if (seq > this.#next)
      this.#d.status.background('The session could not be brought up to date', () =>
        this.#catchUp(sessionId),
      );
  }

  tables(sessionId: SessionId): void {
    this.#d.status.background('The tables of the session could not be read again', () =>
      this.#readTables(sessionId),
    );
  }

  list(deleted: SessionId | undefined): void {
    this.#d.status.background('The session list could not be read again', () =>
      this.#listChanged(deleted),
    );
  }

  failed(what: string, error: unknown): void {
    this.#d.status.notice = `${what}: ${errorMessage(error)}`;
  }

  /**
   * The writing tab went away: this one writes now, and its last turn may need closing. True when
   * the tables shown were the writer's, which this tab must now bring back itself
   * (restore-tables.ts, which `Sessions` runs: it also tells the other tabs).
   */
  async takeOver(id: SessionId, lock: HeldLock): Promise<boolean> {
    const { status, open } = this.#d;
    this.#following = null;
    // The writer is gone: nothing waits for its answers (the workspace's reset below would).
    this.#d.engine.stopAsking();
    const ownCopy = this.#d.engine.holdsOwnTables;
    try {
      const content = status.store && (await readSession(status.store, id, open.files));
      // Deleted in another tab, or left, while it was read: this tab no longer shows it.
      if (!content || open.id !== id) {
        lock.release();
        return false;
      }
      // Tables shown from the writer's DuckDB (or still being asked for) went with it: this tab
      // brings them back itself, from the file the writer has just let go of. A copy of its own
      // (no writer answered when it followed) stays, and is the session's now.
      open.show(content, lock);
      await open.readIn();
      if (ownCopy) return false;
      await this.#d.workspace.reset();
      return true;
    } catch (e) {
      lock.release();
      this.failed('The session could not be reopened', e);
      return false;
    }
  }

  async #listChanged(deleted: SessionId | undefined): Promise<void> {
    const { open } = this.#d;
    if (deleted && deleted === open.id) {
      this.#d.engine.stopAsking();
      await open.leave();
      await open.blank();
      await this.#d.workspace.reset();
      this.#d.status.notice = 'This session was deleted in another tab.';
    } else await open.refresh();
  }

  /**
   * Shows the followed session's tables in the (emptied) workspace: the writer's, asked of its
   * DuckDB; when no writer answers, the stored files read into this tab's own (as before a
   * follower could ask).
   */
  showTables(id: SessionId): Promise<void> {
    const { open, workspace, engine } = this.#d;
    // Taken over, or left, meanwhile: whoever did that brings the tables.
    if (open.role !== 'follower' || open.id !== id) return Promise.resolve();
    const reads = readsOf(open.meta?.tables ?? []);
    return workspace.follow(() => engine.askWriter(id), open.files, reads).catch(() => undefined);
  }

  async #readTables(id: SessionId): Promise<void> {
    const { status, open, workspace } = this.#d;
    const store = status.store;
    const meta = await store?.get(id);
    if (!store || !meta || id !== open.id || open.role !== 'follower') return;
    open.storedAs(meta, await readStoredFiles(store, meta.tables));
    // The writer's tables are asked for again, what was asked meanwhile left to finish; a copy
    // of this tab's own (no writer answered) is read again.
    if (!this.#d.engine.askingWriter) await workspace.reset();
    await this.showTables(id);
  }

  /** A follower that missed an event reads the stored transcript again. */
  async #catchUp(id: SessionId): Promise<void> {
    const events = await this.#d.status.store?.events(id);
    // A take-over while the transcript was read made this tab the writer: nothing to catch up.
    const open = this.#d.open;
    if (!events || id !== open.id || open.role !== 'follower') return;
    this.#next = events.length;
    this.#d.open.caughtUp(events);
  }
}
