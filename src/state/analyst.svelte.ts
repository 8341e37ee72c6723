/**
 * Runs one session's turns with the model, and its report, on the session's log (one analyst a
 * session scope, session-scope.svelte.ts): a turn records its events and the model's history
 * there, and its questions to the person wait here. The log holds what was said; this holds what
 * is running.
 */
import { describeTables } from '../core/agent/dataset.ts';
import { runTurn } from '../core/agent/run-turn.ts';
import type { AgentEvent, EndState, TurnKind } from '../core/events/events.ts';
import { queriesSoFar, queryRowsOf } from '../core/events/query-ids.ts';
import { cellRowsOf } from '../core/events/notebook.ts';
import type { SessionView } from '../core/events/view.ts';
import { errorMessage } from '../core/errors.ts';
import type { TableProfile } from '../core/data/engine.ts';
import { buildReportInput, type ReportInput } from '../core/report/report-input.ts';
import { writeReport } from '../core/report/write-report.ts';
import { PendingQuestion } from './pending-question.svelte.ts';
import { unusableModel, type Settings } from './settings.svelte.ts';
import type { SessionLog } from './session-log.svelte.ts';
import type { Workspace } from './workspace.svelte.ts';
import { newTurnId } from '../core/ids.ts';
import type { ToolSet } from '../core/tools/tool-set.ts';

export type TurnState = 'idle' | 'running' | EndState;

export interface AnalystDeps {
  workspace: Workspace;
  settings: Settings;
  /** The session's log: its turns are recorded there (a closed log takes nothing). */
  log: SessionLog;
  /** The tools its turns give the model (the composition root hands Sift's own). */
  tools: ToolSet;
  /** Draws a chart as the page does, for the model to look at (when settings allow). */
  chartImage: ((spec: Record<string, unknown>) => Promise<string>) | null;
}

export class Analyst {
  running = $state(false);
  /** Claude's question the running turn waits on, if any. */
  readonly waiting = new PendingQuestion();
  #turn: Promise<void> = Promise.resolve();
  #abort: AbortController | null = null;
  readonly #workspace: Workspace;
  readonly #settings: Settings;
  readonly #log: SessionLog;

  readonly #tools: ToolSet;
  readonly #chartImage: ((spec: Record<string, unknown>) => Promise<string>) | null;

  constructor(deps: AnalystDeps) {
    this.#workspace = deps.workspace;
    this.#settings = deps.settings;
    this.#log = deps.log;
    this.#tools = deps.tools;
    this.#chartImage = deps.chartImage;
  }

  /** The turns of the session shown. */
  get view(): SessionView {
    return this.#log.view;
  }

  /** Set while another tab writes the session shown: this one shows it but does not ask. */
  get readOnly(): boolean {
    return this.#log.readOnly;
  }

  get turnState(): TurnState {
    if (this.running) return 'running';
    return this.view.turns.at(-1)?.state ?? 'idle';
  }

  analyze(): Promise<void> {
    return this.#start('analysis', null);
  }

  ask(question: string): Promise<void> {
    const text = question.trim();
    if (!text) return Promise.resolve();
    return this.#start('question', text);
  }

