/**
 * The rows of one table, for the data tab's grid: fetched a page at a time as the grid scrolls
 * to them (`SELECT * … LIMIT … OFFSET …` through the guarded engine), so a table of millions of
 * rows shows its first screen at once and never crosses to the page whole. Sorting, filtering
 * and searching change that SQL (core/data/grid-view.ts): DuckDB does them, never the page.
 */
import { columnPlaces, shownChars } from '../core/data/number-places.ts';
import type { CsvDialect } from '../core/data/csv-dialect.ts';
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { Cell, ResultColumn, SiftEngine, TableInfo } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';
import { isPlain, PLAIN_VIEW, type GridView } from '../core/data/grid-view.ts';
import { countSql, pageSql, viewSql } from '../core/sql/grid-sql.ts';
import { wasCut } from '../core/sql/query-limits.ts';
import { ResultFile } from './result-file.svelte.ts';

export const PAGE_ROWS = 200;

/** A view that could not be applied: in plain words, with DuckDB's own text for Details. */
export interface ViewFailure {
  message: string;
  details: string;
}

/** What of a table's grid is kept while another table is shown. */
interface Kept {
  read: string;
  view: GridView;
  schema: readonly ResultColumn[];
  widths: ReadonlyMap<string, number>;
  textLengths: ReadonlyMap<string, number>;
  places: ReadonlyMap<string, number>;
}

/**
 * A table's read: the same name read again (another encoding, kept as written) is another read,
 * whose rows, columns or types may differ. TableInfo.schema is left out: it arrives after the load.
 */
const readOf = (t: TableInfo): string =>
  JSON.stringify([
    t.name,
    t.rows,
    t.encoding,
    t.readAs ?? null,
    t.asWritten ?? false,
    t.loadMs,
    t.columns.map((c) => c.name),
  ]);

/**
 * Whether a view made on `before` still means the same on `now`: each column it sorts or filters
 * by is there, of the same type (a range on a number read as text would compare text).
 */
function viewFits(
  view: GridView,
  before: readonly ResultColumn[],
  now: readonly ResultColumn[],
): boolean {
  const typeIn = (schema: readonly ResultColumn[], column: string) =>
    schema.find((c) => c.name === column)?.type;
  const columns = [...view.filters.map((f) => f.column), ...(view.sort ? [view.sort.column] : [])];
  return columns.every((column) => {
    const was = typeIn(before, column);
    const is = typeIn(now, column);
    // A type not known yet on either side (schema still to come) is taken for the same.
    return is !== undefined && (!was || !is || was === is);
  });
}

export class TableRows {
  /** The table shown; null before one is chosen. */
  table = $state<string | null>(null);
  columns = $state.raw<string[]>([]);
  schema = $state.raw<ResultColumn[]>([]);
  /** Rows in the view: the whole table's unless a filter or search keeps fewer. */
  total = $state(0);
  /** Rows in the table. */
  tableTotal = $state(0);
  view = $state.raw<GridView>(PLAIN_VIEW);
  /**
   * The view last asked for, shown or still being counted: a change made meanwhile (a sort
   * clicked while a search is counted) is made to it, so that neither is lost.
   */
  wanted = $state.raw<GridView>(PLAIN_VIEW);
  /** A new view is being counted: the grid shows the last one until it is. */
  applying = $state(false);
  viewFailure = $state<ViewFailure | null>(null);
  /** Column widths the person set by dragging or keys, in pixels, for the table shown. */
  readonly widths = new SvelteMap<string, number>();
  /**
   * The longest value of each text column among the first rows the table showed, in characters:
   * the grid's starting widths fit it (components/workspace/grid/column-widths.ts). Measured
   * once a table, from its first page, so that a sort or filter does not move the columns.
   */
  readonly textLengths = new SvelteMap<string, number>();
  /**
   * The decimal places each numeric column is shown with, from the same first rows: a DECIMAL's
   * scale, or what a column of doubles needs (core/data/number-places.ts). Its numbers' shown
   * length is in `textLengths`, so that a column starts as wide as its widest number.
   */
  readonly places = new SvelteMap<string, number>();
  /**
   * Bumped each time the pages are dropped (another table, view or read of the table): the grid
   * asks again for the rows on screen (a table read again may keep the same view and row count,
   * so neither tells it), and a page that arrives for the rows before is dropped.
   */
  resets = $state(0);
  /** Pages fetched so far, by page number. */
  readonly pages = new SvelteMap<number, Cell[][]>();
  error = $state<string | null>(null);
  /** The view shown, every row of it, saved as a CSV file (`saveView`). */
  readonly file: ResultFile;
  readonly #engine: SiftEngine;
  /** Pages asked for (fetched or on their way). */
  readonly #asked = new SvelteSet<number>();
  /**
   * Each table's view, widths and measured lengths, kept while the session is open so going back
   * to its rows finds them — with the read they were made on, since a table read again (another
   * encoding, kept as written) may have other columns, types and values under the same name.
   */
  // Read only when a table is shown again, never drawn from: a plain map, not a reactive one.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #kept = new Map<string, Kept>();
  /** The read of the table shown (readOf), null when none is. */
  #read: string | null = null;
  /** Bumped by each view asked for: only the last one asked is applied. */
  #applyCount = 0;
  /** The count under way, cancelled when another view is asked for: DuckDB runs one at a time. */
  #counting: string | null = null;
  /** Pages on their way, cancelled when the view they were for is left (not drawn from). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #inFlight = new Set<string>();

  constructor(engine: SiftEngine) {
    this.#engine = engine;
    this.file = new ResultFile(engine);
  }

  /** Every row of the view shown — its filters, search and sort — as a CSV file, by DuckDB. */
  saveView(dialect?: CsvDialect): Promise<Blob | null> {
    if (!this.table) return Promise.resolve(null);
    return this.file.save(viewSql(this.table, this.view, this.schema), undefined, dialect);
  }

