/**
 * The rows grid's focused cell and its menu: which cell the Tab key reaches (one, however many
 * rows: a roving tabindex, cell-keys.ts), where the keys move it, and which cell's menu is open.
 * The grid hands over what it draws; this holds no rows, so it stays small as tables grow.
 */
import { moveFor, type CellPlace } from './cell-keys.ts';

export interface CursorHost {
  /** The grid's scrolling box, where its cells are drawn. */
  scroller(): HTMLElement | undefined;
  /** Scrolls a row that is not drawn into the rows the virtualiser draws. */
  scrollToRow(row: number): void;
  /** Rows in the view and columns of the table. */
  size(): { rows: number; cols: number };
  /** Whether a cell's value has arrived (a cell still loading opens no menu). */
  loaded(at: CellPlace): boolean;
}

const same = (a: CellPlace | undefined, b: CellPlace) => a?.row === b.row && a.col === b.col;

export class CellCursor {
  active = $state<CellPlace>({ row: 0, col: 0 });
  /** The cell whose menu is open, and the element the menu is anchored to. */
  menu = $state<{ at: CellPlace; anchor: HTMLElement } | null>(null);
  readonly #host: CursorHost;

  constructor(host: CursorHost) {
    this.#host = host;
  }

  hasMenu = (at: CellPlace): boolean => same(this.menu?.at, at);

  /** Another view or table: its first row, in the same column if the table is the same. */
  reset(sameTable: boolean): void {
    this.active = { row: 0, col: sameTable ? this.active.col : 0 };
    this.menu = null;
  }

  #element(at: CellPlace): HTMLElement | null | undefined {
    return this.#host
      .scroller()
      ?.querySelector<HTMLElement>(`tr[data-row="${at.row}"] td[data-col="${at.col}"]`);
  }

  /**
   * Focuses the active cell. A row beyond those drawn is scrolled to first and drawn a frame or
   * two later; the browser then scrolls the cell itself into view as it takes the focus.
   */
  async focus(): Promise<void> {
    const at = this.active;
    if (!this.#element(at)) {
      this.#host.scrollToRow(at.row);
      for (let i = 0; i < 5 && !this.#element(at); i++) {
        await new Promise((done) => requestAnimationFrame(done));
      }
    }
    if (at === this.active) this.#element(at)?.focus();
  }

  /** The data cell an event came from, or null (the header, the row numbers, the spacers). */
  #hit(event: Event): { at: CellPlace; td: HTMLElement } | null {
    const td = (event.target as Element).closest<HTMLElement>('td[data-col]');
    const row = td?.parentElement?.dataset.row;
    if (!td || row === undefined) return null;
    return { at: { row: Number(row), col: Number(td.dataset.col) }, td };
  }

  /** Opens the cell's menu, or closes it when it is that cell's already (a second click). */
  #toggle(at: CellPlace, td: HTMLElement): void {
    this.active = at;
    this.menu = this.hasMenu(at) || !this.#host.loaded(at) ? null : { at, anchor: td };
  }

  /** A cell the focus reaches (Tab, a click) is where the keys move from. */
  focusin = (event: FocusEvent): void => {
    const hit = this.#hit(event);
    if (hit && !same(this.active, hit.at)) this.active = hit.at;
  };

  click = (event: MouseEvent): void => {
    const hit = this.#hit(event);
    if (hit) this.#toggle(hit.at, hit.td);
  };

  keydown = (event: KeyboardEvent): void => {
    const hit = this.#hit(event);
    if (!hit) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      return this.#toggle(hit.at, hit.td);
    }
    const box = this.#host.scroller();
    // A screenful less two rows, so that a row seen before the jump is still seen after it.
    const page = Math.max(
      1,
      Math.floor((box?.clientHeight ?? 0) / (hit.td.offsetHeight || 30)) - 2,
    );
    const to = moveFor(event.key, event.ctrlKey || event.metaKey, hit.at, {
      ...this.#host.size(),
      page,
    });
    if (!to) return;
    event.preventDefault();
    this.active = to;
    void this.focus();
  };

  /** `refocus`: the focus goes back to the cell (Esc, a choice), not where a click put it. */
  close = (refocus: boolean): void => {
    this.menu = null;
    if (refocus) void this.focus();
  };
}
