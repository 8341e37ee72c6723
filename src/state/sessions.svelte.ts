/**
 * The person's sessions: the list, the one open in this tab, and keeping it saved. A session is
 * created when its first file loads; from then on its files, events and history are written as
 * they happen (session-writer.ts). Opening one reads its files into DuckDB again under their table
 * names and shows its transcript. One tab writes a session at a time (session-lock.ts); another
 * tab on the same session follows it read-only until the writer goes away.
 */
import { openChannel, type ChannelMessage } from '../adapters/session-channel.ts';
import { tryLock, waitForLock, type HeldLock } from '../adapters/session-lock.ts';
import { saveRescue, takeRescue } from '../adapters/rescue-store.ts';
import { requestPersistence, storageFailure, storageFigures } from '../adapters/storage.ts';
import { emptyConversation, type Conversation } from '../core/agent/history.ts';
import type { AgentEvent } from '../core/events/events.ts';
import { errorMessage } from '../core/errors.ts';
import type { LiveDraft, SessionMeta, StoredTable } from '../core/session/records.ts';
import { totalBytes } from '../core/session/records.ts';
import { recoverInterrupted, unfinishedTurn } from '../core/session/recover.ts';
import type { SessionStore } from '../core/session/store.ts';
import type { Analyst } from './analyst.svelte.ts';
import { contiguousFrom, fallbackTitle, readHash, writeHash } from './session-title.ts';
import { SessionWriter } from './session-writer.ts';
import { noFiles, readStoredFiles, type FilesByTable } from './stored-files.ts';
import type { LoadedFile, Workspace } from './workspace.svelte.ts';

export type Role = 'writer' | 'follower';

