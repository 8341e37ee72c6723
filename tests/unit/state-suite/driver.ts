/**
 * The state suite's one door into the app: a tab of the fake browser (tests/helpers/state-tabs.ts)
 * running `createApp`, driven with what a person does (load a file, ask, open, start anew,
 * rename, delete, export, import, close or reload the tab) and read for what the page shows (the
 * list, the open session, whether it is read-only, the turns' questions and answers, the tables,
 * the notice). Every reach into the app's objects is here and nowhere else in the suite, so that
 * a refactor of src/state/ changes this file only, and the tests keep saying the same things.
 */
import { createApp, type SiftApp } from '../../../src/app.ts';
import { exportSession, importSession } from '../../../src/state/session-transfer.ts';
import type { BrowserTab, FakeBrowser, TabCarry } from '../../helpers/state-tabs.ts';
import { ScriptedModel, type ScriptStep } from '../../helpers/scripted-model.ts';
import { TEST_SETTINGS, until } from '../../helpers/test-platform.ts';

export { FakeBrowser } from '../../helpers/state-tabs.ts';
export { until };

/** What the session list shows of one session. */
export interface Listed {
  id: string;
  title: string;
}

/** A scripted model that answers each question, in order, with plain text that ends the turn. */
export const answering = (...answers: string[]): ScriptStep[] => answers.map((text) => ({ text }));

export class Tab {
  readonly #app: SiftApp;
  readonly #tab: BrowserTab;
  readonly #browser: FakeBrowser;
  readonly model: ScriptedModel;
  #asked = false;

  private constructor(browser: FakeBrowser, tab: BrowserTab, model: ScriptedModel) {
    this.#browser = browser;
    this.#tab = tab;
    this.model = model;
    this.#app = createApp(tab.platform);
    // The person's key, for the analyst to run (kept in this page only).
    this.#app.settings.save(TEST_SETTINGS);
  }

