/**
 * The marks of the sessions being deleted (session-deletes.svelte.ts), each with the time its
 * delete is due, in localStorage. A mark is written at once and synchronously: it outlives a tab
 * closed mid-window, where an IndexedDB delete begun as the page goes may be cut off, and every
 * tab of the origin reads it — the other tabs hide the session too, and a tab that starts carries
 * out every delete that is due, so a reload does not bring back a session the person deleted.
 * Where the browser keeps nothing (private mode, storage full) this tab still keeps its own marks.
 */
import type { SessionId } from '../core/ids.ts';
import type { Preferences } from './ports.ts';

const KEY = 'sift.deleting';

export class DeleteMarks {
  readonly #stored: Preferences | null;
  /** This tab's marks, kept here too: storage may refuse them, or be absent. */
  readonly #here = new Map<string, number>();

  /** `stored`: localStorage, or null where the browser keeps nothing. */
  constructor(stored: Preferences | null) {
    this.#stored = stored;
  }

  mark(id: SessionId, due: number): void {
    this.#here.set(id, due);
    this.#write({ ...this.#read(), [id]: due });
  }

  unmark(id: SessionId): void {
    this.#here.delete(id);
    const marks = this.#read();
    delete marks[id];
    this.#write(marks);
  }

  /** Whether the lists leave `id` out: this tab or another is deleting it. */
  hides(id: SessionId): boolean {
    return this.#here.has(id) || id in this.#read();
  }

  /** The deletes whose window has passed without their tab carrying them out (it closed). */
  due(): SessionId[] {
    const now = Date.now();
    const all = { ...this.#read(), ...Object.fromEntries(this.#here) };
    return Object.entries(all).flatMap(([id, at]) => (at <= now ? [id as SessionId] : []));
  }

  #read(): Record<string, number> {
    try {
      const read: unknown = JSON.parse(this.#stored?.get(KEY) ?? '{}');
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
      if (Object.keys(marks).length) this.#stored?.set(KEY, JSON.stringify(marks));
      else this.#stored?.remove(KEY);
    } catch {
      // Storage refused (full, private mode): this tab still hides and deletes it.
    }
  }
}
