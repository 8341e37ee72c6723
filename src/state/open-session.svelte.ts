/**
 * The session open in this tab: showing it, writing it as it happens (session-writer.ts), and
 * the tables its files became. A session is created when its first file loads. Opening one reads
 * its files into DuckDB again under their table names and shows its transcript; a turn or a
 * report that a reload interrupted is closed. When another tab writes the session, this one
 * shows it read-only (session-follower.ts does the following).
 */
import type { AgentEvent } from '../core/events/events.ts';
import { errorMessage } from '../core/errors.ts';
import { emptyConversation, type Conversation } from '../core/model/conversation.ts';
import { closeInterruptedReport } from '../core/report/write-report.ts';
import type { SessionMeta } from '../core/session/records.ts';
import { liveEvents, recoverInterrupted } from '../core/session/recover.ts';
import { storageFailure } from '../core/session/storage-failure.ts';
import type { Analyst, Recorder } from './analyst.svelte.ts';
import type { Address, HeldLock, RescueSlot } from './ports.ts';
import type { SessionStatus } from './session-status.svelte.ts';
import type { SessionTabs } from './session-tabs.ts';
import { fallbackTitle } from './session-title.ts';
import { rescuedAfter, SessionWriter } from './session-writer.ts';
import {
  noFiles,
  readsOf,
  withLoaded,
  type FilesByTable,
  type SessionContent,
} from './stored-files.ts';
import type { LoadedFile, TableListener, Workspace } from './workspace.svelte.ts';
import { newSessionId, type SessionId } from '../core/ids.ts';

export type Role = 'writer' | 'follower';

export interface OpenSessionDeps {
  status: SessionStatus;
  workspace: Workspace;
  analyst: Analyst;
  tabs: SessionTabs;
  rescue: RescueSlot;
  address: Address;
  /** Reads the session list again (after anything that changes what it shows). */
  refresh(): Promise<void>;
  /** Asks the browser to keep the sessions (the first time one is created). */
  requestPersistence(): void;
  /** Follows the session another tab writes, from event `next`, taking over when it can. */
  follow(sessionId: SessionId, next: number): void;
}

export class OpenSession implements Recorder, TableListener {
  id = $state<SessionId | null>(null);
  role = $state<Role>('writer');
  meta = $state.raw<SessionMeta | null>(null);
  #files: FilesByTable = noFiles();
  #writer: SessionWriter | null = null;
  readonly #d: OpenSessionDeps;

  constructor(deps: OpenSessionDeps) {
    this.#d = deps;
  }

  get files(): FilesByTable {
    return this.#files;
  }

  set files(files: FilesByTable) {
    this.#files = files;
  }

  /** What storage has not confirmed yet, for the page's last moment (pagehide). */
  rescue(): void {
    this.#d.rescue.save(this.#writer?.rescue() ?? null);
  }

  /** Shows `content`; with `lock` this tab writes it, without it this tab follows another. */
  async activate(
    content: SessionContent,
    lock: HeldLock | null,
    { readTables = true } = {},
  ): Promise<void> {
    const { analyst, workspace } = this.#d;
    const { meta, files } = content;
    let { events, history, live } = content;
    this.#setRole(lock ? 'writer' : 'follower');
    this.id = meta.id;
    this.meta = meta;
    this.#files = files;
    this.#d.address.write(meta.id);
    const stored = events.length;
    const rescue = lock ? this.#d.rescue.take(meta.id) : null;
    let rescued: AgentEvent[] = [];
    if (rescue) {
      rescued = rescuedAfter(rescue, stored);
      events = [...events, ...rescued];
      live = rescue.live ?? live;
      history = rescue.history ?? history;
    }
    const writer = lock ? this.#newWriter(meta.id, stored) : null;
    this.#writer = writer;
    analyst.restore(events, history ?? emptyConversation());
    if (writer) {
      for (const e of rescued) writer.event(e);
      if (rescue?.history) writer.history(rescue.history);
      const recovery = recoverInterrupted(events, history, live, Date.now());
      if (recovery) {
        analyst.setConversation(recovery.conversation);
        writer.history(recovery.conversation);
        analyst.append(recovery.events);
      }
      const report = closeInterruptedReport(events, Date.now());
      if (report) analyst.append([report]);
    } else {
      for (const e of liveEvents(events, live)) analyst.follow(e);
      this.#d.follow(meta.id, events.length);
    }
    const missing = meta.tables.filter((t) => !files.has(t.name));
    if (missing.length)
      this.#d.status.notice = `Stored data is missing for ${missing.map((t) => t.name).join(', ')}.`;
    await this.#d.refresh();
    if (!readTables) return;
    await workspace.reset();
    void workspace.restore(files, readsOf(meta.tables));
  }

