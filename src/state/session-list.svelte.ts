/** The stored sessions as the list shows them, and what the browser says of their storage. */
import { storageFailure } from '../core/session/storage-failure.ts';
import { totalBytes, type SessionMeta } from '../core/session/records.ts';
import type { SiftEngine } from '../core/data/engine.ts';
import type { SessionId } from '../core/ids.ts';
import type { StorageQuota } from './ports.ts';
import type { DeleteMarks } from './delete-marks.ts';
import type { SessionStatus } from './session-status.svelte.ts';

export class SessionList {
  items = $state.raw<SessionMeta[]>([]);
  /** Whether the browser agreed to keep the sessions under storage pressure. */
  persisted = $state<boolean | null>(null);
  quota = $state<number | null>(null);
  readonly #status: SessionStatus;
  readonly #quota: StorageQuota;
  readonly #databases: Pick<SiftEngine, 'databases' | 'forgetDatabases'>;
  /** The sessions being deleted (session-deletes.svelte.ts): listed only while open. */
  readonly #deleting: Pick<DeleteMarks, 'hides'>;
  /** The database files of every stored session, hidden ones too: Undo brings their tables. */
  #kept: string[] = [];
  /** Counts readings of the database files' sizes: only the latest one is shown. */
  #measuring = 0;

  constructor(
    status: SessionStatus,
    quota: StorageQuota,
    databases: Pick<SiftEngine, 'databases' | 'forgetDatabases'>,
    deleting: Pick<DeleteMarks, 'hides'>,
  ) {
    this.#status = status;
    this.#quota = quota;
    this.#databases = databases;
    this.#deleting = deleting;
  }

  /** Leaves a session out of the list at once, before storage is read again. */
  hide(id: SessionId): void {
    this.items = this.items.filter((s) => s.id !== id);
  }

  /** Bytes the listed sessions take in storage. */
  get totalBytes(): number {
    return this.items.reduce((sum, s) => sum + totalBytes(s.bytes), 0);
  }

  /**
   * Reads the stored sessions again, listing the session open in this tab as the tab holds it
   * (`open()`, asked once they are read: it may have changed meanwhile) first when storage does
   * not have it or saving has failed. Resolves to that session as stored, if it is, for the open
   * session to take its stored sizes and dates.
   */
  async refresh(current: () => SessionMeta | null): Promise<SessionMeta | undefined> {
    const status = this.#status;
    let mine: SessionMeta | undefined;
    if (status.store) {
      try {
        const all = await status.store.list();
        this.#kept = all.flatMap((s) => (s.database ? [s.database] : []));
        const open = current();
        // A session being deleted stays listed in a tab that shows it (another tab deleted it).
        const stored = all.filter((s) => s.id === open?.id || !this.#deleting.hides(s.id));
        mine = stored.find((s) => s.id === open?.id);
        // Once saving has failed, the open session is what this tab holds, not what was stored.
        const meta = mine && !status.problem ? mine : open;
        this.items =
          meta && (status.problem || !mine)
            ? [meta, ...stored.filter((s) => s.id !== meta.id)]
            : stored;
      } catch (e) {
        status.problem = storageFailure(e);
      }
    } else {
      const open = current();
      this.items = open ? [open] : [];
    }
    // Not awaited: the engine answers once it has started (2.5 s into a page's life, measured
    // with bench/reopen.mjs), and neither the list nor a follower's tables need wait for it.
    void this.#measureDatabases();
    this.quota = (await this.#quota.figures()).quota;
    return mine;
  }

  /** Adds each session's database file, as it is now, to the bytes it takes (records.ts). */
  async #measureDatabases(): Promise<void> {
    const run = ++this.#measuring;
    if (!this.items.some((s) => s.database)) return;
    const sizes = await this.#databases.databases().catch(() => []);
    // A later reading of the list measures its own items.
    if (run !== this.#measuring) return;
    this.items = this.items.map((s) => {
      const bytes = sizes.find((d) => d.database === s.database)?.bytes;
      return bytes === undefined ? s : { ...s, bytes: { ...s.bytes, database: bytes } };
    });
  }

  /**
   * Removes the database files no stored session keeps (a session deleted, a tab closed before
   * its session was stored), unless the list could not be read or there is no store: then it is
   * not known which (another tab may read the sessions this one cannot).
   */
  async forgetUnkept(): Promise<void> {
    if (!this.#status.store || this.#status.problem) return;
    const listed = this.items.flatMap((s) => (s.database ? [s.database] : []));
    await this.#databases.forgetDatabases([...this.#kept, ...listed]).catch(() => undefined);
  }

  /** Asks the browser to keep the sessions; called when the first one is created. */
  requestPersistence(): void {
    void this.#quota.requestPersistence().then((p) => (this.persisted = p));
  }
}
