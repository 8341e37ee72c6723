/**
 * Removes a deleted session from storage once its Undo has passed (session-deletes.svelte.ts) or
 * its tab closed before carrying it out, then has the lists and the other tabs read it again.
 */
import { errorMessage } from '../core/errors.ts';
import type { SessionId } from '../core/ids.ts';
import type { DeleteMarks } from './delete-marks.ts';
import type { OpenSession } from './open-session.svelte.ts';
import type { SessionList } from './session-list.svelte.ts';
import type { SessionStatus } from './session-status.svelte.ts';
import type { SessionTabs } from './session-tabs.ts';

export interface SessionRemovalDeps {
  status: SessionStatus;
  marks: DeleteMarks;
  active: Pick<OpenSession, 'refresh'>;
  list: Pick<SessionList, 'forgetUnkept'>;
  tabs: Pick<SessionTabs, 'listChanged'>;
}

export class SessionRemoval {
  readonly #d: SessionRemovalDeps;

  constructor(deps: SessionRemovalDeps) {
    this.#d = deps;
  }

  async remove(id: SessionId): Promise<void> {
    const { status, marks, active, list, tabs } = this.#d;
    try {
      await status.store?.delete(id);
    } catch (e) {
      status.notice = `The session could not be deleted: ${errorMessage(e)}`;
    }
    // Unmarked only now: a tab closed before the delete finished leaves it to the next start.
    marks.unmark(id);
    await active.refresh();
    await list.forgetUnkept();
    tabs.listChanged(id);
  }
}
