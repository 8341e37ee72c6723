/**
 * A session the person deleted, for the few seconds its notice offers Undo (issue 33).
 *
 * The delete is carried out only when the notice goes: its time is up, another session is
 * deleted, or the page is closed. Until then storage still holds the whole session (its files,
 * events, history and database file) and only the lists hide it, so Undo has nothing to write
 * back. Chosen over a delete at once that keeps what it removed in memory to write back: a tab
 * closed or crashed in those seconds would lose that copy with the session, and writing a whole
 * session back can fail half-way (quota). Here the worst a closed tab can do is leave the
 * session stored a little longer.
 *
 * The mark: each session being deleted, with the time its delete is due, in localStorage. It is
 * written at once and synchronously (it outlives a tab closed mid-window, where an IndexedDB
 * delete begun as the page goes may be cut off), and every tab of the origin reads it: the other
 * tabs hide the session too, and a tab that starts carries out every delete that is due, so a
 * reload does not bring back a session the person deleted.
 */
import type { SessionId } from '../core/ids.ts';
import type { Preferences } from './ports.ts';

/**
 * How long Undo is offered: long enough to read one short line and reach its button (by Tab, the
 * focus is put on it), short enough that the delete is done before the person is on to other
 * work and has forgotten it is pending.
 */
export const UNDO_WINDOW_MS = 8_000;

const KEY = 'sift.deleting';

export interface Deleted {
  id: SessionId;
  title: string;
  /** It was the session open in this tab: Undo opens it again. */
  wasOpen: boolean;
}

export interface SessionDeletesDeps {
  /** localStorage, or null where the browser keeps nothing (then only this tab hides it). */
  marks: Preferences | null;
  /** Removes the session from storage (and unmarks it), then tells the lists and the tabs. */
  carryOut(id: SessionId): Promise<void>;
  /** The undo window; tests shorten it. */
  windowMs?: number;
}

export class SessionDeletes {
  /** The delete the notice offers to undo, if any. */
  pending = $state.raw<Deleted | null>(null);
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #d: SessionDeletesDeps;
  readonly #windowMs: number;

  constructor(deps: SessionDeletesDeps) {
    this.#d = deps;
    this.#windowMs = deps.windowMs ?? UNDO_WINDOW_MS;
  }

  /**
   * Hides `deleted` and offers Undo. A delete still pending is carried out first: its notice is
   * replaced, and nothing could undo it any more.
   */
  async begin(deleted: Deleted): Promise<void> {
    // The new one is recorded before the old is carried out: a third delete, or an Undo, made
    // while storage works must find this one pending, not the one before it.
    const previous = this.pending;
    this.#stop();
    this.#mark(deleted.id, Date.now() + this.#windowMs);
    this.pending = deleted;
    this.#timer = setTimeout(() => void this.finish(), this.#windowMs);
    if (previous) await this.#d.carryOut(previous.id);
  }

  /** Whether the lists leave `id` out: pending here, or in another tab. */
  hides(id: SessionId): boolean {
    return this.pending?.id === id || id in this.#marks();
  }

  /** Takes the pending delete back: the session is listed again, as storage still holds it. */
  undo(): Deleted | null {
    const back = this.pending;
    if (!back) return null;
    this.#stop();
    this.unmark(back.id);
    return back;
  }

  /** Carries out the pending delete now (its notice has gone). */
  async finish(): Promise<void> {
    const done = this.pending;
    if (!done) return;
    this.#stop();
    await this.#d.carryOut(done.id);
  }

  /**
   * The page is going: the pending delete is due now, for whichever tab starts next should the
   * delete begun here not finish before the page is gone.
   */
  pageHide(): void {
    const done = this.pending;
    if (!done) return;
    this.#mark(done.id, 0);
    void this.finish();
  }

  /** The deletes whose window has passed without their tab carrying them out (it closed). */
  due(): SessionId[] {
    const now = Date.now();
    return Object.entries(this.#marks()).flatMap(([id, at]) =>
      at <= now ? [id as SessionId] : [],
    );
  }

  unmark(id: SessionId): void {
    const marks = this.#marks();
    delete marks[id];
    this.#write(marks);
  }

  #stop(): void {
    clearTimeout(this.#timer);
    this.pending = null;
  }

  #mark(id: SessionId, due: number): void {
    this.#write({ ...this.#marks(), [id]: due });
  }

  #marks(): Record<string, number> {
    try {
      const read: unknown = JSON.parse(this.#d.marks?.get(KEY) ?? '{}');
      if (!read || typeof read !== 'object') return {};
      // Anything else there (another version wrote it, or it was cut) is not a mark.
      return Object.fromEntries(
        Object.entries(read).filter((e): e is [string, number] => typeof e[1] === 'number'),
      );
    } catch {
      return {};
    }
  }

  #write(marks: Record<string, number>): void {
    try {
      if (Object.keys(marks).length) this.#d.marks?.set(KEY, JSON.stringify(marks));
      else this.#d.marks?.remove(KEY);
    } catch {
      // Storage refused (full, private mode): this tab still hides and deletes it.
    }
  }
}
