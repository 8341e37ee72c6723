/**
 * The person's sessions: the list, the one open in this tab, and keeping it saved. A session is
 * created when its first file loads; from then on its files, events and history are written as
 * they happen (session-writer.ts). Opening one reads its files into DuckDB again under their table
 * names and shows its transcript. One tab writes a session at a time (session-lock.ts); another
 * tab on the same session follows it read-only until the writer goes away.
 */
import type { HeldLock } from '../adapters/session-lock.ts';
import { saveRescue, takeRescue } from '../adapters/rescue-store.ts';
import { requestPersistence, storageFailure, storageFigures } from '../adapters/storage.ts';
import { emptyConversation } from '../core/model/conversation.ts';
import type { AgentEvent } from '../core/events/events.ts';
import { errorMessage } from '../core/errors.ts';
import { totalBytes, type SessionMeta, type StoredTable } from '../core/session/records.ts';
import { closeInterruptedReport } from '../core/report/write-report.ts';
import { liveEvents, recoverInterrupted } from '../core/session/recover.ts';
import type { SessionStore } from '../core/session/store.ts';
import type { Analyst } from './analyst.svelte.ts';
import { fallbackTitle, readHash, writeHash } from './session-title.ts';
import { SessionTabs } from './session-tabs.ts';
import { rescuedAfter, SessionWriter } from './session-writer.ts';
import {
  noFiles,
  readSession,
  readStoredFiles,
  storeSession,
  type FilesByTable,
  type SessionContent,
} from './stored-files.ts';
import type { LoadedFile, Workspace } from './workspace.svelte.ts';

export type Role = 'writer' | 'follower';

export type { SessionContent };

export class Sessions {
  list = $state.raw<SessionMeta[]>([]);
  currentId = $state<string | null>(null);
  role = $state<Role>('writer');
  /** Why sessions are not being saved, in words; null while saving works. */
  problem = $state<string | null>(null);
  /** A passing message about the session list (an import refused, a session gone). */
  notice = $state<string | null>(null);
  opening = $state(false);
  persisted = $state<boolean | null>(null);
  quota = $state<number | null>(null);
  started = $state(false);

