/**
 * The page's side panels: sessions and tables on the left, the Activity panel on the right.
 * Beside the centre on a wide screen, drawers over it on a narrow one (App.svelte's media
 * queries). Whether the person hid the Activity panel is kept on this device: a newcomer found it
 * open on every reload after hiding it (issue 33).
 */
import type { Preferences } from './ports.ts';

const ACTIVITY_HIDDEN_ITEM = 'sift.activityHidden';

/** What the page shows, which the panels follow. */
export interface LayoutContent {
  /** No table, and none loading: there is nothing for the panels to accompany. */
  empty(): boolean;
  /** The session shown has had no turn yet: the Activity panel has nothing to show. */
  noTurns(): boolean;
}

export class Layout {
  /** The sessions-and-tables drawer is open (it is a drawer on a phone's width only). */
  #leftOpen = $state(false);
  /**
   * The Activity panel as the person left it: `null` until they open or hide it (automatic:
   * shown where there is room for it, a closed drawer where there is not), `false` once hidden,
   * which this device keeps.
   */
  #rightOpen = $state<boolean | null>(null);
  readonly #preferences: Preferences | null;
  readonly #content: LayoutContent;

  constructor(preferences: Preferences | null, content: LayoutContent) {
    this.#preferences = preferences;
    this.#content = content;
    if (preferences?.get(ACTIVITY_HIDDEN_ITEM) === '1') this.#rightOpen = false;
  }

  get leftOpen(): boolean {
    return this.#leftOpen;
  }

  /** The Activity panel was opened by the person: a drawer over the centre where it is one. */
  get rightOpen(): boolean {
    return this.#rightOpen === true;
  }

  /**
   * Whether the Activity panel is in the page: `false` (hidden), `true` (shown, as the person
   * asked) or `'auto'` (shown where there is room for it). Quiet by default (issue 33): left to
   * itself, it waits for a turn to show.
   */
  get rightShown(): boolean | 'auto' {
    if (this.#content.empty()) return false;
    if (this.#rightOpen === null) return this.#content.noTurns() ? false : 'auto';
    return this.#rightOpen;
  }

  /** A drawer is open over the centre: a tap beside it, or Escape, closes it. */
  get drawerOpen(): boolean {
    return this.#leftOpen || this.#rightOpen === true;
  }

  /** One drawer at a time: on a phone the two stacked, each half hidden (issue 33). */
  toggleLeft(): void {
    this.#leftOpen = !this.#leftOpen;
    if (this.#leftOpen && this.#rightOpen === true) this.#rightOpen = null;
  }

  closeLeft(): void {
    this.#leftOpen = false;
  }

  /**
   * Shows the Activity panel if it is not `visible` now (the page measures it: where it is
   * automatic, that depends on the screen's width), and hides it, for good, if it is.
   */
  toggleRight(visible: boolean): void {
    this.#show(!visible);
    if (this.#rightOpen) this.#leftOpen = false;
  }

  /** The Activity panel's own Hide: hidden until the person shows it again, after a reload too. */
  hideActivity(): void {
    this.#show(false);
  }

  /** Escape, or a tap beside a drawer: both drawers close; a hidden Activity panel stays hidden. */
  closeDrawers(): void {
    this.#leftOpen = false;
    if (this.#rightOpen === true) this.#rightOpen = null;
  }

  #show(open: boolean): void {
    this.#rightOpen = open;
    if (open) this.#preferences?.remove(ACTIVITY_HIDDEN_ITEM);
    else this.#preferences?.set(ACTIVITY_HIDDEN_ITEM, '1');
  }
}
