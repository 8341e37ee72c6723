/**
 * The notebook of the session shown (issue 48), part of its scope (session-scope.svelte.ts): its
 * cells as the log folds them, which are stale, and what the person does to them — add, rename,
 * edit, move, delete, run one, run all. Every change is an event of the session's log, so the
 * notebook is stored, exported and followed by another tab with the rest; a follower shows it.
 */
import type { QueryResult, SiftEngine } from '../core/data/engine.ts';
import { keptResult } from '../core/data/kept-result.ts';
import { errorMessage } from '../core/errors.ts';
import { CELL_NAME, type CellView } from '../core/events/notebook.ts';
import { cellError, cellQuery, staleCells } from '../core/sql/notebook-sql.ts';
import type { SessionLog } from './session-log.svelte.ts';

/** Rows a cell's result keeps, as the SQL box's does. */
export const CELL_MAX_ROWS = 1000;
const CELL_TIMEOUT_MS = 30_000;

export class Notebook {
  /** The cell running now, if any; cells run one at a time. */
  running = $state<string | null>(null);
  readonly #log: SessionLog;
  readonly #engine: Pick<SiftEngine, 'query'>;

  constructor(log: SessionLog, engine: Pick<SiftEngine, 'query'>) {
    this.#log = log;
    this.#engine = engine;
  }

  get cells(): readonly CellView[] {
    return this.#log.view.notebook;
  }

  /** Cells whose result is not that of their SQL as written now (notebook-sql.ts). */
  get stale(): ReadonlySet<string> {
    return staleCells(this.cells);
  }

  /** Whether this tab may change the notebook: a follower only shows it. */
  get writable(): boolean {
    return !this.#log.readOnly && !this.#log.closed;
  }

  /** A new SQL cell after `after` (last when absent), named `cell_N`; its id. */
  add(source = '', after?: string): string | null {
    if (!this.writable) return null;
    const taken = this.cells.map((c) => c.name);
    let n = this.cells.length + 1;
    while (taken.includes(`cell_${n}`)) n++;
    const cellId = `cell-${crypto.randomUUID()}`;
    this.#log.record({
      type: 'cell_set',
      cellId,
      kind: 'sql',
      name: `cell_${n}`,
      source,
      ...(after === undefined ? {} : { after }),
      at: Date.now(),
    });
    return cellId;
  }

  /** Keeps `source` as the cell's SQL (not run: the cell shows as stale until it is). */
  edit(cellId: string, source: string): void {
    const c = this.#cell(cellId);
    if (!c || !this.writable || c.source === source) return;
    this.#log.record({ ...this.#set(c), source });
  }

  /** Renames a cell; the reason in words when the name cannot be taken, else null. */
  rename(cellId: string, name: string): string | null {
    const c = this.#cell(cellId);
    const wanted = name.trim();
    if (!c || !this.writable || wanted === c.name) return null;
    if (!CELL_NAME.test(wanted))
      return 'A name is lower-case letters, digits and _, starting with a letter or _ (as a table’s name is written), up to 60.';
    if (this.cells.some((o) => o.name === wanted))
      return `Another cell is already named ${wanted}.`;
    this.#log.record({ ...this.#set(c), name: wanted });
    return null;
  }

  remove(cellId: string): void {
    if (!this.writable || !this.#cell(cellId)) return;
    this.#log.record({ type: 'cell_removed', cellId, at: Date.now() });
  }

  move(cellId: string, by: -1 | 1): void {
    const at = this.cells.findIndex((c) => c.cellId === cellId);
    if (!this.writable || at < 0 || at + by < 0 || at + by >= this.cells.length) return;
    this.#log.record({ type: 'cell_moved', cellId, by, at: Date.now() });
  }

  /** Runs one cell, the earlier cells it reads by name included (notebook-sql.ts). */
  async run(cellId: string): Promise<void> {
    const index = this.cells.findIndex((c) => c.cellId === cellId);
    if (index < 0 || this.running || !this.writable) return;
    const c = this.cells[index]!;
    if (!c.source.trim()) return;
    const statement = cellQuery(this.cells, index);
    this.running = cellId;
    try {
      const result: QueryResult = await this.#engine
        .query(statement, {
          maxRows: CELL_MAX_ROWS,
          timeoutMs: CELL_TIMEOUT_MS,
          id: `cell-${cellId}`,
        })
        .catch((e: unknown) => ({
          ok: false as const,
          kind: 'error' as const,
          message: errorMessage(e),
          durationMs: 0,
        }));
      // Left meanwhile: the log is closed and takes nothing.
      this.#log.record({
        type: 'cell_ran',
        cellId,
        source: statement,
        ...keptResult(result, (message) => cellError(message, this.cells, index)),
        at: Date.now(),
      });
    } finally {
      this.running = null;
    }
  }

  /** Runs every cell, top to bottom: each reads the others as they are now. */
  async runAll(): Promise<void> {
    for (const c of [...this.cells]) {
      if (!this.writable) return;
      await this.run(c.cellId);
    }
  }

  #cell(cellId: string): CellView | undefined {
    return this.cells.find((c) => c.cellId === cellId);
  }

  #set(c: CellView) {
    return {
      type: 'cell_set' as const,
      cellId: c.cellId,
      kind: c.kind,
      name: c.name,
      source: c.source,
      at: Date.now(),
    };
  }
}