  /**
   * The SQL of the view the toolbar shows — the one last asked for, even while DuckDB still counts
   * it — so "Open in the SQL box" carries every chip the person sees (a CI run clicked it between
   * the chip and the count and got the table without the filter).
   */
  wantedSql(): string | null {
    return this.table ? viewSql(this.table, this.wanted, this.schema) : null;
  }

  /** Leaves the session: its tables' views and widths are not another session's. */
  forget(): void {
    this.show(null);
    this.#kept.clear();
  }

  /**
   * Shows the rows of `table`, or none. The table shown again, read again (workspace.reread),
   * is read anew: its pages, and its kept view where a column it sorts or filters by is gone or
   * of another type now; the widths the person set stay on the columns still there.
   */
  show(table: TableInfo | null): void {
    const read = table ? readOf(table) : null;
    if (read === this.#read) {
      // The same read, its types known now (TableInfo.schema is read after the load).
      if (table?.schema && table.schema !== this.schema) this.schema = table.schema;
      return;
    }
    this.file.clear();
    if (this.table && this.#read) {
      // Copies, read only when the table is shown again, never drawn from.
      /* eslint-disable svelte/prefer-svelte-reactivity */
      this.#kept.set(this.table, {
        read: this.#read,
        view: this.view,
        schema: this.schema,
        widths: new Map(this.widths),
        textLengths: new Map(this.textLengths),
        places: new Map(this.places),
      });
      /* eslint-enable svelte/prefer-svelte-reactivity */
    }
    this.#read = read;
    this.table = table?.name ?? null;
    this.columns = table?.columns.map((c) => c.name) ?? [];
    this.schema = table?.schema ?? table?.columns.map((c) => ({ name: c.name, type: '' })) ?? [];
    this.tableTotal = table?.rows ?? 0;
    const kept = table ? this.#kept.get(table.name) : undefined;
    const same = kept?.read === read;
    this.widths.clear();
    for (const [column, px] of kept?.widths ?? []) {
      if (this.columns.includes(column)) this.widths.set(column, px);
    }
    this.textLengths.clear();
    for (const [column, n] of same ? (kept?.textLengths ?? []) : [])
      this.textLengths.set(column, n);
    this.places.clear();
    for (const [column, n] of same ? (kept?.places ?? []) : []) this.places.set(column, n);
    this.viewFailure = null;
    this.#applyCount++;
    if (this.#counting) void this.#engine.cancel(this.#counting);
    this.#counting = null;
    const usable = kept && viewFits(kept.view, kept.schema, this.schema) ? kept.view : null;
    this.#reset(PLAIN_VIEW, this.tableTotal);
    if (usable && !isPlain(usable)) void this.apply(usable);
  }

  /**
   * Shows the rows of another view once DuckDB has counted them. A view DuckDB refuses (a bound
   * that is not a date, say) leaves the grid as it was, with the reason in `viewFailure`.
   */
  async apply(view: GridView): Promise<boolean> {
    const table = this.table;
    if (!table) return false;
    // A count of its own: the pages of the view still shown keep arriving until this one is counted.
    const asked = ++this.#applyCount;
    const current = () => asked === this.#applyCount && table === this.table;
    if (this.#counting) void this.#engine.cancel(this.#counting);
    const id = `rows-count-${table}-${asked}`;
    this.#counting = id;
    this.wanted = view;
    this.applying = true;
    let failure: string;
    try {
      const result = await this.#engine.query(countSql(table, view, this.schema), {
        maxRows: 1,
        timeoutMs: 60_000,
        id,
      });
      if (!current()) return false;
      if (result.ok) {
        this.viewFailure = null;
        this.#reset(view, Number(result.rows[0]?.[0] ?? 0));
        return true;
      }
      failure = result.message;
    } catch (e) {
      if (!current()) return false;
      failure = errorMessage(e);
    } finally {
      if (this.#counting === id) this.#counting = null;
    }
    this.applying = false;
    this.wanted = this.view;
    this.viewFailure = {
      message:
        'DuckDB could not apply that to the rows, so they are shown as before. A bound must be written as the column holds it: a number, or a date as 2024-03-31.',
      details: failure,
    };
    return false;
  }

  #reset(view: GridView, total: number): void {
    this.resets++;
    for (const id of this.#inFlight) void this.#engine.cancel(id);
    this.#inFlight.clear();
    this.wanted = view;
    this.#asked.clear();
    this.pages.clear();
    this.view = view;
    this.total = total;
    this.applying = false;
    this.error = null;
  }

  /**
   * Whether a cell was cut short as its page was read (long text in a wide table): what it
   * shows is not the value, so it can be neither filtered by nor copied as one.
   */
  isCut(cell: Cell): boolean {
    // The page's read asks for a row more than it keeps, and its cut is made for that many.
    return typeof cell === 'string' && wasCut(cell, this.columns.length, PAGE_ROWS + 1);
  }

  row(index: number): Cell[] | undefined {
    return this.pages.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS];
  }

  /** Fetches the pages that hold rows `first`…`last` and are not fetched yet. */
  ensure(first: number, last: number): void {
    if (!this.table) return;
    for (let page = Math.floor(first / PAGE_ROWS); page <= Math.floor(last / PAGE_ROWS); page++) {
      if (page * PAGE_ROWS >= this.total || this.#asked.has(page)) continue;
      this.#asked.add(page);
      void this.#fetch(this.table, page, this.resets);
    }
  }

  async #fetch(table: string, page: number, generation: number): Promise<void> {
    const sql = pageSql(table, this.view, this.schema, PAGE_ROWS, page * PAGE_ROWS);
    const id = `rows-${table}-${generation}-${page}`;
    this.#inFlight.add(id);
    let failure: string | null = null;
    try {
      const result = await this.#engine.query(sql, {
        maxRows: PAGE_ROWS,
        timeoutMs: 30_000,
        id,
      });
      if (generation !== this.resets) return;
      if (result.ok) {
        if (this.textLengths.size === 0) this.#measure(result.rows);
        this.pages.set(page, result.rows);
        return;
      }
      failure = result.message;
    } catch (e) {
      if (generation !== this.resets) return;
      failure = errorMessage(e);
    } finally {
      this.#inFlight.delete(id);
    }
    // Asked again when the grid next scrolls there.
    this.#asked.delete(page);
    this.error = `The rows could not be read: ${failure}`;
  }

  #measure(rows: readonly Cell[][]): void {
    this.columns.forEach((column, c) => {
      const type = this.schema.find((s) => s.name === column)?.type ?? '';
      const places = columnPlaces(
        type,
        rows.map((r) => r[c]),
      );
      if (places !== null) this.places.set(column, places);
      let longest = 0;
      for (const row of rows) {
        const cell = row[c];
        if (typeof cell === 'string') longest = Math.max(longest, [...cell].length);
        else if (typeof cell === 'number')
          longest = Math.max(longest, shownChars(cell, places ?? 0));
      }
      if (longest > 0) this.textLengths.set(column, longest);
    });
  }
}
