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
 * Each delete is marked in localStorage as it begins (delete-marks.ts), for the other tabs and
 * for the next start should this tab close before carrying it out; the removal itself is
 * session-removal.ts's.
 */
import type { SessionId } from '../core/ids.ts';
import type { DeleteMarks } from './delete-marks.ts';
import type { SessionRemoval } from './session-removal.ts';

/**
 * How long Undo is offered: long enough to read one short line and reach its button (by Tab, the
 * focus is put on it), short enough that the delete is done before the person is on to other
 * work and has forgotten it is pending.
 */
export const UNDO_WINDOW_MS = 8_000;

export interface Deleted {
  id: SessionId;
  title: string;
  /** It was the session open in this tab: Undo opens it again. */
  wasOpen: boolean;
}

export interface SessionDeletesDeps {
  marks: DeleteMarks;
  /** Removes the session from storage (and unmarks it), then tells the lists and the tabs. */
  removal: Pick<SessionRemoval, 'remove'>;
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
    this.#d.marks.mark(deleted.id, Date.now() + this.#windowMs);
    this.pending = deleted;
    this.#timer = setTimeout(() => void this.finish(), this.#windowMs);
    if (previous) await this.#d.removal.remove(previous.id);
  }

  /** Takes the pending delete back: the session is listed again, as storage still holds it. */
  undo(): Deleted | null {
    const back = this.pending;
    if (!back) return null;
    this.#stop();
    this.#d.marks.unmark(back.id);
    return back;
  }

  /** Carries out the pending delete now (its notice has gone). */
  async finish(): Promise<void> {
    const done = this.pending;
    if (!done) return;
    this.#stop();
    await this.#d.removal.remove(done.id);
  }

  /**
   * The page is going: the pending delete is due now, for whichever tab starts next should the
   * delete begun here not finish before the page is gone.
   */
  pageHide(): void {
    const done = this.pending;
    if (!done) return;
    this.#d.marks.mark(done.id, 0);
    void this.finish();
  }

  #stop(): void {
    clearTimeout(this.#timer);
    this.pending = null;
  }
}
