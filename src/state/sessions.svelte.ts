/**
 * The person's sessions, as the page uses them: the list (session-list.svelte.ts), the one open
 * in this tab (open-session.svelte.ts) and the following of another tab that writes it
 * (session-follower.ts), joined here to carry out what the person asks: open, start anew,
 * rename, delete, import. One tab writes a session at a time (a Web Lock per session).
 */
import { errorMessage } from '../core/errors.ts';
import { storageFailure } from '../core/session/storage-failure.ts';
import { OpenSession, type Role } from './open-session.svelte.ts';
import { DeleteMarks } from './delete-marks.ts';
import { SessionDeletes } from './session-deletes.svelte.ts';
import { SessionRemoval } from './session-removal.ts';
import { Busy } from './busy.ts';
import { SessionFollower } from './session-follower.ts';
import { SessionList } from './session-list.svelte.ts';
import { SessionStatus } from './session-status.svelte.ts';
import { SessionTabs } from './session-tabs.ts';
import { restoreTables } from './restore-tables.ts';
import { readSession, storeSession, type SessionContent } from './stored-files.ts';
import type { SessionId } from '../core/ids.ts';
import type { SessionMeta } from '../core/session/records.ts';

import type { SessionsDeps } from './sessions-deps.ts';

export type { Role, SessionContent, SessionsDeps };

/**
 * Where this tab's sessions are (issue 47: a small state machine that swaps the scope shown):
 * `starting` while storage is read, `opening` while the start opens the session to show first,
 * `shown` once a session, or a blank page, is, and `switching` while the one shown is left for
 * another — a session opened, a new one, an import. A switch is begun only from `shown`: one asked
 * for meanwhile is not (the list's buttons wait).
 */
export type SessionsPhase = 'starting' | 'opening' | 'shown' | 'switching';

export class Sessions {
  phase = $state<SessionsPhase>('starting');
  /** What the person is told of the sessions: saving's problem, a passing notice. */
  readonly status = new SessionStatus();
  /** The session open in this tab: its meta, files, role and log. */
  readonly active: OpenSession;
  /** The stored sessions, as the list shows them, and their storage. */
  readonly stored: SessionList;
  /** A delete the person may still undo; storage lets the session go once it is carried out. */
  readonly deletes: SessionDeletes;
  readonly #tabs: SessionTabs;
  readonly #marks: DeleteMarks;
  readonly #removal: SessionRemoval;
  readonly #follower: SessionFollower;
  readonly #deps: SessionsDeps;