  #store: SessionStore | null = null;
  #writer: SessionWriter | null = null;
  #meta = $state.raw<SessionMeta | null>(null);
  #files: FilesByTable = noFiles();
  readonly #tabs = new SessionTabs({
    event: (e) => this.#analyst.follow(e),
    missed: (id) =>
      this.#background('The session could not be brought up to date', () => this.#catchUp(id)),
    tables: (id) =>
      this.#background('The tables of the session could not be read again', () =>
        this.#followTables(id),
      ),
    list: (deleted) =>
      this.#background('The session list could not be read again', () =>
        this.#onListChanged(deleted),
      ),
    failed: (what, e) => (this.notice = `${what}: ${errorMessage(e)}`),
  });
  readonly #workspace: Workspace;
  readonly #analyst: Analyst;

  constructor(workspace: Workspace, analyst: Analyst) {
    this.#workspace = workspace;
    this.#analyst = analyst;
    workspace.onLoaded = (loaded) =>
      this.#background('The session could not be saved', () => this.#onLoaded(loaded));
    workspace.onRemoved = (name) => this.#onRemoved(name);
    addEventListener('pagehide', () => saveRescue(this.#writer?.rescue() ?? null));
    analyst.recorder = {
      event: (e) => this.#onEvent(e),
      transient: (e) => {
        this.#writer?.transient(e);
        if (this.currentId) this.#tabs.announce(this.currentId, null, e);
      },
      history: (c) => this.#writer?.history(c),
    };
  }

  /**
   * Work started from an event that nobody awaits: a failure becomes a message in the page
   * rather than an unhandled rejection that leaves the page silently half-updated.
   */
  #background(what: string, work: () => Promise<void>): void {
    work().catch((e: unknown) => (this.notice = `${what}: ${errorMessage(e)}`));
  }

  get current(): SessionMeta | null {
    return this.#meta;
  }

  /** Bytes the listed sessions take in storage. */
  get totalBytes(): number {
    return this.list.reduce((sum, s) => sum + totalBytes(s.bytes), 0);
  }

  get files(): ReadonlyMap<string, File> {
    return this.#files;
  }

  async start(openStore: () => Promise<SessionStore>): Promise<void> {
    try {
      this.#store = await openStore();
    } catch (e) {
      this.problem = `Sessions cannot be saved in this browser (${errorMessage(e)}). Everything works, but nothing is kept when this tab closes.`;
    }
    try {
      await this.refresh();
      const wanted = readHash() ?? this.list[0]?.id;
      if (wanted && this.list.some((s) => s.id === wanted)) await this.open(wanted);
    } catch (e) {
      this.notice = `The stored sessions could not be read: ${errorMessage(e)}`;
    } finally {
      this.started = true;
    }
  }

  async refresh(): Promise<void> {
    if (this.#store) {
      try {
        const stored = await this.#store.list();
        const mine = stored.find((s) => s.id === this.currentId);
        if (mine && !this.problem) this.#meta = mine;
        // Once saving has failed, the open session is what this tab holds, not what was stored.
        const meta = this.#meta;
        this.list =
          meta && (this.problem || !mine)
            ? [meta, ...stored.filter((s) => s.id !== meta.id)]
            : stored;
      } catch (e) {
        this.problem = storageFailure(e);
      }
    } else this.list = this.#meta ? [this.#meta] : [];
    this.quota = (await storageFigures()).quota;
  }

  async open(id: string): Promise<void> {
    if (this.opening || !this.#store) return;
    this.opening = true;
    try {
      await this.#leave();
      const content = await readSession(this.#store, id);
      if (!content) {
        this.notice = 'That session is no longer stored.';
        await this.#blank();
        return;
      }
      await this.#activate(content, await this.#tabs.claim(id));
    } catch (e) {
      this.notice = `The session could not be opened: ${errorMessage(e)}`;
    } finally {
      this.opening = false;
    }
  }

  /** A blank page for another file; the session left stays stored. */
  async newSession(): Promise<void> {
    if (this.opening) return;
    await this.#leave();
    await this.#blank();
  }

  async rename(id: string, title: string): Promise<void> {
    const clean = title.replace(/\s+/g, ' ').trim().slice(0, 200);
    if (!clean) return;
    await this.#patch(id, { title: clean, titleSource: 'person' });
  }

  async delete(id: string): Promise<void> {
    if (id === this.currentId) await this.newSession();
    try {
      await this.#store?.delete(id);
    } catch (e) {
      this.notice = `The session could not be deleted: ${errorMessage(e)}`;
    }
    await this.refresh();
    this.#tabs.listChanged(id);
  }

  /** Brings in a session that was read from an export file (see session-transfer.ts). */
  async adopt(content: SessionContent): Promise<void> {
    const store = this.#store;
    if (!store || this.problem) return this.#openInMemory(content);
    const { meta } = content;
    try {
      await storeSession(store, content);
    } catch (e) {
      // Half a session is worse than none: drop it, and keep the import in this tab only.
      await store.delete(meta.id).catch(() => undefined);
      this.problem = storageFailure(e);
      return this.#openInMemory(content);
    }
    await this.refresh();
    this.#tabs.listChanged();
    await this.open(meta.id);
  }

  async #openInMemory(content: SessionContent): Promise<void> {
    await this.#leave();
    await this.#activate(content, await this.#tabs.claim(content.meta.id));
  }

  async #activate(
    content: SessionContent,
    lock: HeldLock | null,
    { readTables = true } = {},
  ): Promise<void> {
    const { meta, files } = content;
    let { events, history, live } = content;
    this.role = lock ? 'writer' : 'follower';
    this.#analyst.readOnly = !lock;
    this.#workspace.readOnly = !lock;
    this.currentId = meta.id;
    this.#meta = meta;
    this.#files = files;
    writeHash(meta.id);
    const stored = events.length;
    const rescue = lock ? takeRescue(meta.id) : null;
    let rescued: AgentEvent[] = [];
    if (rescue) {
      rescued = rescuedAfter(rescue, stored);
      events = [...events, ...rescued];
      live = rescue.live ?? live;
      history = rescue.history ?? history;
    }
    const writer = lock ? this.#newWriter(meta.id, stored) : null;
    this.#writer = writer;
    this.#analyst.restore(events, history ?? emptyConversation());
    if (writer) {
      for (const e of rescued) writer.event(e);
      if (rescue?.history) writer.history(rescue.history);
      const recovery = recoverInterrupted(events, history, live, Date.now());
      if (recovery) {
        this.#analyst.setConversation(recovery.conversation);
        writer.history(recovery.conversation);
        this.#analyst.append(recovery.events);
      }
      const report = closeInterruptedReport(events, Date.now());
      if (report) this.#analyst.append([report]);
    } else {
      for (const e of liveEvents(events, live)) this.#analyst.follow(e);
      this.#tabs.follow(meta.id, events.length, (l) => this.#reopenAsWriter(meta.id, l));
    }
    const missing = meta.tables.filter((t) => !files.has(t.name));
    if (missing.length)
      this.notice = `Stored data is missing for ${missing.map((t) => t.name).join(', ')}.`;
    await this.refresh();
    if (!readTables) return;
    await this.#workspace.reset();
    void this.#workspace.restore(files);
  }

  #newWriter(sessionId: string, nextSeq: number): SessionWriter {
    return new SessionWriter({
      sessionId,
      store: this.problem ? null : this.#store,
      nextSeq,
      onFail: (e) => (this.problem = storageFailure(e)),
      onWritten: (seq, event) => this.#tabs.announce(sessionId, seq, event),
    });
  }

  /** The writing tab went away: this one writes now, and its last turn may need closing. */
  async #reopenAsWriter(id: string, lock: HeldLock): Promise<void> {
    try {
      const content = this.#store && (await readSession(this.#store, id, this.#files));
      if (!content) return lock.release();
      await this.#activate(content, lock, { readTables: false });
    } catch (e) {
      lock.release();
      this.notice = `The session could not be reopened: ${errorMessage(e)}`;
    }
  }

  async #leave(): Promise<void> {
    await this.#analyst.settle();
    await this.#writer?.flushed();
    this.#writer = null;
    this.#tabs.leave();
  }

  async #blank(): Promise<void> {
    this.currentId = null;
    this.#meta = null;
    this.#files = noFiles();
    this.role = 'writer';
    this.#analyst.readOnly = false;
    this.#workspace.readOnly = false;
    this.#analyst.restore([], emptyConversation());
    writeHash(null);
    await this.#workspace.reset();
    await this.refresh();
  }

  async #create(files: LoadedFile[]): Promise<void> {
    const id = crypto.randomUUID();
    const now = Date.now();
    const meta: SessionMeta = {
      id,
      title: fallbackTitle(files.map((f) => f.file.name)),
      titleSource: 'file',
      createdAt: now,
      updatedAt: now,
      tables: [],
      bytes: { files: 0, events: 0, history: 0 },
      eventCount: 0,
    };
    this.currentId = id;
    this.#meta = meta;
    this.role = 'writer';
    try {
      await this.#tabs.claim(id);
    } catch (e) {
      // Without its lock this tab cannot tell whether another writes the session: keep it here.
      this.problem = `This session cannot be saved (${errorMessage(e)}). Everything works, but nothing is kept when this tab closes.`;
    }
    this.#writer = this.#newWriter(id, 0);
    void this.#writer.write((s) => s.create(meta));
    writeHash(id);
    void requestPersistence().then((p) => (this.persisted = p));
  }

  async #onLoaded(loaded: LoadedFile[]): Promise<void> {
    if (this.role === 'follower') return;
    if (!this.#meta) await this.#create(loaded);
    const meta = this.#meta!;
    const added: StoredTable[] = loaded.map(({ table, file }) => ({
      name: table.name,
      fileId: crypto.randomUUID(),
      fileName: file.name,
      fileBytes: file.size,
    }));
    const kept = meta.tables.filter((t) => !added.some((a) => a.name === t.name));
    for (const { table, file } of loaded) this.#files.set(table.name, file);
    const tables = [...kept, ...added];
    this.#meta = { ...meta, tables };
    const writer = this.#writer;
    for (const [i, t] of added.entries())
      void writer?.write((s) => s.putFile(meta.id, t.fileId, loaded[i]!.file));
    for (const t of meta.tables.filter((t) => !kept.includes(t)))
      void writer?.write((s) => s.deleteFile(meta.id, t.fileId));
    await writer?.write((s) => s.update(meta.id, { tables }));
    await this.refresh();
    this.#tabs.tablesChanged(meta.id);
    this.#tabs.listChanged();
  }

  #onRemoved(name: string): void {
    const meta = this.#meta;
    if (!meta || this.role === 'follower') return;
    const gone = meta.tables.find((t) => t.name === name);
    if (!gone) return;
    const tables = meta.tables.filter((t) => t !== gone);
    this.#meta = { ...meta, tables };
    this.#files.delete(name);
    void this.#writer?.write((s) => s.deleteFile(meta.id, gone.fileId));
    this.#background('The session list could not be updated', async () => {
      await this.#writer?.write((s) => s.update(meta.id, { tables }));
      await this.refresh();
      this.#tabs.tablesChanged(meta.id);
    });
  }

  #onEvent(event: AgentEvent): void {
    this.#writer?.event(event);
    const meta = this.#meta;
    if (!meta) return;
    if (event.type === 'session_update' && meta.titleSource !== 'person')
      void this.#patch(meta.id, { title: event.title, titleSource: 'model' });
    if (event.type === 'done')
      this.#background('The session list could not be updated', async () => {
        await this.#writer?.flushed();
        await this.refresh();
      });
  }

  async #patch(id: string, patch: Pick<SessionMeta, 'title' | 'titleSource'>): Promise<void> {
    if (id === this.#meta?.id) this.#meta = { ...this.#meta, ...patch };
    if (this.#store && !this.problem) {
      try {
        await this.#store.update(id, patch);
      } catch (e) {
        this.notice = `The session could not be renamed: ${errorMessage(e)}`;
      }
    }
    await this.refresh();
    this.#tabs.listChanged();
  }

  async #onListChanged(deleted: string | undefined): Promise<void> {
    if (deleted && deleted === this.currentId) {
      await this.#leave();
      await this.#blank();
      this.notice = 'This session was deleted in another tab.';
    } else await this.refresh();
  }

  async #followTables(id: string): Promise<void> {
    const store = this.#store;
    const meta = await store?.get(id);
    if (!store || !meta || id !== this.currentId) return;
    this.#meta = meta;
    this.#files = await readStoredFiles(store, meta.tables);
    await this.#workspace.reset();
    await this.#workspace.restore(this.#files);
  }

  /** A follower that missed an event reads the stored transcript again. */
  async #catchUp(id: string): Promise<void> {
    const events = await this.#store?.events(id);
    if (!events || id !== this.currentId) return;
    this.#tabs.resume(events.length);
    this.#analyst.restore(events, emptyConversation());
  }
}
