/**
 * What the person chose of the page's layout, kept on this device: whether the Activity panel is
 * hidden. A newcomer found it open on every reload after hiding it (issue 33).
 */
import type { Preferences } from './ports.ts';

const ACTIVITY_HIDDEN_ITEM = 'sift.activityHidden';

export class Layout {
  /** The person hid the Activity panel, and it stays hidden until they show it. */
  activityHidden = $state(false);
  readonly #preferences: Preferences | null;

  constructor(preferences: Preferences | null) {
    this.#preferences = preferences;
    this.activityHidden = preferences?.get(ACTIVITY_HIDDEN_ITEM) === '1';
  }

  hideActivity(hidden: boolean): void {
    this.activityHidden = hidden;
    if (hidden) this.#preferences?.set(ACTIVITY_HIDDEN_ITEM, '1');
    else this.#preferences?.remove(ACTIVITY_HIDDEN_ITEM);
  }
}