/** A session as it is opened: from the store, or straight from an imported file. */
export interface SessionContent {
  meta: SessionMeta;
  events: AgentEvent[];
  history: Conversation | undefined;
  live: LiveDraft | undefined;
  files: FilesByTable;
}

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
  #lock: HeldLock | null = null;
  #waiting: AbortController | null = null;
  #followSeq = 0;
  readonly #channel = openChannel((m) => void this.#onMessage(m));
  readonly #workspace: Workspace;
  readonly #analyst: Analyst;

  constructor(workspace: Workspace, analyst: Analyst) {
    this.#workspace = workspace;
    this.#analyst = analyst;
    workspace.onLoaded = (loaded) => void this.#onLoaded(loaded);
    workspace.onRemoved = (name) => this.#onRemoved(name);
    addEventListener('pagehide', () => saveRescue(this.#writer?.rescue() ?? null));
    analyst.recorder = {
      event: (e) => this.#onEvent(e),
      transient: (e) => {
        this.#writer?.transient(e);
        if (this.currentId)
          this.#channel.post({ type: 'event', sessionId: this.currentId, seq: null, event: e });
      },
      history: (c) => this.#writer?.history(c),
    };
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
    await this.refresh();
    const wanted = readHash() ?? this.list[0]?.id;
    if (wanted && this.list.some((s) => s.id === wanted)) await this.open(wanted);
    this.started = true;
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
      const store = this.#store;
      const meta = await store.get(id);
      if (!meta) {
        this.notice = 'That session is no longer stored.';
        await this.#blank();
        return;
      }
      const [events, history, live, files] = await Promise.all([
        store.events(id),
        store.history(id),
        store.live(id),
        readStoredFiles(store, meta.tables),
      ]);
      await this.#activate({ meta, events, history, live, files }, await tryLock(id));
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
    this.#channel.post({ type: 'list', deleted: id });
  }

  /** Brings in a session that was read from an export file (see session-transfer.ts). */
  async adopt(content: SessionContent): Promise<void> {
    const store = this.#store;
    if (!store || this.problem) {
      await this.#leave();
      await this.#activate(content, await tryLock(content.meta.id));
      return;
    }
    const { meta, events, history, files } = content;
    try {
      await store.create({ ...meta, tables: [], bytes: { files: 0, events: 0, history: 0 } });
      for (const t of meta.tables) await store.putFile(meta.id, t.fileId, files.get(t.name)!);
      await store.update(meta.id, { tables: meta.tables });
      for (const [seq, e] of events.entries()) await store.appendEvent(meta.id, seq, e);
      if (history) await store.saveHistory(meta.id, history);
    } catch (e) {
      // Half a session is worse than none: drop it, and keep the import in this tab only.
      await store.delete(meta.id).catch(() => undefined);
      this.problem = storageFailure(e);
      await this.#leave();
      await this.#activate(content, await tryLock(meta.id));
      return;
    }
    await this.refresh();
    this.#channel.post({ type: 'list' });
    await this.open(meta.id);
  }

  async #activate(
    content: SessionContent,
    lock: HeldLock | null,
    { readTables = true } = {},
  ): Promise<void> {
    const { meta, files } = content;
    let { events, history, live } = content;
    this.#lock = lock;
    this.role = lock ? 'writer' : 'follower';
    this.#analyst.readOnly = !lock;
    this.currentId = meta.id;
    this.#meta = meta;
    this.#files = files;
    writeHash(meta.id);
    const stored = events.length;
    const rescue = lock ? takeRescue(meta.id) : null;
    let rescued: AgentEvent[] = [];
    if (rescue) {
      rescued = contiguousFrom(rescue.events, stored);
      events = [...events, ...rescued];
      live = rescue.live ?? live;
      history = rescue.history ?? history;
    }
    this.#followSeq = events.length;
    this.#writer = lock ? this.#newWriter(meta.id, stored) : null;
    this.#analyst.restore(events, history ?? emptyConversation());
    if (lock) {
      for (const e of rescued) this.#writer?.event(e);
      if (rescue?.history) this.#writer?.history(rescue.history);
      const recovery = recoverInterrupted(events, history, live, Date.now());
      if (recovery) {
        this.#analyst.setConversation(recovery.conversation);
        this.#writer?.history(recovery.conversation);
        this.#analyst.append(recovery.events);
      }
    } else {
      this.#showLive(events, live);
      this.#waitToWrite(meta.id);
    }
    const missing = meta.tables.filter((t) => !files.has(t.name));
    if (missing.length)
      this.notice = `Stored data is missing for ${missing.map((t) => t.name).join(', ')}.`;
    await this.refresh();
    if (!readTables) return;
    await this.#workspace.reset();
    void this.#workspace.restore([...files].map(([name, file]) => ({ name, file })));
  }

  /** A follower opening mid-turn shows what the writer had streaming. */
  #showLive(events: AgentEvent[], live: LiveDraft | undefined): void {
    const turn = unfinishedTurn(events);
    if (!turn || live?.turnId !== turn.turnId) return;
    const { turnId } = turn;
    if (live.reasoning)
      this.#analyst.follow({ type: 'reasoning_delta', turnId, ...live.reasoning });
    if (live.answer) this.#analyst.follow({ type: 'answer_draft', turnId, ...live.answer });
  }

  #newWriter(sessionId: string, nextSeq: number): SessionWriter {
    return new SessionWriter({
      sessionId,
      store: this.problem ? null : this.#store,
      nextSeq,
      onFail: (e) => (this.problem = storageFailure(e)),
      onWritten: (seq, event) => this.#channel.post({ type: 'event', sessionId, seq, event }),
    });
  }

  /** Waits for the writing tab to go, then takes over: its last turn may need closing. */
  #waitToWrite(id: string): void {
    const waiting = new AbortController();
    this.#waiting = waiting;
    void waitForLock(id, waiting.signal).then(async (lock) => {
      if (!lock) return;
      if (this.currentId !== id || waiting.signal.aborted) return lock.release();
      this.#waiting = null;
      this.#lock = null;
      await this.#reopenAsWriter(id, lock);
    });
  }

  async #reopenAsWriter(id: string, lock: HeldLock): Promise<void> {
    const store = this.#store;
    if (!store) return lock.release();
    try {
      const meta = await store.get(id);
      if (!meta) return lock.release();
      const [events, history, live] = await Promise.all([
        store.events(id),
        store.history(id),
        store.live(id),
      ]);
      await this.#activate({ meta, events, history, live, files: this.#files }, lock, {
        readTables: false,
      });
    } catch (e) {
      lock.release();
      this.notice = `The session could not be reopened: ${errorMessage(e)}`;
    }
  }

  async #leave(): Promise<void> {
    await this.#analyst.settle();
    await this.#writer?.flushed();
    this.#writer = null;
    this.#waiting?.abort();
    this.#waiting = null;
    this.#lock?.release();
    this.#lock = null;
  }

  async #blank(): Promise<void> {
    this.currentId = null;
    this.#meta = null;
    this.#files = noFiles();
    this.role = 'writer';
    this.#analyst.readOnly = false;
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
    this.#lock = await tryLock(id);
    this.currentId = id;
    this.#meta = meta;
    this.role = 'writer';
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
    this.#channel.post({ type: 'tables', sessionId: meta.id });
    this.#channel.post({ type: 'list' });
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
    void this.#writer
      ?.write((s) => s.update(meta.id, { tables }))
      .then(() => this.refresh())
      .then(() => this.#channel.post({ type: 'tables', sessionId: meta.id }));
  }

  #onEvent(event: AgentEvent): void {
    this.#writer?.event(event);
    const meta = this.#meta;
    if (!meta) return;
    if (event.type === 'session_update' && meta.titleSource !== 'person')
      void this.#patch(meta.id, { title: event.title, titleSource: 'model' });
    if (event.type === 'done') void this.#writer?.flushed().then(() => this.refresh());
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
    this.#channel.post({ type: 'list' });
  }

  async #onMessage(m: ChannelMessage): Promise<void> {
    if (m.type === 'list') {
      if (m.deleted && m.deleted === this.currentId) {
        await this.#leave();
        await this.#blank();
        this.notice = 'This session was deleted in another tab.';
      } else await this.refresh();
      return;
    }
    if (m.sessionId !== this.currentId || this.role !== 'follower') return;
    if (m.type === 'tables') {
      const store = this.#store;
      const meta = await store?.get(m.sessionId);
      if (!store || !meta) return;
      this.#meta = meta;
      this.#files = await readStoredFiles(store, meta.tables);
      await this.#workspace.reset();
      await this.#workspace.restore([...this.#files].map(([name, file]) => ({ name, file })));
      return;
    }
    if (m.seq === null) this.#analyst.follow(m.event);
    else if (m.seq === this.#followSeq) {
      this.#followSeq++;
      this.#analyst.follow(m.event);
    } else if (m.seq > this.#followSeq) await this.#catchUp(m.sessionId);
  }

  /** A follower that missed an event reads the stored transcript again. */
  async #catchUp(id: string): Promise<void> {
    const events = await this.#store?.events(id);
    if (!events || id !== this.currentId) return;
    this.#followSeq = events.length;
    this.#analyst.restore(events, emptyConversation());
  }
}
