/**
 * The person's sessions, as the page uses them: the list (session-list.svelte.ts), the one open
 * in this tab (open-session.svelte.ts) and the following of another tab that writes it
 * (session-follower.ts), joined here to carry out what the person asks: open, start anew,
 * rename, delete, import. One tab writes a session at a time (a Web Lock per session).
 */
import { errorMessage } from '../core/errors.ts';
import { storageFailure } from '../core/session/storage-failure.ts';
import type { SessionStore } from '../core/session/store.ts';
import type { Analyst } from './analyst.svelte.ts';
import { OpenSession, type Role } from './open-session.svelte.ts';
import type { ShownLog } from './shown-log.svelte.ts';
import type { Address, RescueSlot, StorageQuota, TabLinks } from './ports.ts';
import { SessionFollower } from './session-follower.ts';
import { SessionList } from './session-list.svelte.ts';
import { SessionStatus } from './session-status.svelte.ts';
import { SessionTabs } from './session-tabs.ts';
import { readSession, readsOf, storeSession, type SessionContent } from './stored-files.ts';
import type { Workspace } from './workspace.svelte.ts';
import type { SessionId } from '../core/ids.ts';

export type { Role, SessionContent };

export interface SessionsDeps {
  workspace: Workspace;
  analyst: Analyst;
  /** Where the open session puts its log for the page and the analyst. */
  shown: ShownLog;
  openStore(): Promise<SessionStore>;
  tabs: TabLinks;
  rescue: RescueSlot;
  address: Address;
  quota: StorageQuota;
}

export class Sessions {
  opening = $state(false);
  started = $state(false);
  /** What the person is told of the sessions: saving's problem, a passing notice. */
  readonly status = new SessionStatus();
  /** The session open in this tab: its meta, files, role and log. */
  readonly active: OpenSession;
  /** The stored sessions, as the list shows them, and their storage. */
  readonly stored: SessionList;
  readonly #tabs: SessionTabs;
  readonly #follower: SessionFollower;
  readonly #deps: SessionsDeps;

  /** Each part is built once, with the parts it acts on; none reaches back (ARCHITECTURE.md). */
  constructor(deps: SessionsDeps) {
    this.#deps = deps;
    const { status } = this;
    this.#tabs = new SessionTabs(deps.tabs);
    this.stored = new SessionList(status, deps.quota);
    this.active = new OpenSession({
      status,
      workspace: deps.workspace,
      analyst: deps.analyst,
      shown: deps.shown,
      list: this.stored,
      tabs: this.#tabs,
      rescue: deps.rescue,
      address: deps.address,
    });
    this.#follower = new SessionFollower({
      status,
      open: this.active,
      workspace: deps.workspace,
      tabs: this.#tabs,
    });
  }

  /** The start or the opening in progress; `ready` waits for it. */
  #busy: Promise<unknown> = Promise.resolve();

  #hold<T>(work: Promise<T>): Promise<T> {
    this.#busy = work.catch(() => undefined);
    return work;
  }

  /**
   * Resolves once no session is being opened (at the start, or one the person chose), and the
   * open one's tables are read again: files brought meanwhile are for that session, and must
   * not be read before it empties the workspace (file-intake.svelte.ts).
   */
  async ready(): Promise<void> {
    for (let busy = this.#busy; ; busy = this.#busy) {
      await busy;
      if (busy === this.#busy) break;
    }
    await this.#deps.workspace.settled();
  }

  /** Opens the store and the session the address names (or the latest). */
  start(): Promise<void> {
    return this.#hold(this.#start());
  }

  async #start(): Promise<void> {
    const { status } = this;
    try {
      status.store = await this.#deps.openStore();
    } catch (e) {
      status.problem = `Sessions cannot be saved in this browser (${errorMessage(e)}). Everything works, but nothing is kept when this tab closes.`;
    }
    try {
      await this.active.refresh();
      const wanted = this.#deps.address.read() ?? this.stored.items[0]?.id;
      if (wanted && this.stored.items.some((s) => s.id === wanted)) await this.open(wanted);
    } catch (e) {
      status.notice = `The stored sessions could not be read: ${errorMessage(e)}`;
    } finally {
      this.started = true;
    }
  }

  refresh(): Promise<void> {
    return this.active.refresh();
  }

  open(id: SessionId): Promise<void> {
    return this.#hold(this.#open(id));
  }

  async #open(id: SessionId): Promise<void> {
    const store = this.status.store;
    if (this.opening || !store) return;
    this.opening = true;
    try {
      await this.active.leave();
      const content = await readSession(store, id);
      if (!content) {
        this.status.notice = 'That session is no longer stored.';
        await this.#blank();
        return;
      }
      await this.#show(content);
    } catch (e) {
      this.status.notice = `The session could not be opened: ${errorMessage(e)}`;
    } finally {
      this.opening = false;
    }
  }

  /** A blank page for another file; the session left stays stored. */
  async newSession(): Promise<void> {
    if (this.opening) return;
    await this.active.leave();
    await this.#blank();
  }

  async rename(id: SessionId, title: string): Promise<void> {
    const clean = title.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (!clean) return;
    await this.active.retitle(id, { title: clean, titleSource: 'person' });
  }

  async delete(id: SessionId): Promise<void> {
    if (id === this.active.id) await this.newSession();
    try {
      await this.status.store?.delete(id);
    } catch (e) {
      this.status.notice = `The session could not be deleted: ${errorMessage(e)}`;
    }
    await this.active.refresh();
    this.#tabs.listChanged(id);
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
  }

  async #openInMemory(content: SessionContent): Promise<void> {
    await this.active.leave();
    await this.#show(content);
  }

  /** Shows `content`, writing it if no other tab does, else following the tab that does. */
  async #show(content: SessionContent): Promise<void> {
    const { id } = content.meta;
    const following = this.active.show(content, await this.#tabs.claim(id));
    if (following !== null) this.#follower.follow(id, following);
    await this.active.readIn();
    const { meta, files } = this.active;
    await this.#deps.workspace.reset();
    if (meta) void this.#deps.workspace.restore(files, readsOf(meta.tables));
  }

  /** A blank page, its workspace emptied. */
  async #blank(): Promise<void> {
    await this.active.blank();
    await this.#deps.workspace.reset();
  }
}
