/** What the sessions (sessions.svelte.ts) are built from, by the composition root (src/app.ts). */
import type { SiftEngine } from '../core/data/engine.ts';
import type { SessionStore } from '../core/session/store.ts';
import type { ScopeDeps } from './session-scope.svelte.ts';
import type { Address, Preferences, RescueSlot, StorageQuota, TabLinks } from './ports.ts';
import type { TabEngine } from './tab-engine.svelte.ts';
import type { Workspace } from './workspace.svelte.ts';

export interface SessionsDeps {
  workspace: Workspace;
  /** What each session's scope is built with, the workspace and engine above among it. */
  scope: Omit<ScopeDeps, 'workspace' | 'engine'>;
  openStore(): Promise<SessionStore>;
  tabs: TabLinks;
  rescue: RescueSlot;
  address: Address;
  quota: StorageQuota;
  /** Where a delete waiting for its Undo to pass is marked (session-deletes.svelte.ts). */
  marks: Preferences | null;
  /** How long Undo is offered after a delete; UNDO_WINDOW_MS unless a test shortens it. */
  undoWindowMs?: number;
  /**
   * The engine the page uses (state/tab-engine.svelte.ts): the database files kept for sessions in this
   * browser, and the writer's DuckDB, which a follower asks.
   */
  engine: SiftEngine &
    Pick<
      TabEngine,
      | 'databases'
      | 'forgetDatabases'
      | 'askWriter'
      | 'askingWriter'
      | 'stopAsking'
      | 'holdsOwnTables'
    >;
}
