/**
 * Writes the open session as it happens: durable events in order, the history at each step, and
 * a throttled snapshot of what is streaming. Writes run one at a time in order; the first that
 * fails stops all saving (the page keeps working in memory) and is reported once.
 */
import type { Conversation } from '../core/model/conversation.ts';
import type { AgentEvent } from '../core/events/events.ts';
import type { LiveDraft, Rescue } from '../core/session/records.ts';

export type { Rescue } from '../core/session/records.ts';
import type { SessionStore } from '../core/session/store.ts';
import { NO_TURN, type SessionId, type TurnId } from '../core/ids.ts';

/** How often, at most, the streaming snapshot is written. */
const LIVE_INTERVAL_MS = 250;

/**
 * The streaming snapshot is mutated as deltas arrive, so what is queued is a copy of it. Events
 * and histories are never mutated once made (history.ts, view.ts), and the store copies them at
 * its boundary, so they are passed as they are.
 */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The rescued events that follow the `stored` ones, for as long as they run without a gap. */
export function rescuedAfter(rescue: Rescue, stored: number): AgentEvent[] {
  const at = new Map(rescue.events);
  const out: AgentEvent[] = [];
  for (let seq = stored; at.has(seq); seq++) out.push(at.get(seq)!);
  return out;
}

export class SessionWriter {
  readonly sessionId: SessionId;
  #store: SessionStore | null;
  #queue: Promise<void> = Promise.resolve();
  #seq: number;
  #live: LiveDraft;
  #liveTimer: ReturnType<typeof setTimeout> | null = null;
  // Not rendered: plain collections. (This file is not a .svelte.ts module.)
  readonly #unsaved = new Map<number, AgentEvent>();
  #unsavedHistory: Conversation | null = null;
  readonly #onFail: (e: unknown) => void;
  readonly #onWritten: (seq: number, event: AgentEvent) => void;

  constructor(options: {
    sessionId: SessionId;
    store: SessionStore | null;
    nextSeq: number;
    onFail: (e: unknown) => void;
    /** After a durable event is stored (or at once, without a store): to tell other tabs. */
    onWritten: (seq: number, event: AgentEvent) => void;
  }) {
    this.sessionId = options.sessionId;
    this.#store = options.store;
    this.#seq = options.nextSeq;
    this.#onFail = options.onFail;
    this.#onWritten = options.onWritten;
    this.#live = { sessionId: this.sessionId, turnId: NO_TURN, answer: null, reasoning: null };
  }

  get saving(): boolean {
    return this.#store !== null;
  }

  /** Runs `op` after every earlier write; a failure stops saving from then on. */
  write(op: (store: SessionStore) => Promise<unknown>): Promise<void> {
    this.#queue = this.#queue.then(async () => {
      const store = this.#store;
      if (!store) return;
      try {
        await op(store);
      } catch (e) {
        this.#store = null;
        this.#onFail(e);
      }
    });
    return this.#queue;
  }

  /** Resolves once everything asked so far has been written (or given up). */
  flushed(): Promise<void> {
    if (this.#liveTimer) this.#writeLive();
    return this.write(async () => undefined);
  }

  event(event: AgentEvent): void {
    const seq = this.#seq++;
    this.#settleLive(event);
    this.#unsaved.set(seq, event);
    void this.write(async (s) => {
      await s.appendEvent(this.sessionId, seq, event);
      this.#unsaved.delete(seq);
    }).then(() => this.#onWritten(seq, event));
  }

  history(conversation: Conversation): void {
    this.#unsavedHistory = conversation;
    void this.write(async (s) => {
      await s.saveHistory(this.sessionId, conversation);
      if (this.#unsavedHistory === conversation) this.#unsavedHistory = null;
    });
  }

  /** What would be lost if the page went away now; null when storage has everything. */
  rescue(): Rescue | null {
    const live = this.#live.answer || this.#live.reasoning ? this.#live : null;
    if (!this.#store || (!this.#unsaved.size && !live && !this.#unsavedHistory)) return null;
    return {
      sessionId: this.sessionId,
      events: [...this.#unsaved],
      live,
      history: this.#unsavedHistory,
    };
  }

  /** Folds a streaming event into the snapshot, written at most every LIVE_INTERVAL_MS. */
  transient(event: AgentEvent): void {
    if (!('turnId' in event)) return;
    const live = this.#live;
    if (event.turnId !== live.turnId) this.#live = this.#emptyLive(event.turnId);
    if (event.type === 'answer_draft')
      this.#live.answer = { callId: event.callId, text: event.text };
    else if (event.type === 'answer_withdrawn' && this.#live.answer?.callId === event.callId)
      this.#live.answer = null;
    else if (event.type === 'reasoning_withdrawn' && this.#live.reasoning?.step === event.step)
      this.#live.reasoning = null;
    else if (event.type === 'reasoning_delta') {
      const r = this.#live.reasoning;
      this.#live.reasoning =
        r?.step === event.step
          ? { step: r.step, text: r.text + event.text }
          : { step: event.step, text: event.text };
    }
    this.#liveTimer ??= setTimeout(() => this.#writeLive(), LIVE_INTERVAL_MS);
  }

  #emptyLive(turnId: TurnId): LiveDraft {
    return { sessionId: this.sessionId, turnId, answer: null, reasoning: null };
  }

  /** A durable event that completes what was streaming empties that part of the snapshot. */
  #settleLive(event: AgentEvent): void {
    const live = this.#live;
    let changed = false;
    if (event.type === 'reasoning' && live.reasoning?.step === event.step) {
      live.reasoning = null;
      changed = true;
    }
    if (event.type === 'text' && live.answer?.callId === event.callId) {
      live.answer = null;
      changed = true;
    }
    if (event.type === 'done' || event.type === 'turn_start') {
      this.#live = this.#emptyLive(event.type === 'done' ? NO_TURN : event.turnId);
      changed = true;
    }
    if (changed && !this.#liveTimer) this.#writeLive();
  }

  #writeLive(): void {
    if (this.#liveTimer) clearTimeout(this.#liveTimer);
    this.#liveTimer = null;
    const live = this.#live;
    const empty = !live.answer && !live.reasoning;
    const copy = empty ? null : plain(live);
    void this.write((s) => s.setLive(this.sessionId, copy));
  }
}
