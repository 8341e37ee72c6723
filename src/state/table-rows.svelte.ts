/**
 * The rows of one table, for the data tab's grid: fetched a page at a time as the grid scrolls
 * to them (`SELECT * … LIMIT … OFFSET …` through the guarded engine), so a table of millions of
 * rows shows its first screen at once and never crosses to the page whole.
 */
import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { Cell, SiftEngine, TableInfo } from '../core/data/engine.ts';
import { errorMessage } from '../core/errors.ts';
import { quoteIdent } from '../core/sql/sql-text.ts';

export const PAGE_ROWS = 200;

export class TableRows {
  /** The table shown; null before one is chosen. */
  table = $state<string | null>(null);
  columns = $state.raw<string[]>([]);
  total = $state(0);
  /** Pages fetched so far, by page number. */
  readonly pages = new SvelteMap<number, Cell[][]>();
  error = $state<string | null>(null);
  readonly #engine: SiftEngine;
  /** Pages asked for (fetched or on their way). */
  readonly #asked = new SvelteSet<number>();
  /** Bumped when another table is shown: a page that arrives for the last one is dropped. */
  #generation = 0;

  constructor(engine: SiftEngine) {
    this.#engine = engine;
  }

  show(table: TableInfo | null): void {
    if (table?.name === this.table && table?.rows === this.total) return;
    this.#generation++;
    this.#asked.clear();
    this.table = table?.name ?? null;
    this.columns = table?.columns.map((c) => c.name) ?? [];
    this.total = table?.rows ?? 0;
    this.pages.clear();
    this.error = null;
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
      void this.#fetch(this.table, page, this.#generation);
    }
  }

  async #fetch(table: string, page: number, generation: number): Promise<void> {
    const sql = `SELECT * FROM ${quoteIdent(table)} LIMIT ${PAGE_ROWS} OFFSET ${page * PAGE_ROWS}`;
    let failure: string | null = null;
    try {
      const result = await this.#engine.query(sql, {
        maxRows: PAGE_ROWS,
        timeoutMs: 30_000,
        id: `rows-${table}-${page}`,
      });
      if (generation !== this.#generation) return;
      if (result.ok) {
        this.pages.set(page, result.rows);
        return;
      }
      failure = result.message;
    } catch (e) {
      if (generation !== this.#generation) return;
      failure = errorMessage(e);
    }
    // Asked again when the grid next scrolls there.
    this.#asked.delete(page);
    this.error = `The rows could not be read: ${failure}`;
  }
}
