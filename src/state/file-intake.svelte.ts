/**
 * Where the files the person brings (dropped, picked or pasted) go (issue 28). A session with
 * tables does not silently take them: the page asks "Add to this session" or "New session",
 * unless the person had it remember an answer (Settings' `newFiles`, changeable in the settings
 * panel). An empty session takes them without a question, as it always did; a session another
 * tab writes refuses them at once, saying why. Once they are
 * tables, the first of them is the one the page brings into view (`shown`).
 */
import type { TableInfo } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';
import { roomWarning, type Room } from '../core/data/room.ts';
import type { NewFiles } from './settings.svelte.ts';

export type Destination = Exclude<NewFiles, 'ask'>;

/** The bundled sample's file name (the platform fetches it from the app's own origin). */
export const SAMPLE_FILE_NAME = 'weather.csv';

/** What the intake needs of the workspace (state/workspace.svelte.ts). */
export interface IntakeWorkspace {
  readonly tables: readonly TableInfo[];
  /** The last load's failures (a warning given before it stays beside them). */
  readonly failures: readonly unknown[];
  loadFiles(files: File[]): Promise<TableInfo[]>;
  /** Shows the files named as not loaded, for `reason`, as a load's failures are shown. */
  refuse(fileNames: string[], reason: string): void;
}

/** The remembered answer, kept with the page's other preferences (state/settings.svelte.ts). */
export interface NewFilesPreference {
  readonly newFiles: NewFiles;
  rememberNewFiles(choice: Destination): void;
}

export interface FileIntakeDeps {
  workspace: IntakeWorkspace;
  preference: NewFilesPreference;
  /** Another tab writes the session shown: files cannot be added to it here. */
  readOnly(): boolean;
  /** The session shown, whose tables a question is about (Sessions.active.id). */
  session(): string | null;
  /** Leaves the open session (it stays stored) for a blank one: Sessions.newSession. */
  newSession(): Promise<void>;
  /**
   * Resolves once the session being opened is open with its tables (Sessions.ready): files
   * brought while the last session reopens are asked about with its tables, not lost to it.
   */
  ready(): Promise<void>;
  /** Where the tables are kept and the room there, for the warning before a load (room.ts). */
  room(): Promise<Room | null>;
  /** The bundled sample, as a file. */
  sample(): Promise<File>;
}

export class FileIntake {
  /** Files asked about, and the session whose tables the question names. */
  #asked = $state.raw<{ files: File[]; session: string | null } | null>(null);
  /**
   * The table to bring into view after files went where the person said. A new object each
   * time, so that the page follows every such load, even one that replaced a table of that name.
   */
  shown = $state.raw<{ table: string } | null>(null);
  /**
   * Said before the files are read, when they may not fit where the tables are kept (room.ts);
   * kept beside a failure of that load, gone once a load succeeds.
   */
  roomWarning = $state<string | null>(null);
  readonly #deps: FileIntakeDeps;

  constructor(deps: FileIntakeDeps) {
    this.#deps = deps;
  }

  /**
   * Files waiting for the person's answer; null while nothing is asked. The question is about the
   * session it was asked in ("This session already has tables"): another shown, it is not asked
   * there (a new session's blank page said so — seen in the injection suite), and it is asked
   * again on coming back.
   */
  get waiting(): File[] | null {
    const asked = this.#asked;
    return asked && asked.session === this.#deps.session() ? asked.files : null;
  }

  /** Files brought to the page: loaded, or held for the question. */
  async take(files: File[]): Promise<void> {
    if (files.length === 0) return;
    if (!this.waiting) await this.#deps.ready();
    // A second drop while the question shows joins the first: one answer for both.
    const waiting = this.waiting;
    if (waiting) {
      this.#asked = { files: [...waiting, ...files], session: this.#deps.session() };
      return;
    }
    // A session another tab writes takes no file here: the workspace refuses them with the
    // reason and what to do, without first offering "Add to this session" (the state suite).
    if (this.#deps.readOnly()) {
      this.#deps.workspace.refuse(
        files.map((f) => f.name),
        'This session is open in another tab: add files there, or start a new session.',
      );
      return;
    }
    // Nothing to mix them with: an empty session is where the person means them to go.
    if (this.#deps.workspace.tables.length === 0) {
      await this.#load(files);
      return;
    }
    const remembered = this.#deps.preference.newFiles;
    if (remembered === 'ask') this.#asked = { files, session: this.#deps.session() };
    else await this.#send(remembered, files);
  }

  /**
   * The sample, brought as any file is: after a session being opened or left is (a click just
   * after New session was read into the new session, then emptied by the switch's reset: seen
   * twice in CI, tests/unit/state-suite/new-rename-delete.test.ts), and asked about when the
   * session has tables.
   */
  async takeSample(): Promise<void> {
    let file: File;
    try {
      file = await this.#deps.sample();
    } catch (e) {
      await this.#deps.ready();
      const reason = `The sample could not be fetched: ${errorMessage(e)}`;
      return this.#deps.workspace.refuse([SAMPLE_FILE_NAME], reason);
    }
    await this.take([file]);
  }

  /** The person's answer to the question; `remember` skips it next time. */
  async choose(destination: Destination, remember: boolean): Promise<void> {
    const files = this.waiting;
    if (!files) return;
    this.#asked = null;
    if (remember) this.#deps.preference.rememberNewFiles(destination);
    await this.#send(destination, files);
  }

  /** Escape or Cancel: the files are dropped, nothing is loaded. */
  cancel(): void {
    this.#asked = null;
  }

  async #send(destination: Destination, files: File[]): Promise<void> {
    if (destination === 'new') await this.#deps.newSession();
    const [first] = await this.#load(files);
    if (first) this.shown = { table: first.name };
  }

  /** Loads the files, with the warning said beside the progress if they may not fit. */
  async #load(files: File[]): Promise<TableInfo[]> {
    this.roomWarning = null;
    // Beside the load, not before it: the room is asked of DuckDB's worker and the browser.
    const warned = this.#deps
      .room()
      .then((room) => {
        if (room) this.roomWarning = roomWarning(files, room);
      })
      .catch(() => undefined);
    const loaded = await this.#deps.workspace.loadFiles(files);
    await warned;
    if (this.#deps.workspace.failures.length === 0) this.roomWarning = null;
    return loaded;
  }
}
