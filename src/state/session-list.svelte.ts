/** The stored sessions as the list shows them, and what the browser says of their storage. */
import { storageFailure } from '../core/session/storage-failure.ts';
import { totalBytes, type SessionMeta } from '../core/session/records.ts';
import type { OpenSession } from './open-session.svelte.ts';
import type { StorageQuota } from './ports.ts';
import type { SessionStatus } from './session-status.svelte.ts';

export class SessionList {
  items = $state.raw<SessionMeta[]>([]);
  /** Whether the browser agreed to keep the sessions under storage pressure. */
  persisted = $state<boolean | null>(null);
  quota = $state<number | null>(null);
  readonly #status: SessionStatus;
  readonly #quota: StorageQuota;
  readonly #open: OpenSession;

  constructor(status: SessionStatus, quota: StorageQuota, open: OpenSession) {
    this.#status = status;
    this.#quota = quota;
    this.#open = open;
  }

  /** Bytes the listed sessions take in storage. */
  get totalBytes(): number {
    return this.items.reduce((sum, s) => sum + totalBytes(s.bytes), 0);
  }

  async refresh(): Promise<void> {
    const status = this.#status;
    const open = this.#open;
    if (status.store) {
      try {
        const stored = await status.store.list();
        const mine = stored.find((s) => s.id === open.id);
        if (mine && !status.problem) open.meta = mine;
        // Once saving has failed, the open session is what this tab holds, not what was stored.
        const meta = open.meta;
        this.items =
          meta && (status.problem || !mine)
            ? [meta, ...stored.filter((s) => s.id !== meta.id)]
            : stored;
      } catch (e) {
        status.problem = storageFailure(e);
      }
    } else this.items = open.meta ? [open.meta] : [];
    this.quota = (await this.#quota.figures()).quota;
  }

  /** Asks the browser to keep the sessions; called when the first one is created. */
  requestPersistence(): void {
    void this.#quota.requestPersistence().then((p) => (this.persisted = p));
  }
}