  /** Lets go of the session: its turn stopped, its writes finished, its lock released. */
  async leave(): Promise<void> {
    await this.#d.analyst.settle();
    await this.#writer?.flushed();
    this.#writer = null;
    this.#d.tabs.leave();
  }

  /** A blank page for another file; the session left stays stored. */
  async blank(): Promise<void> {
    this.id = null;
    this.meta = null;
    this.#files = noFiles();
    this.#setRole('writer');
    this.#d.analyst.restore([], emptyConversation());
    this.#d.address.write(null);
    await this.#d.workspace.reset();
    await this.#d.refresh();
  }

  /** Sets the title (the person's or the model's) in the page and in storage. */
  async retitle(id: SessionId, patch: Pick<SessionMeta, 'title' | 'titleSource'>): Promise<void> {
    if (id === this.meta?.id) this.meta = { ...this.meta, ...patch };
    const store = this.#d.status.writable;
    if (store) {
      try {
        await store.update(id, patch);
      } catch (e) {
        this.#d.status.notice = `The session could not be renamed: ${errorMessage(e)}`;
      }
    }
    await this.#d.refresh();
    this.#d.tabs.listChanged();
  }

  // Recorder: where the analyst's events and history go.

  event(event: AgentEvent): void {
    this.#writer?.event(event);
    const meta = this.meta;
    if (!meta) return;
    if (event.type === 'session_update' && meta.titleSource !== 'person')
      void this.retitle(meta.id, { title: event.title, titleSource: 'model' });
    if (event.type === 'done')
      this.#d.status.background('The session list could not be updated', async () => {
        await this.#writer?.flushed();
        await this.#d.refresh();
      });
  }

  transient(event: AgentEvent): void {
    this.#writer?.transient(event);
    if (this.id) this.#d.tabs.announce(this.id, null, event);
  }

  history(conversation: Conversation): void {
    this.#writer?.history(conversation);
  }

  // TableListener: the person's files became tables, or a table was removed.

  loaded(loaded: LoadedFile[]): void {
    this.#d.status.background('The session could not be saved', () => this.#addTables(loaded));
  }

  removed(name: string): void {
    const meta = this.meta;
    if (!meta || this.role === 'follower') return;
    const gone = meta.tables.find((t) => t.name === name);
    if (!gone) return;
    const tables = meta.tables.filter((t) => t !== gone);
    this.meta = { ...meta, tables };
    this.#files.delete(name);
    // Another sheet of the same workbook may still be read from it.
    if (!tables.some((t) => t.fileId === gone.fileId))
      void this.#writer?.write((s) => s.deleteFile(meta.id, gone.fileId));
    this.#d.status.background('The session list could not be updated', async () => {
      await this.#writer?.write((s) => s.update(meta.id, { tables }));
      await this.#d.refresh();
      this.#d.tabs.tablesChanged(meta.id);
    });
  }

  async #addTables(loaded: LoadedFile[]): Promise<void> {
    if (this.role === 'follower') return;
    if (!this.meta) await this.#create(loaded);
    const meta = this.meta!;
    const { tables, put, unused } = withLoaded(meta.tables, loaded, this.#files);
    for (const { table, file } of loaded) this.#files.set(table.name, file);
    this.meta = { ...meta, tables };
    const writer = this.#writer;
    for (const [id, file] of put) void writer?.write((s) => s.putFile(meta.id, id, file));
    for (const id of unused) void writer?.write((s) => s.deleteFile(meta.id, id));
    await writer?.write((s) => s.update(meta.id, { tables }));
    await this.#d.refresh();
    this.#d.tabs.tablesChanged(meta.id);
    this.#d.tabs.listChanged();
  }

  async #create(files: LoadedFile[]): Promise<void> {
    const id = newSessionId();
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
    this.id = id;
    this.meta = meta;
    this.role = 'writer';
    try {
      await this.#d.tabs.claim(id);
    } catch (e) {
      // Without its lock this tab cannot tell whether another writes the session: keep it here.
      this.#d.status.problem = `This session cannot be saved (${errorMessage(e)}). Everything works, but nothing is kept when this tab closes.`;
    }
    this.#writer = this.#newWriter(id, 0);
    void this.#writer.write((s) => s.create(meta));
    this.#d.address.write(id);
    this.#d.requestPersistence();
  }

  #newWriter(sessionId: SessionId, nextSeq: number): SessionWriter {
    return new SessionWriter({
      sessionId,
      store: this.#d.status.writable,
      nextSeq,
      onFail: (e) => (this.#d.status.problem = storageFailure(e)),
      onWritten: (seq, event) => this.#d.tabs.announce(sessionId, seq, event),
    });
  }

  /** A follower shows the session and cannot change it: no questions, no files. */
  #setRole(role: Role): void {
    this.role = role;
    this.#d.analyst.readOnly = role === 'follower';
    this.#d.workspace.readOnly = role === 'follower';
  }
}
