/**
 * The conversation with the model about the loaded data: runs turns of the agent core, folds its
 * events into the view the page shows, and keeps the model's history to continue from. The
 * durable events (not the streaming deltas) are kept in order for storage.
 */
import { describeTables } from '../core/agent/dataset.ts';
import { emptyConversation, type Conversation } from '../core/model/conversation.ts';
import { runTurn } from '../core/agent/run-turn.ts';
import { TRANSIENT, type AgentEvent, type EndState, type TurnKind } from '../core/events/events.ts';
import { queriesSoFar, queryRowsOf } from '../core/events/query-ids.ts';
import { emptySession, reduce, reduceAll, type SessionView } from '../core/events/view.ts';
import { errorMessage } from '../core/errors.ts';
import type { TableProfile } from '../core/data/engine.ts';
import { buildReportInput, type ReportInput } from '../core/report/report-input.ts';
import { writeReport } from '../core/report/write-report.ts';
import { PendingQuestion } from './pending-question.svelte.ts';
import type { Settings } from './settings.svelte.ts';
import type { Workspace } from './workspace.svelte.ts';
import { newTurnId } from '../core/ids.ts';

export type TurnState = 'idle' | 'running' | EndState;

/** Where a session's events and history go as they happen (sessions.svelte.ts stores them). */
export interface Recorder {
  /** A durable event, in order. */
  event(event: AgentEvent): void;
  /** A streaming event: shown, and kept only as the latest snapshot. */
  transient(event: AgentEvent): void;
  history(conversation: Conversation): void;
}

export class Analyst {
  view = $state.raw<SessionView>(emptySession());
  running = $state(false);
  /** Set while another tab owns this session: this one shows it but does not ask. */
  readOnly = $state(false);
  /** Claude's question the running turn waits on, if any. */
  readonly waiting = new PendingQuestion();
  /** The durable events of this session, in order (for storage; not shown, so not reactive). */
  #events: AgentEvent[] = [];
  #conversation: Conversation = emptyConversation();
  #generation = 0;
  #turn: Promise<void> = Promise.resolve();
  #abort: AbortController | null = null;
  readonly #workspace: Workspace;
  readonly #settings: Settings;
  readonly #recorder: Recorder;

  readonly #chartImage: ((spec: Record<string, unknown>) => Promise<string>) | null;

  /** `chartImage` draws a chart as the page does, for Claude to look at (when settings allow). */
  constructor(
    workspace: Workspace,
    settings: Settings,
    recorder: Recorder,
    chartImage: ((spec: Record<string, unknown>) => Promise<string>) | null = null,
  ) {
    this.#workspace = workspace;
    this.#settings = settings;
    this.#recorder = recorder;
    this.#chartImage = chartImage;
  }

  get events(): readonly AgentEvent[] {
    return this.#events;
  }

  get conversation(): Conversation {
    return this.#conversation;
  }

  /** Shows a stored session: its transcript, and the history to continue from. */
  restore(events: readonly AgentEvent[], conversation: Conversation): void {
    // A turn still running belongs to the session being left: stop it and ignore what it says.
    this.#abort?.abort();
    this.#abort = null;
    this.#generation++;
    this.running = false;
    this.#events = [...events];
    this.view = reduceAll(events);
    this.#conversation = conversation;
  }

  /** Shows an event of this session that another tab produced (see sessions.svelte.ts). */
  follow(event: AgentEvent): void {
    this.view = reduce(this.view, event);
    if (!TRANSIENT.has(event.type)) this.#events.push(event);
  }

  /** Appends events made outside a turn (closing an interrupted one), recording them. */
  append(events: readonly AgentEvent[]): void {
    for (const e of events) this.#emit(e);
  }

  setConversation(conversation: Conversation): void {
    this.#conversation = conversation;
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
    if (!this.#settings.hasKey) {
      this.#settings.askForKey(
        'Add your Anthropic API key to write the report.',
        () => void this.report(),
      );
      return;
    }
    this.running = true;
    const abort = new AbortController();
    this.#abort = abort;
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    const turn = (async () => {
      try {
        await writeReport({
          reportId: newTurnId(),
          input: await this.reportInput(),
          model: this.#settings.client(),
          modelId: this.#settings.model,
          signal: abort.signal,
          emit: (e) => {
            if (current()) this.#emit(e);
          },
        });
      } finally {
        if (current()) {
          this.running = false;
          this.#abort = null;
        }
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
    this.#emit({ type: 'answer', turnId: turn.id, callId, answer });
    void this.ask(`Answer to your question “${asked.question}”: ${answer}`);
  }

  stop(): void {
    this.#abort?.abort();
  }

  /** Stops the running turn, if any, and resolves once it has ended (and said so). */
  async settle(): Promise<void> {
    this.stop();
    await this.#turn;
  }

  #emit(event: AgentEvent): void {
    this.view = reduce(this.view, event);
    if (TRANSIENT.has(event.type)) {
      this.#recorder.transient(event);
      return;
    }
    this.#events.push(event);
    this.#recorder.event(event);
  }

  async #run(kind: TurnKind, question: string | null): Promise<void> {
    if (this.running || this.readOnly) return;
    if (!this.#settings.hasKey) {
      this.#settings.askForKey(
        'Add your Anthropic API key to let Claude analyse the data.',
        () => void this.#start(kind, question),
      );
      return;
    }
    this.running = true;
    const abort = new AbortController();
    this.#abort = abort;
    const turnId = newTurnId();
    const generation = this.#generation;
    const current = () => generation === this.#generation;
    const emit = (e: AgentEvent) => {
      if (current()) this.#emit(e);
    };
    try {
      // A session being reopened is still reading its files; the question waits for them.
      await this.#workspace.settled();
      const tables = await describeTables(
        this.#workspace.engine,
        this.#workspace.tables,
        this.#workspace.joinHints,
      );
      const result = await runTurn(
        {
          turnId,
          kind,
          question,
          tables,
          conversation: this.#conversation,
          queriesSoFar: queriesSoFar(this.#events),
          queryRows: (id) => queryRowsOf(this.#events, id),
          signal: abort.signal,
          emit,
          ask: ({ callId }, signal) => this.waiting.wait(callId, signal),
          ...(this.#chartImage && this.#settings.chartCheck ? { look: this.#chartImage } : {}),
          checkpoint: (c) => {
            if (current()) this.#recorder.history(c);
          },
        },
        {
          model: this.#settings.client(),
          engine: this.#workspace.engine,
          modelId: this.#settings.model,
        },
      );
      if (current()) this.#conversation = result.conversation;
    } catch (e) {
      // runTurn turns failures into events; this is only for a bug in the page itself.
      const started = this.view.turns.some((t) => t.id === turnId);
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
      if (current()) {
        this.running = false;
        this.#abort = null;
      }
    }
  }
}
