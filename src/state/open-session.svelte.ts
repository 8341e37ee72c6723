/**
 * The session open in this tab: what it is (meta), its files, and the scope of what lives as long
 * as it is shown — its log, the analyst running its turns, the SQL box, kept charts and rows
 * (session-scope.svelte.ts), made anew whenever another log is shown and the one before disposed of. A session is created
 * when its first file loads. Opening one shows its log (Sessions then reads its files into DuckDB
 * again under their table names); a turn or a report that a reload interrupted is closed. A writer's log
 * is written as it grows (session-writer.ts listens to it) and announced to the other tabs; when
 * another tab writes the session, this one shows it through a follower's log, read-only
 * (session-follower.ts feeds it). The workspace reports the person's loads here.
 */
import type { AgentEvent } from '../core/events/events.ts';
import { errorMessage } from '../core/errors.ts';
import { emptyConversation } from '../core/model/conversation.ts';
import { closeInterruptedReport } from '../core/report/write-report.ts';
import type { SessionMeta } from '../core/session/records.ts';
import { liveEvents, recoverInterrupted } from '../core/session/recover.ts';
import { storageFailure } from '../core/session/storage-failure.ts';
import type { Address, HeldLock, RescueSlot } from './ports.ts';
import type { SessionList } from './session-list.svelte.ts';
import { SessionLog, type Role } from './session-log.svelte.ts';
import type { SessionStatus } from './session-status.svelte.ts';
import type { SessionTabs } from './session-tabs.ts';
import { createSession, type ScopeDeps, type SessionScope } from './session-scope.svelte.ts';
import { fallbackTitle } from './session-title.ts';
import { rescuedAfter, SessionWriter } from './session-writer.ts';
import { noFiles, withLoaded, type FilesByTable, type SessionContent } from './stored-files.ts';
import type { LoadedFile, Workspace } from './workspace.svelte.ts';
import { newSessionId, type SessionId } from '../core/ids.ts';
import { withCallLines } from '../core/tools/call-lines.ts';

export type { Role };

export interface OpenSessionDeps {
  status: SessionStatus;
  /** Reports the person's loads and removals here (what it holds is set by Sessions). */
  workspace: Pick<Workspace, 'listen'>;
  /** What each scope is built with (session-scope.svelte.ts). */
  scope: ScopeDeps;
  list: SessionList;
  tabs: SessionTabs;
  rescue: RescueSlot;
  address: Address;
}

export class OpenSession {
  id = $state<SessionId | null>(null);
  meta = $state.raw<SessionMeta | null>(null);
  #files: FilesByTable = noFiles();
  #writer: SessionWriter | null = null;
  /** Stops the writer and the announcer listening to the log: the session is let go. */
  #unlisten: Array<() => void> = [];
  readonly #d: OpenSessionDeps;
  /** What lives as long as the session is shown; a blank page's until a file makes it one. */
  scope = $state.raw<SessionScope>() as SessionScope;

