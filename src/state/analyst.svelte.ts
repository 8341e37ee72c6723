/**
 * The conversation with the model about the loaded data: runs turns of the agent core, folds its
 * events into the view the page shows, and keeps the model's history to continue from. The
 * durable events (not the streaming deltas) are kept in order for storage.
 */
import { describeTables } from '../core/agent/dataset.ts';
import { emptyConversation, type Conversation } from '../core/agent/history.ts';
import { runTurn } from '../core/agent/run-turn.ts';
import { TRANSIENT, type AgentEvent, type TurnKind } from '../core/events/events.ts';
import { emptySession, reduce, type SessionView } from '../core/events/view.ts';
import { errorMessage } from '../core/errors.ts';
import type { Settings } from './settings.svelte.ts';
import type { Workspace } from './workspace.svelte.ts';

export type TurnState = 'idle' | 'running' | 'done' | 'stopped' | 'error';

export class Analyst {
  view = $state.raw<SessionView>(emptySession());
  /** The durable events of this session, in order (for storage; not shown, so not reactive). */
  readonly events: AgentEvent[] = [];
  running = $state(false);
  #conversation: Conversation = emptyConversation();
  #abort: AbortController | null = null;
  readonly #workspace: Workspace;
  readonly #settings: Settings;

  constructor(workspace: Workspace, settings: Settings) {
    this.#workspace = workspace;
    this.#settings = settings;
  }

  get turnState(): TurnState {
    if (this.running) return 'running';
    return this.view.turns.at(-1)?.state ?? 'idle';
  }

  analyze(): Promise<void> {
    return this.#run('analysis', null);
  }

  ask(question: string): Promise<void> {
    const text = question.trim();
    if (!text) return Promise.resolve();
    return this.#run('question', text);
  }

  stop(): void {
    this.#abort?.abort();
  }

  #emit(event: AgentEvent): void {
    this.view = reduce(this.view, event);
    if (!TRANSIENT.has(event.type)) this.events.push(event);
  }

  async #run(kind: TurnKind, question: string | null): Promise<void> {
    if (this.running) return;
    if (!this.#settings.hasKey) {
      this.#settings.askForKey(
        'Add your Anthropic API key to let Claude analyse the data.',
        () => void this.#run(kind, question),
      );
      return;
    }
    this.running = true;
    const abort = new AbortController();
    this.#abort = abort;
    const turnId = crypto.randomUUID();
    try {
      const tables = await describeTables(this.#workspace.engine, this.#workspace.tables);
      const result = await runTurn(
        {
          turnId,
          kind,
          question,
          tables,
          conversation: this.#conversation,
          signal: abort.signal,
          emit: (e) => this.#emit(e),
        },
        {
          model: this.#settings.client(),
          engine: this.#workspace.engine,
          modelId: this.#settings.model,
        },
      );
      this.#conversation = result.conversation;
    } catch (e) {
      // runTurn turns failures into events; this is only for a bug in the page itself.
      const started = this.view.turns.some((t) => t.id === turnId);
      if (!started)
        this.#emit({
          type: 'turn_start',
          turnId,
          kind,
          question,
          model: this.#settings.model,
          at: Date.now(),
        });
      this.#emit({ type: 'error', turnId, kind: 'internal', message: errorMessage(e) });
      this.#emit({ type: 'done', turnId, state: 'error', at: Date.now() });
    } finally {
      this.running = false;
      this.#abort = null;
    }
  }
}