  /** Opens a tab of `browser` (its start done: the session its address names, or the latest). */
  static async open(
    browser: FakeBrowser,
    { replies = [], carry }: { replies?: ScriptStep[]; carry?: TabCarry } = {},
  ): Promise<Tab> {
    const model = new ScriptedModel(replies);
    const tab = new Tab(browser, browser.tab({ model, carry }), model);
    await until(() => tab.#app.sessions.started);
    await tab.#app.sessions.ready();
    return tab;
  }

  /** The same tab reloaded: the page goes, and comes back on the same address. */
  async reload({ replies = [] }: { replies?: ScriptStep[] } = {}): Promise<Tab> {
    this.close();
    return Tab.open(this.#browser, { replies, carry: this.#tab.carry });
  }

  /** This tab's number in the fake browser: its engine answers SQL with `tab <number>`. */
  get number(): number {
    return this.#tab.number;
  }

  /** The person closes the tab. */
  close(): void {
    this.#tab.close();
  }

  // What the person does.

  /** Drops a file; if the page asks where it goes, answers `into`. Waits until it is stored. */
  async loadFile(name: string, text: string, into: 'add' | 'new' = 'add'): Promise<void> {
    const { intake, sessions } = this.#app;
    await intake.take([new File([text], name, { type: 'text/csv' })]);
    if (intake.waiting) await intake.choose(into, false);
    await until(() => {
      const open = sessions.stored.items.find((s) => s.id === sessions.active.id);
      return !!open?.tables.some((t) => t.fileName === name);
    });
  }

  /**
   * Drops a file, answering `into` if the page asks where it goes, and does not wait for it to
   * be stored (a read-only tab refuses it).
   */
  async dropFile(name: string, text: string, into: 'add' | 'new' = 'add'): Promise<void> {
    const { intake } = this.#app;
    await intake.take([new File([text], name, { type: 'text/csv' })]);
    this.#asked = intake.waiting !== null;
    if (intake.waiting) await intake.choose(into, false);
  }

  /** Whether the last file dropped made the page ask "Add to this session / New session". */
  asked(): boolean {
    return this.#asked;
  }

  /** Asks a question; resolves once the turn has ended and (in a writing tab) is stored. */
  async ask(question: string): Promise<void> {
    const { sessions } = this.#app;
    const { analyst } = this.#app.scope;
    await analyst.ask(question);
    if (sessions.active.role !== 'writer' || !sessions.active.id) return;
    await until(
      () =>
        sessions.stored.items.find((s) => s.id === sessions.active.id)?.eventCount ===
        sessions.active.log.events.length,
    );
  }

  /** Asks a question and returns while its turn still runs (the model has not answered yet). */
  async startAsking(question: string): Promise<void> {
    void this.#app.scope.analyst.ask(question);
    await until(() => this.turnRunning());
  }

  async openSession(id: string): Promise<void> {
    await this.#app.sessions.open(id as never);
    await this.#app.sessions.ready();
  }

  async newSession(): Promise<void> {
    await this.#app.sessions.newSession();
  }

  /**
   * Clicks New session and returns at once, as a person does who goes straight on to the next
   * click; the page is emptied while the switch still runs.
   */
  startNewSession(): void {
    void this.#app.sessions.newSession();
  }

  /** Clicks "Try the sample" (its file is the fake platform's weather.csv), without waiting. */
  clickSample(): void {
    void this.#app.intake.takeSample();
  }

  /** Removes a table (its Remove button), and waits until the session has stored that. */
  async removeTable(name: string): Promise<void> {
    const { workspace, sessions } = this.#app;
    await workspace.removeTable(name);
    await until(() => {
      const open = sessions.stored.items.find((s) => s.id === sessions.active.id);
      return !!open && !open.tables.some((t) => t.name === name);
    });
  }

  async rename(id: string, title: string): Promise<void> {
    await this.#app.sessions.rename(id as never, title);
  }

  async deleteSession(id: string): Promise<void> {
    await this.#app.sessions.delete(id as never);
    // The person lets the Undo notice pass: the delete is carried out.
    await this.#app.sessions.deletes.finish();
  }

  /** Deletes a session and leaves its Undo notice showing. */
  async startDelete(id: string): Promise<void> {
    await this.#app.sessions.delete(id as never);
  }

  /** The notice's Undo. */
  async undoDelete(): Promise<void> {
    await this.#app.sessions.undoDelete();
  }

  /** What the Undo notice says of the deleted session (null: no notice). */
  undoOffered(): string | null {
    return this.#app.sessions.deletes.pending?.title ?? null;
  }

  /** The open session as the export button gives it: a file with its name. */
  async exportSession(): Promise<File> {
    const { blob, fileName } = exportSession(this.#app.sessions.active);
    return new File([await blob.arrayBuffer()], fileName);
  }

  /** A file chosen with "Import": resolves once it is read, stored and opened (or refused). */
  async importSession(file: File): Promise<void> {
    await importSession(this.#app.sessions, file);
    await this.#app.sessions.ready();
  }

  // What the page shows.

  list(): Listed[] {
    return this.#app.sessions.stored.items.map((s) => ({ id: s.id, title: s.title }));
  }

  titles(): string[] {
    return this.list().map((s) => s.title);
  }

  /** The open session's id; null on a blank page. */
  currentId(): string | null {
    return this.#app.sessions.active.id;
  }

  currentTitle(): string | null {
    return this.#app.sessions.active.meta?.title ?? null;
  }

  /** Another tab writes this session: no questions, no files here. */
  readOnly(): boolean {
    return this.#app.sessions.active.role === 'follower';
  }

  /** Whether the ask box would take a question now. */
  canAsk(): boolean {
    return !this.#app.scope.analyst.readOnly && !this.#app.scope.analyst.running;
  }

  /** The questions of the turns shown, in order. */
  questions(): string[] {
    return this.#app.scope.analyst.view.turns.flatMap((t) =>
      t.question === null ? [] : [t.question],
    );
  }

  /** The answers shown: each turn's final text, in order. */
  answers(): string[] {
    return this.#app.scope.analyst.view.turns.map((t) =>
      t.items.flatMap((i) => (i.type === 'text' && !i.draft ? [i.text] : [])).join('\n'),
    );
  }

  /** How each turn shown ended ('done', 'stopped', 'error', …), or 'running'. */
  turnStates(): string[] {
    return this.#app.scope.analyst.view.turns.map((t) => t.state);
  }

  /** Whether a turn is still running in this tab's view. */
  turnRunning(): boolean {
    return this.#app.scope.analyst.view.turns.some((t) => t.state === 'running');
  }

  /** The tables loaded in this tab (what the data panel lists), by name. */
  tables(): string[] {
    return this.#app.workspace.tables.map((t) => t.name).sort();
  }

  /** The open session's tables with the files they are read from: `name ← file (bytes)`. */
  async tableFiles(): Promise<string[]> {
    const { sessions } = this.#app;
    const meta = sessions.active.meta;
    if (!meta) return [];
    const out: string[] = [];
    for (const t of meta.tables) {
      const file = sessions.active.files.get(t.name);
      out.push(`${t.name} ← ${t.fileName}: ${file ? await file.text() : '(missing)'}`);
    }
    return out.sort();
  }

  /**
   * The files this tab's engine read into tables (the fake browser's with database files only):
   * a session reopened from its database file reads none.
   */
  filesRead(): string[] {
    return [...((this.#tab.platform.engine as { reads?: string[] }).reads ?? [])];
  }

  /** What the storage footer says the sessions take, in bytes. */
  storedBytes(): number {
    return this.#app.sessions.stored.totalBytes;
  }

  /** The passing message the page shows about sessions, if any. */
  notice(): string | null {
    return this.#app.sessions.status.notice;
  }

  /**
   * Runs `sql` in the SQL box and returns what it shows: the first cell (the fake engines answer
   * with whose DuckDB ran it, `tab <number>`) or the message.
   */
  async runSql(sql = 'SELECT 1'): Promise<string> {
    const { sqlConsole } = this.#app.scope;
    sqlConsole.sql = sql;
    await sqlConsole.run();
    const r = sqlConsole.result!;
    return r.ok ? String(r.rows[0]?.[0]) : r.message;
  }

  /**
   * Keeps `sql` as a new cell of the notebook and runs it; false when this tab may not (a
   * follower shows the notebook but keeps nothing in it).
   */
  async keepCell(sql: string): Promise<boolean> {
    const { notebook } = this.#app.scope;
    const id = notebook.add('sql', sql);
    if (!id) return false;
    await notebook.run(id);
    return true;
  }

  /** The notebook's cells as `name: first cell of its result` (`-` before a run). */
  cells(): string[] {
    return this.#app.scope.notebook.cells.map((c) => {
      const shown = c.run ? (c.run.isError ? c.run.error : String(c.run.rows[0]?.[0])) : '-';
      return `${c.name}: ${shown}`;
    });
  }

  /** Why a file was refused, if one was. */
  fileFailures(): string[] {
    return this.#app.workspace.failures.map((f) => `${f.fileName}: ${f.message}`);
  }

  /** Resolves once this tab holds nothing in flight (a session being opened, files being read). */
  async settled(): Promise<void> {
    await this.#app.sessions.ready();
  }
}
