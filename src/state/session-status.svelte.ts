/** What the three parts of the sessions share: the store, and what the person is told. */
import { errorMessage } from '../core/errors.ts';
import type { SessionStore } from '../core/session/store.ts';

export class SessionStatus {
  /** Why sessions are not being saved, in words; null while saving works. */
  problem = $state<string | null>(null);
  /** A passing message about the sessions (an import refused, a session gone). */
  notice = $state<string | null>(null);
  /** The store, once opened; null before, or when this browser cannot keep sessions. */
  store: SessionStore | null = null;

  /** The store while saving works; null once it has failed (the tab keeps going in memory). */
  get writable(): SessionStore | null {
    return this.problem ? null : this.store;
  }

  /**
   * Work started from an event that nobody awaits: a failure becomes a message in the page
   * rather than an unhandled rejection that leaves the page silently half-updated.
   */
  background(what: string, work: () => Promise<void>): void {
    work().catch((e: unknown) => (this.notice = `${what}: ${errorMessage(e)}`));
  }
}