  /** Each part is built once, with the parts it acts on; none reaches back (ARCHITECTURE.md). */
  constructor(deps: SessionsDeps) {
    this.#deps = deps;
    const { status } = this;
    const tabs = (this.#tabs = new SessionTabs(deps.tabs));
    const marks = (this.#marks = new DeleteMarks(deps.marks));
    this.stored = new SessionList(status, deps.quota, deps.engine, marks);
    this.active = new OpenSession({
      status,
      workspace: deps.workspace,
      scope: { ...deps.scope, workspace: deps.workspace, engine: deps.engine },
      list: this.stored,
      tabs: this.#tabs,
      rescue: deps.rescue,
      address: deps.address,
    });
    this.#removal = new SessionRemoval({
      status,
      marks,
      active: this.active,
      list: this.stored,
      tabs,
    });
    this.deletes = new SessionDeletes({
      marks,
      removal: this.#removal,
      windowMs: deps.undoWindowMs,
    });
    this.#follower = new SessionFollower({
      status,
      open: this.active,
      workspace: deps.workspace,
      engine: deps.engine,
    });
    // The follower hears the other tabs; what it follows is said here (#follow), not by it.
    tabs.listen(this.#follower);
  }

  /** The start or the switch in progress; `ready` waits for it. */
  readonly #busy = new Busy();

  /** Storage has been read, and the session to show first shown. */
  get started(): boolean {
    return this.phase === 'shown' || this.phase === 'switching';
  }

  /** A session is being opened: the first one, or another in the place of the one shown. */
  get opening(): boolean {
    return this.phase === 'opening' || this.phase === 'switching';
  }

  /**
   * Leaves what is shown for what `to` shows, once the start is over and unless a switch is under
   * way (the start shows the first session itself).
   */
  #switch(to: () => Promise<void>): Promise<void> {
    if (this.phase !== 'shown') return Promise.resolve();
    this.phase = 'switching';
    const switched = async () => {
      try {
        await to();
      } finally {
        this.phase = 'shown';
      }
    };
    return this.#busy.hold(switched());
  }

  /**
   * Resolves once no session is being opened (at the start, or one the person chose), and the
   * open one's tables are read again: files brought meanwhile are for that session, and must
   * not be read before it empties the workspace (file-intake.svelte.ts).
   */
  async ready(): Promise<void> {
    await this.#busy.idle();
    await this.#deps.workspace.settled();
  }

  /** Opens the store and the session the address names (or the latest). */
  start(): Promise<void> {
    return this.#busy.hold(this.#start());
  }

  async #start(): Promise<void> {
    const { status } = this;
    try {
      status.store = await this.#deps.openStore();
    } catch (e) {
      status.problem = `Sessions cannot be saved in this browser (${errorMessage(e)}). Everything works, but nothing is kept when this tab closes.`;
    }
    try {
      // Deletes whose tab closed during their Undo window are the person's word: done first.
      for (const id of this.#marks.due()) await this.#removal.remove(id);
      await this.active.refresh();
      void this.stored.forgetUnkept();
      const wanted = this.#deps.address.read() ?? this.stored.items[0]?.id;
      if (wanted && this.stored.items.some((s) => s.id === wanted)) {
        this.phase = 'opening';
        await this.#open(wanted);
      }
    } catch (e) {
      status.notice = `The stored sessions could not be read: ${errorMessage(e)}`;
    } finally {
      this.phase = 'shown';
    }
  }

  refresh(): Promise<void> {
    return this.active.refresh();
  }

  open(id: SessionId): Promise<void> {
    return this.#switch(() => this.#open(id));
  }

  async #open(id: SessionId): Promise<void> {
    const store = this.status.store;
    if (!store) return;
    try {
      const keep = this.#keepsFile();
      await this.#leave(keep);
      const content = await readSession(store, id);
      if (!content) {
        this.status.notice = 'That session is no longer stored.';
        await this.#blank(keep);
        return;
      }
      await this.#show(content, keep);
    } catch (e) {
      this.status.notice = `The session could not be opened: ${errorMessage(e)}`;
    }
  }

  /** A blank page for another file; the session left stays stored. */
  newSession(): Promise<void> {
    return this.#switch(() => this.#newSession(this.#keepsFile()));
  }

  async #newSession(keep: string | null): Promise<void> {
    await this.#leave(keep);
    await this.#blank(keep);
  }

  /**
   * Leaves the session; one whose tables are in the database file it keeps lets go of the file
   * before its lock (OpenSession.leave): a tab that opens it next must find the file free.
   */
  #leave(keep: string | null): Promise<void> {
    const workspace = this.#deps.workspace;
    // A follower waits for no answer of the writer once it leaves.
    this.#deps.engine.stopAsking();
    return this.active.leave(keep ? () => workspace.reset(keep) : undefined);
  }

  /**
   * The database file the session being left keeps, if any: the one it records, when this tab
   * writes it (a follower's tables are its own copy) and storage has it (else no session would
   * name the file, and nothing would remove it).
   */
  #keepsFile(): string | null {
    const { role, meta } = this.active;
    return role === 'writer' && this.status.writable ? (meta?.database ?? null) : null;
  }

  async rename(id: SessionId, title: string): Promise<void> {
    const clean = title.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (!clean) return;
    await this.active.retitle(id, { title: clean, titleSource: 'person' });
  }

  /**
   * Deletes a session as the person sees it: gone from the lists at once, with Undo offered for
   * a few seconds before storage lets it go (session-deletes.svelte.ts). Without a store there is
   * nothing to bring back, and it goes at once.
   */
  async delete(id: SessionId): Promise<void> {
    // The open one deleted, the page goes on to its neighbour in the list (the next older, else
    // the newer), not to an empty page (issue 33).
    const open = id === this.active.id;
    const items = this.stored.items;
    const at = items.findIndex((s) => s.id === id);
    const meta = items[at];
    const next = open ? (items[at + 1] ?? items[at - 1])?.id : undefined;
    if (!this.status.store || !meta) {
      if (open) await this.#switch(() => this.#newSession(null));
      return this.#removal.remove(id);
    }
    const begun = this.deletes.begin({ id, title: meta.title, wasOpen: open });
    this.stored.hide(id);
    await begun;
    // Undo may be pressed (it has the focus) before this is done: it then opens the session
    // again, and the neighbour is not opened over it.
    const undone = () => this.deletes.pending?.id !== id;
    // Left as any other session is, its database file kept: Undo may open it again.
    if (open && !undone()) await this.#switch(() => this.#newSession(this.#keepsFile()));
    await this.active.refresh();
    this.#tabs.listChanged();
    if (!undone() && next && this.stored.items.some((s) => s.id === next)) await this.open(next);
  }

  /** Brings back the session just deleted, whole (storage still holds it); opens it if it was. */
  async undoDelete(): Promise<void> {
    const back = this.deletes.undo();
    if (!back) return;
    await this.active.refresh();
    this.#tabs.listChanged();
    // The neighbour the delete opened may still be opening.
    await this.ready();
    if (back.wasOpen && this.stored.items.some((s) => s.id === back.id)) await this.open(back.id);
  }

  /** The stored session imported from the export file `from` (session-transfer.ts), if any. */
  importedFrom(from: string): SessionMeta | undefined {
    return this.stored.items.find((s) => s.importedFrom === from);
  }

  /** Brings in a session that was read from an export file (see session-transfer.ts). */
  async adopt(content: SessionContent): Promise<void> {
    const store = this.status.writable;
    if (!store) return this.#openInMemory(content);
    const { meta } = content;
    try {
      await storeSession(store, content);
    } catch (e) {
      // Half a session is worse than none: drop it, and keep the import in this tab only.
      await store.delete(meta.id).catch(() => undefined);
      this.status.problem = storageFailure(e);
      return this.#openInMemory(content);
    }
    await this.active.refresh();
    this.#tabs.listChanged();
    await this.open(meta.id);
  }

  /** What storage has not confirmed yet, kept for a reload (call as the page goes away). */
  rescue(): void {
    this.active.rescue();
    this.deletes.pageHide();
  }

  #openInMemory(content: SessionContent): Promise<void> {
    return this.#switch(async () => {
      const keep = this.#keepsFile();
      await this.#leave(keep);
      await this.#show(content, keep);
    });
  }

  /**
   * Shows `content`, writing it if no other tab does, else following the tab that does; `keep`:
   * the session left keeps its database file. Only the writer reopens the session's own file:
   * one tab at a time may hold it (a follower asks the writer's DuckDB, state/tab-engine.svelte.ts).
   */
  async #show(content: SessionContent, keep: string | null): Promise<void> {
    const { id } = content.meta;
    const following = this.active.show(content, await this.#tabs.claim(id));
    if (following !== null) this.#follow(id, following);
    await this.active.readIn();
    const { workspace } = this.#deps;
    await workspace.reset(keep);
    if (following !== null) void this.#follower.showTables(id);
    else
      void restoreTables({ open: this.active, workspace, status: this.status, tabs: this.#tabs });
  }

  /**
   * Follows the session another tab writes from its stored event `next`, and takes it over once
   * that tab lets go: the tables it showed were the writer's, so they are brought back here.
   */
  #follow(id: SessionId, next: number): void {
    this.#follower.follow(id, next);
    this.#tabs.follow(id, async (lock) => {
      if (!(await this.#follower.takeOver(id, lock))) return;
      const { workspace } = this.#deps;
      await restoreTables({ open: this.active, workspace, status: this.status, tabs: this.#tabs });
    });
  }

  /** A blank page, its workspace emptied. */
  async #blank(keep: string | null): Promise<void> {
    await this.active.blank();
    await this.#deps.workspace.reset(keep);
  }
}
