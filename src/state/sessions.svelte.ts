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
import { restoreTables } from './restore-tables.ts';
import { readSession, storeSession, type SessionContent } from './stored-files.ts';
import type { Workspace } from './workspace.svelte.ts';
import type { SessionId } from '../core/ids.ts';
import type { SessionMeta } from '../core/session/records.ts';
import type { TabEngine } from './tab-engine.svelte.ts';

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
  /**
   * The engine the page uses (state/tab-engine.svelte.ts): the database files kept for sessions in this
   * browser, and the writer's DuckDB, which a follower asks.
   */
  engine: Pick<
    TabEngine,
    'databases' | 'forgetDatabases' | 'askWriter' | 'askingWriter' | 'stopAsking' | 'holdsOwnTables'
  >;
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
    this.stored = new SessionList(status, deps.quota, deps.engine);
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
      engine: deps.engine,
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
      void this.#forgetUnkept();
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
    } finally {
      this.opening = false;
    }
  }

  /** A blank page for another file; the session left stays stored. */
  newSession(): Promise<void> {
    return this.#newSession(this.#keepsFile());
  }

  async #newSession(keep: string | null): Promise<void> {
    if (this.opening) return;
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

  /**
   * Removes the database files no stored session keeps (a session deleted, a tab closed before
   * its session was stored), unless the list could not be read or there is no store: then it is
   * not known which (another tab may read the sessions this one cannot).
   */
  async #forgetUnkept(): Promise<void> {
    if (!this.status.store || this.status.problem) return;
    const keep = this.stored.items.flatMap((s) => (s.database ? [s.database] : []));
    await this.#deps.engine.forgetDatabases(keep).catch(() => undefined);
  }

  async rename(id: SessionId, title: string): Promise<void> {
    const clean = title.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (!clean) return;
    await this.active.retitle(id, { title: clean, titleSource: 'person' });
  }

  async delete(id: SessionId): Promise<void> {
    // The open one deleted, the page goes on to its neighbour in the list (the next older, else
    // the newer), not to an empty page (issue 33).
    const open = id === this.active.id;
    const items = this.stored.items;
    const at = items.findIndex((s) => s.id === id);
    const next = open ? (items[at + 1] ?? items[at - 1])?.id : undefined;
    if (open) await this.#newSession(null);
    try {
      await this.status.store?.delete(id);
    } catch (e) {
      this.status.notice = `The session could not be deleted: ${errorMessage(e)}`;
    }
    await this.active.refresh();
    await this.#forgetUnkept();
    this.#tabs.listChanged(id);
    if (next && this.stored.items.some((s) => s.id === next)) await this.open(next);
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
  }

  async #openInMemory(content: SessionContent): Promise<void> {
    const keep = this.#keepsFile();
    await this.#leave(keep);
    await this.#show(content, keep);
  }

  /**
   * Shows `content`, writing it if no other tab does, else following the tab that does; `keep`:
   * the session left keeps its database file. Only the writer reopens the session's own file:
   * one tab at a time may hold it (a follower asks the writer's DuckDB, state/tab-engine.svelte.ts).
   */
  async #show(content: SessionContent, keep: string | null): Promise<void> {
    const { id } = content.meta;
    const following = this.active.show(content, await this.#tabs.claim(id));
    if (following !== null) this.#follower.follow(id, following);
    await this.active.readIn();
    const { workspace } = this.#deps;
    await workspace.reset(keep);
    if (following !== null) void this.#follower.showTables(id);
    else
      void restoreTables({ open: this.active, workspace, status: this.status, tabs: this.#tabs });
  }

  /** A blank page, its workspace emptied. */
  async #blank(keep: string | null): Promise<void> {
    await this.active.blank();
    await this.#deps.workspace.reset(keep);
  }
}
