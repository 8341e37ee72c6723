/**
 * One session's log: its durable events in order, the model's history to continue from, and the
 * view the page shows, folded from the events (issue 29, item 1). The open session owns one
 * (open-session.svelte.ts); the analyst's turns record into it, a follower's log takes what the
 * writing tab sends, and the writer, the tab announcer and the export read it or listen to it.
 *
 * A log is a writer's or a follower's for all its life (`role`): a session that changes hands is
 * shown through a new log. A log is closed when its session is left, and then takes nothing, so
 * a turn of the session left that is still ending cannot reach the one shown now.
 */
import { TRANSIENT, type AgentEvent } from '../core/events/events.ts';
import { emptySession, reduce, reduceAll, type SessionView } from '../core/events/view.ts';
import { emptyConversation, type Conversation } from '../core/model/conversation.ts';
import { queriesSoFar } from '../core/events/query-ids.ts';
import { queryIdOf, type QueryId } from '../core/ids.ts';

/** Whether this tab writes the session or follows another tab that does. */
export type Role = 'writer' | 'follower';

/** Who hears of what is recorded in a log (the writer to storage, the other tabs, the list). */
export interface LogListener {
  /** A durable event, in order. */
  event?(event: AgentEvent): void;
  /** A streaming event: shown, and kept only as the latest snapshot. */
  transient?(event: AgentEvent): void;
  /** The model's history, as it grows. */
  history?(conversation: Conversation): void;
  /** The session was left: a turn still running on this log has nowhere to go. */
  closed?(): void;
}

export class SessionLog {
  /** What the page shows of the session: its turns, folded from the events. */
  view = $state.raw<SessionView>(emptySession());
  readonly role: Role;
  /** The durable events (for storage and the export; not shown, so not reactive). */
  #events: AgentEvent[];
  #conversation: Conversation;
  // Not shown: no reactivity wanted.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #listeners = new Set<LogListener>();
  #closed = false;
  /** The highest query id given so far (`Q7` → 7): the model's queries and the person's share it. */
  #queries: number;

  constructor(
    role: Role,
    events: readonly AgentEvent[] = [],
    conversation: Conversation = emptyConversation(),
  ) {
    this.role = role;
    this.#events = [...events];
    this.#conversation = conversation;
    this.view = reduceAll(events);
    this.#queries = queriesSoFar(events);
  }

  /**
   * The session's next query id. One counter for the turn and the SQL box: the person may run a
   * query while a turn runs, and each must get an id of its own.
   */
  nextQueryId(): QueryId {
    return queryIdOf(++this.#queries);
  }

  /** A follower's log shows the session and takes no question and no file. */
  get readOnly(): boolean {
    return this.role === 'follower';
  }

  get closed(): boolean {
    return this.#closed;
  }

  get events(): readonly AgentEvent[] {
    return this.#events;
  }

  get conversation(): Conversation {
    return this.#conversation;
  }

  /** Tells `listener` of what is recorded from now on; returns how to stop. */
  listen(listener: LogListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** An event of this tab (a turn, the report, the closing of an interrupted turn). */
  record(event: AgentEvent): void {
    if (this.#closed) return;
    this.view = reduce(this.view, event);
    if (TRANSIENT.has(event.type)) {
      for (const l of this.#listeners) l.transient?.(event);
      return;
    }
    this.#events.push(event);
    this.#count(event);
    for (const l of this.#listeners) l.event?.(event);
  }

  /** The model's history to continue from, after a step or a recovery. */
  recordHistory(conversation: Conversation): void {
    if (this.#closed) return;
    this.#conversation = conversation;
    for (const l of this.#listeners) l.history?.(conversation);
  }

  /** An event the writing tab recorded (or streamed): shown and kept, told to no one. */
  follow(event: AgentEvent): void {
    if (this.#closed) return;
    this.view = reduce(this.view, event);
    if (TRANSIENT.has(event.type)) return;
    this.#events.push(event);
    this.#count(event);
  }

  /** Keeps the counter past an id given elsewhere (the writing tab, a turn's own counter). */
  #count(event: AgentEvent): void {
    this.#queries = Math.max(this.#queries, queriesSoFar([event]));
  }

  /** The session was left: nothing more is taken, and no one is told of anything. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const listeners = [...this.#listeners];
    this.#listeners.clear();
    for (const l of listeners) l.closed?.();
  }
}
