/**
 * Bringing back the tables of the session this tab writes: from the database file it records,
 * where they are still as loaded, else read again from the stored files (Workspace.restore). Done
 * when a session is opened (sessions.svelte.ts) and when a follower that showed the writer's
 * tables takes the session over (session-follower.ts). The page says why a file was of no use,
 * and the session records where its tables are now.
 */
import type { OpenSession } from './open-session.svelte.ts';
import type { SessionStatus } from './session-status.svelte.ts';
import type { SessionTabs } from './session-tabs.ts';
import { readsOf } from './stored-files.ts';
import type { Restored, Workspace } from './workspace.svelte.ts';

/** What the person is told when a session's stored copy of its tables was of no use. */
export const REBUILT: Record<NonNullable<Restored['file']>, string | null> = {
  used: null,
  stale:
    'Some tables had changed since this session stored its copy of them, so Sift read them again from their files.',
  damaged:
    "This session's stored copy of its tables could not be opened, so Sift read them again from their files.",
  missing:
    "This session's stored copy of its tables is no longer in this browser's storage, so Sift read them again from their files.",
};

export interface RestoreDeps {
  open: OpenSession;
  workspace: Workspace;
  status: SessionStatus;
  /** The tabs following the session ask for its tables again once they are all back. */
  tabs: Pick<SessionTabs, 'tablesChanged'>;
}

/** Restores the open session's tables into the (emptied) workspace; never rejects. */
export async function restoreTables({ open, workspace, status, tabs }: RestoreDeps): Promise<void> {
  const { id, meta, files, scope } = open;
  if (!id || !meta || open.role !== 'writer') return;
  try {
    const { file, database } = await workspace.restore(files, readsOf(meta.tables), meta.database);
    // Unless the person has moved on meanwhile: the scope the tables were for is gone, its log
    // closed (session-scope.svelte.ts).
    if (scope.log.closed) return;
    const words = file && REBUILT[file];
    if (words) status.notice = words;
    await open.keptIn(id, database);
    tabs.tablesChanged(id);
  } catch {
    // Each table's failure is shown by the workspace; the record is left as it was.
  }
}
