/**
 * The log of the session this tab shows. Built once by the composition root and handed to the
 * analyst (which runs its turns on it), the workspace (which reads whether files may be added)
 * and the open session (the only one that puts a log here, as sessions open, change hands and
 * close). It replaces the late-bound closures the peers once reached each other through.
 */
import { SessionLog } from './session-log.svelte.ts';

export class ShownLog {
  #log = $state.raw(new SessionLog('writer'));

  get log(): SessionLog {
    return this.#log;
  }

  /** Shows `log`; the one shown before is closed (a turn still ending there reaches nothing). */
  show(log: SessionLog): void {
    if (log === this.#log) return;
    this.#log.close();
    this.#log = log;
  }

  get readOnly(): boolean {
    return this.#log.readOnly;
  }
}