  constructor(deps: OpenSessionDeps) {
    this.#d = deps;
    this.scope = createSession(new SessionLog('writer'), deps.scope);
    deps.workspace.listen({
      loaded: (loaded) =>
        deps.status.background('The session could not be saved', () => this.#addTables(loaded)),
      removed: (name) => this.#removed(name),
    });
  }

  /** The log shown: this session's. */
  get log(): SessionLog {
    return this.scope.log;
  }

  /** Shows `log` in a scope of its own; the scope shown before is disposed of. */
  #show(log: SessionLog): void {
    if (log === this.scope.log) return;
    this.scope.dispose();
    this.scope = createSession(log, this.#d.scope);
  }

  /** A stored call gets the line its tool writes (tools/call-lines.ts). */
  #stored(events: readonly AgentEvent[]): AgentEvent[] {
    return withCallLines(events, this.#d.scope.tools);
  }

  get role(): Role {
    return this.log.role;
  }

  /** Reads the list again, with this session as this tab holds it (session-list.svelte.ts). */
  async refresh(): Promise<void> {
    const { list, status } = this.#d;
    const stored = await list.refresh(() => this.meta);
    // The session may have been left while the list was read: take only its own record.
    if (stored && stored.id === this.meta?.id && !status.problem) this.meta = stored;
  }

  get files(): FilesByTable {
    return this.#files;
  }

  /**
   * The session as stored after its writer changed its tables (read by a follower, which shows
   * what another tab writes): its record and files, for the tables to be shown again.
   */
  storedAs(meta: SessionMeta, files: FilesByTable): void {
    if (meta.id !== this.id || this.role !== 'follower') return;
    this.meta = meta;
    this.#files = files;
  }

  /** What storage has not confirmed yet, for the page's last moment (pagehide). */
  rescue(): void {
    this.#d.rescue.save(this.#writer?.rescue() ?? null);
  }

  /**
   * Shows `content` at once; with `lock` this tab writes it, without it this tab follows another:
   * then it returns the position of the next event to follow from (session-follower.ts), else
   * null. Synchronous, so that following can begin before any event of the writer is heard;
   * `readIn` reads its tables after.
   */
  show(content: SessionContent, lock: HeldLock | null): number | null {
    const { meta, files } = content;
    let { events, history, live } = content;
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
    const log = new SessionLog(
      lock ? 'writer' : 'follower',
      this.#stored(events),
      history ?? emptyConversation(),
    );
    let following: number | null = null;
    if (lock) {
      const writer = this.#newWriter(meta.id, stored);
      for (const e of rescued) writer.event(e);
      if (rescue?.history) writer.history(rescue.history);
      this.#write(log, writer);
      const recovery = recoverInterrupted(events, history, live, Date.now());
      if (recovery) {
        log.recordHistory(recovery.conversation);
        for (const e of recovery.events) log.record(e);
      }
      const report = closeInterruptedReport(events, Date.now());
      if (report) log.record(report);
    } else {
      this.#stopWriting();
      for (const e of liveEvents(events, live)) log.follow(e);
      following = events.length;
    }
    this.#show(log);
    return following;
  }

  /**
   * After `show`: a file the session lost is named, and the list read again. Its tables are read
   * into the workspace by whoever opened it (Sessions, the follower): this object hears of the
   * workspace's loads and does not command it.
   */
  async readIn(): Promise<void> {
    const meta = this.meta;
    if (!meta) return;
    const files = this.#files;
    const missing = meta.tables.filter((t) => !files.has(t.name));
    if (missing.length)
      this.#d.status.notice = `Stored data is missing for ${missing.map((t) => t.name).join(', ')}.`;
    await this.refresh();
  }

  /** A follower that missed an event shows the stored transcript again. */
  caughtUp(events: readonly AgentEvent[]): void {
    this.#show(new SessionLog('follower', this.#stored(events)));
  }

  /**
   * Lets go of the session: its turn stopped, its writes finished, `before` done (the workspace
   * emptied, its database file let go of), its lock released — so that a tab that opens the
   * session next finds its file free.
   */
  async leave(before?: () => Promise<void>): Promise<void> {
    await this.scope.analyst.settle();
    await this.#writer?.flushed();
    // Without its lock this tab must not write the session, even if it stays shown (an open
    // that then failed): what is asked there is kept in the page only, as before the lock.
    this.#stopWriting();
    try {
      await before?.();
    } finally {
      this.#d.tabs.leave();
    }
  }

  /** A blank page for another file (the caller empties the workspace); the session left stays stored. */
  async blank(): Promise<void> {
    this.id = null;
    this.meta = null;
    this.#files = noFiles();
    this.#stopWriting();
    this.#show(new SessionLog('writer'));
    this.#d.address.write(null);
    await this.refresh();
  }

  /**
   * Records the database file the session's tables are in now, after they were brought back
   * (rebuilt in another file, or read into memory): the next reopening looks there.
   */
  async keptIn(id: SessionId, database: string | null): Promise<void> {
    const meta = this.meta;
    if (meta?.id !== id || this.role !== 'writer' || (meta.database ?? null) === database) return;
    this.meta = { ...meta, database };
    await this.#writer?.write((s) => s.update(meta.id, { database }));
  }

  /** Sets the title (the person's or the model's) in the page and in storage. */
  async retitle(id: SessionId, patch: Pick<SessionMeta, 'title' | 'titleSource'>): Promise<void> {
    if (id === this.meta?.id) this.meta = { ...this.meta, ...patch };
    const store = this.#d.status.writable;
    if (store) {
      try {
        // The person's new name moves the session nowhere; the model's comes with its work.
        await store.update(id, patch, patch.titleSource !== 'person');
      } catch (e) {
        this.#d.status.notice = `The session could not be renamed: ${errorMessage(e)}`;
      }
    }
    await this.refresh();
    this.#d.tabs.listChanged();
  }

  /**
   * The writer's log, written as it grows: events and history to storage, streaming to the other
   * tabs (stored events are announced once written), a title or a finished turn to the list.
   */
  #write(log: SessionLog, writer: SessionWriter): void {
    this.#stopWriting();
    this.#writer = writer;
    const sessionId = writer.sessionId;
    this.#unlisten.push(log.listen(writer));
    const announced = log.listen({
      transient: (event) => this.#d.tabs.announce(sessionId, null, event),
      event: (event) => {
        const meta = this.meta;
        if (!meta || meta.id !== sessionId) return;
        if (event.type === 'session_update' && meta.titleSource !== 'person')
          void this.retitle(meta.id, { title: event.title, titleSource: 'model' });
        if (event.type === 'done')
          this.#d.status.background('The session list could not be updated', async () => {
            await writer.flushed();
            await this.refresh();
          });
      },
    });
    this.#unlisten.push(announced);
  }

  #removed(name: string): void {
    const meta = this.meta;
    if (!meta || this.role === 'follower') return;
    const gone = meta.tables.find((t) => t.name === name);
    if (!gone) return;
    const tables = meta.tables.filter((t) => t !== gone);
    // With no table left there is nothing to keep: the file goes at the next reset.
    const database = tables.length ? (meta.database ?? null) : null;
    this.meta = { ...meta, tables, database };
    this.#files.delete(name);
    // Another sheet of the same workbook may still be read from it.
    if (!tables.some((t) => t.fileId === gone.fileId))
      void this.#writer?.write((s) => s.deleteFile(meta.id, gone.fileId));
    this.#d.status.background('The session list could not be updated', async () => {
      await this.#writer?.write((s) => s.update(meta.id, { tables, database }));
      await this.refresh();
      this.#d.tabs.tablesChanged(meta.id);
    });
  }

  async #addTables(loaded: LoadedFile[]): Promise<void> {
    if (this.role === 'follower') return;
    if (!this.meta) await this.#create(loaded);
    const meta = this.meta!;
    const { tables, put, unused } = withLoaded(meta.tables, loaded, this.#files);
    for (const { table, file } of loaded) this.#files.set(table.name, file);
    // Every table is where the latest load put its own: a load past FILE_AT moves them all to a
    // database file (workers/resilient-engine.ts).
    const database = loaded.find((l) => l.table.database)?.table.database ?? null;
    this.meta = { ...meta, tables, database };
    const writer = this.#writer;
    for (const [id, file] of put) void writer?.write((s) => s.putFile(meta.id, id, file));
    for (const id of unused) void writer?.write((s) => s.deleteFile(meta.id, id));
    await writer?.write((s) => s.update(meta.id, { tables, database }));
    await this.refresh();
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
    try {
      await this.#d.tabs.claim(id);
    } catch (e) {
      // Without its lock this tab cannot tell whether another writes the session: keep it here.
      this.#d.status.problem = `This session cannot be saved (${errorMessage(e)}). Everything works, but nothing is kept when this tab closes.`;
    }
    // The blank page's log becomes the new session's: a writer's, written from now on.
    const writer = this.#newWriter(id, 0);
    const log = this.log.role === 'writer' ? this.log : new SessionLog('writer');
    this.#show(log);
    this.#write(log, writer);
    void writer.write((s) => s.create(meta));
    this.#d.address.write(id);
    this.#d.list.requestPersistence();
  }

  /** The writer and the announcer stop listening to the log; nothing more is stored. */
  #stopWriting(): void {
    for (const stop of this.#unlisten.splice(0)) stop();
    this.#writer = null;
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
}