  #start(kind: TurnKind, question: string | null): Promise<void> {
    const turn = this.#run(kind, question);
    this.#turn = turn;
    return turn;
  }

  /** The findings the report would be written from, and their estimated size in tokens. */
  async reportInput(): Promise<ReportInput> {
    await this.#workspace.settled();
    const profiles: Record<string, TableProfile> = {};
    for (const [name, state] of Object.entries(this.#workspace.profiles))
      if (state.status === 'done') profiles[name] = state.profile;
    return buildReportInput({
      title: this.view.title,
      tables: await describeTables(this.#workspace.engine, this.#workspace.tables),
      profiles,
      view: this.view,
    });
  }

  /** Writes the report of the session (the second stage; ARCHITECTURE.md, Lineage): one streamed call, no tools. */
  async report(): Promise<void> {
    if (this.running || this.readOnly) return;
    if (!this.#settings.ready) {
      this.#settings.askForKey(
        'Add your Anthropic API key, or choose a model on this computer, to write the report.',
        () => void this.report(),
      );
      return;
    }
    // The report goes to the session's log, which takes nothing once the session is left.
    const log = this.#log;
    const { abort, end } = this.#begin(log);
    const turn = (async () => {
      try {
        await writeReport({
          reportId: newTurnId(),
          input: await this.reportInput(),
          model: this.#settings.client(),
          modelId: this.#settings.model,
          signal: abort.signal,
          emit: (e) => log.record(e),
          ...this.#sizing(),
        });
      } finally {
        end();
      }
    })();
    this.#turn = turn;
    return turn;
  }

  /**
   * The person's answer to Claude's question `callId`. The turn that asked goes on with it; if
   * that turn is over (stopped, or the page was reloaded while it waited), the answer is kept on
   * the question's card and asked as the next question, so nothing the person typed is lost.
   */
  answer(callId: string, text: string): void {
    const answer = text.trim();
    if (!answer || this.waiting.answer(callId, answer)) return;
    if (this.running || this.readOnly) return;
    const turn = this.view.turns.find((t) => t.items.some((i) => i.id === callId));
    const asked = turn?.items.find((i) => i.id === callId);
    if (!turn || asked?.type !== 'ask' || asked.answer !== null) return;
    this.#log.record({ type: 'answer', turnId: turn.id, callId, answer });
    void this.ask(`Answer to your question “${asked.question}”: ${answer}`);
  }

  /** A local model's window and charge (issue 32); nothing for Claude's, sized as always. */
  #sizing(): { contextWindow?: number | null; noCharge?: boolean } {
    if (!this.#settings.isLocal) return {};
    return { contextWindow: this.#settings.traits.contextWindow, noCharge: true };
  }

  stop(): void {
    this.#abort?.abort();
  }

  /** Stops the running turn, if any, and resolves once it has ended (and said so). */
  async settle(): Promise<void> {
    this.stop();
    await this.#turn;
  }

  /**
   * A turn or the report begins on `log`: Stop aborts it, and so does the log's closing (a turn
   * asked in the moment before its session was left must not run on for the next page).
   */
  #begin(log: SessionLog): { abort: AbortController; end(): void } {
    this.running = true;
    const abort = new AbortController();
    this.#abort = abort;
    const unlisten = log.listen({ closed: () => abort.abort() });
    return {
      abort,
      end: () => {
        unlisten();
        if (this.#abort !== abort) return;
        this.running = false;
        this.#abort = null;
      },
    };
  }

  async #run(kind: TurnKind, question: string | null): Promise<void> {
    if (this.running || this.readOnly) return;
    const settings = this.#settings;
    const unusable = settings.isLocal ? unusableModel(settings.modelInfo) : null;
    if (!settings.ready || unusable) {
      settings.askForKey(
        unusable ??
          'Add your Anthropic API key, or choose a model on this computer, to let the model analyse the data.',
        () => void this.#start(kind, question),
      );
      return;
    }
    // The turn's events go to the session's log, which takes nothing once the session is left
    // (session-scope.svelte.ts): a turn still ending cannot reach the session shown next.
    const log = this.#log;
    const { abort, end } = this.#begin(log);
    const turnId = newTurnId();
    const emit = (e: AgentEvent) => log.record(e);
    try {
      // A session being reopened is still reading its files; the question waits for them.
      await this.#workspace.settled();
      const tables = await describeTables(
        this.#workspace.engine,
        this.#workspace.tables,
        this.#workspace.joinHints,
      );
      // The turn's last checkpoint (run-turn.ts, finish) leaves the log with its whole history.
      await runTurn(
        {
          turnId,
          kind,
          question,
          tables,
          conversation: log.conversation,
          queriesSoFar: queriesSoFar(log.events),
          nextQueryId: () => log.nextQueryId(),
          ownQueries: log.view.ownQueries.filter((q) => q.afterTurns === log.view.turns.length),
          notebook: log.view.notebook.filter(
            (c) => c.run && c.run.at > (log.view.turns.at(-1)?.startedAt ?? -Infinity),
          ),
          queryRows: (id) => queryRowsOf(log.events, id) ?? cellRowsOf(log.view.notebook, id),
          signal: abort.signal,
          emit,
          ask: ({ callId }, signal) => this.waiting.wait(callId, signal),
          // A model that cannot see images is not shown its charts (the settings say so).
          ...(this.#chartImage && settings.chartCheck && settings.traits.vision
            ? { look: this.#chartImage }
            : {}),
          checkpoint: (c) => log.recordHistory(c),
        },
        {
          model: this.#settings.client(),
          engine: this.#workspace.engine,
          tools: this.#tools,
          modelId: this.#settings.model,
          ...this.#sizing(),
        },
      );
    } catch (e) {
      // runTurn turns failures into events; this is only for a bug in the page itself.
      const started = log.view.turns.some((t) => t.id === turnId);
      if (!started)
        emit({
          type: 'turn_start',
          turnId,
          kind,
          question,
          model: this.#settings.model,
          at: Date.now(),
        });
      emit({ type: 'error', turnId, kind: 'internal', message: errorMessage(e) });
      emit({ type: 'done', turnId, state: 'error', at: Date.now() });
    } finally {
      end();
    }
  }
}
