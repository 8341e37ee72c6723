/**
 * The notebook of the session shown (issue 48), part of its scope (session-scope.svelte.ts): its
 * cells as the log folds them, which are stale, its findings checked against the cells' results,
 * and what the person does to them — add, rename, edit, move, delete and undo, run one, run all.
 * Every change is an event of the session's log, so the notebook is stored, exported and
 * followed by another tab with the rest; a follower shows it.
 */
import type { SiftEngine, TableInfo } from '../core/data/engine.ts';
import { identifierLike } from '../core/reading/column-names.ts';
import { CELL_NAME, dataStamp, type CellKind, type CellView } from '../core/events/notebook.ts';
import type { FigureSource } from '../core/figures/check-figures.ts';
import {
  anchorFigures,
  editedAnchors,
  recheckFigures,
  renamedCell,
  type FigureAnchor,
  type Rechecked,
} from '../core/figures/recheck.ts';
import { renamedReads, staleCells } from '../core/sql/notebook-sql.ts';
import { SQL_KEYWORDS } from '../core/sql/sql-words.ts';
import { jobsOf, runJobs, type RunDeps } from './notebook-runs.ts';
import type { SessionLog } from './session-log.svelte.ts';

/** What a new cell of each kind is called, numbered: `cell_3`, `text_2`, `chart_1`. */
const STEM: Record<CellKind, string> = { sql: 'cell', text: 'text', chart: 'chart' };

/** How many findings of the text cells hold, changed, or can no longer be checked. */
export interface Findings {
  checked: number;
  changed: number;
  mismatch: number;
  untraced: number;
}

export interface NotebookDeps {
  engine: Pick<SiftEngine, 'query' | 'cancel'>;
  /**
   * The session's tables: their names a cell's may not take, and the files they were read from,
   * which a result is of (events/notebook.ts dataStamp).
   */
  tables: () => readonly TableInfo[];
}

/** A name like `wanted` that a cell may take, not one `taken` (column-names.ts identifierLike). */
export const nameLike = (wanted: string, taken: readonly string[]): string =>
  identifierLike(wanted, { has: (name) => taken.includes(name) }, 'cell');

export class Notebook {
  /** The cell running now, if any; cells run one at a time. */
  running = $state<string | null>(null);
  /** The cell deleted last, with its place and result, until Undo or the next delete. */
  removed = $state.raw<{ cell: CellView; after: string | null } | null>(null);
  readonly #log: SessionLog;
  readonly #deps: NotebookDeps;

  constructor(log: SessionLog, deps: NotebookDeps) {
    this.#log = log;
    this.#deps = deps;
  }

  get cells(): readonly CellView[] {
    return this.#log.view.notebook;
  }

  /** The session's data now, which each result is compared with. */
  get data(): string {
    return dataStamp(this.#deps.tables());
  }

  /**
   * Cells whose result is not that of their SQL as written now on the data now (notebook-sql.ts):
   * after Replace file, every result is of last month's file until it runs again. Derived once
   * per change of the cells or the tables: the notebook and its findings both read it.
   */
  readonly stale: ReadonlySet<string> = $derived.by(() => {
    const data = this.data;
    return staleCells(this.cells, (c) => {
      const ran = (c as CellView).run?.data;
      return ran !== undefined && ran !== data;
    });
  });

  /** Whether this tab may change the notebook: a follower only shows it. */
  get writable(): boolean {
    return !this.#log.readOnly && !this.#log.closed;
  }

  /** The SQL cells' results a text cell cites, by `@name` (core/figures). */
  readonly sources = $derived.by(() => {
    // Made anew from the cells each time, never changed after: a plain Map is the value.
    // eslint-disable-next-line svelte/prefer-svelte-reactivity
    const sources = new Map<string, FigureSource>();
    for (const c of this.cells)
      if (c.kind === 'sql' && c.run && !c.run.isError)
        sources.set(`@${c.name}`, {
          columns: c.run.columns,
          rows: c.run.rows,
          rowCount: c.run.rowCount,
        });
    return sources;
  });

  /** Each text cell's figures, checked again against the results now (core/figures/recheck.ts). */
  readonly checks = $derived.by(() => {
    // eslint-disable-next-line svelte/prefer-svelte-reactivity -- made anew, never changed after
    const checks = new Map<string, Rechecked>();
    for (const c of this.cells)
      if (c.kind === 'text')
        checks.set(c.cellId, recheckFigures(c.source, c.anchors ?? [], this.sources));
    return checks;
  });

  /** The findings of every text cell, counted: the summary at the notebook's top. */
  get findings(): Findings {
    const total: Findings = { checked: 0, changed: 0, mismatch: 0, untraced: 0 };
    for (const { counts } of this.checks.values())
      for (const k of Object.keys(total) as (keyof Findings)[]) total[k] += counts[k];
    return total;
  }

  /**
   * A new cell after `after` (last when absent), named `name` if free (else numbered by kind);
   * its id. A text cell's figures are anchored on the results now unless `anchors` are given.
   */
  add(
    kind: CellKind = 'sql',
    source = '',
    more: { after?: string; of?: string; name?: string; anchors?: FigureAnchor[] } = {},
  ): string | null {
    if (!this.writable) return null;
    const taken = this.#taken();
    let n = this.cells.filter((c) => c.kind === kind).length + 1;
    while (taken.includes(`${STEM[kind]}_${n}`)) n++;
    const cellId = `cell-${crypto.randomUUID()}`;
    this.#log.record({
      type: 'cell_set',
      cellId,
      kind,
      name: more.name ? nameLike(more.name, taken) : `${STEM[kind]}_${n}`,
      source,
      ...(more.after === undefined ? {} : { after: more.after }),
      ...(more.of === undefined ? {} : { of: more.of }),
      ...(kind === 'text' ? { anchors: more.anchors ?? anchorFigures(source, this.sources) } : {}),
      at: Date.now(),
    });
    return cellId;
  }

  /** The cell of `cellId`, as the log has it now. */
  cell(cellId: string): CellView | undefined {
    return this.#cell(cellId);
  }

  /**
   * Keeps `source` as the cell's SQL, text or spec. A SQL cell shows as stale until it runs
   * again; a text cell's figures are anchored anew where the results have them now.
   */
  edit(cellId: string, source: string): void {
    const c = this.#cell(cellId);
    if (!c || !this.writable || c.source === source) return;
    this.#log.record({ ...this.#set(c), source, ...this.#anchors(c, source) });
  }

  /** Renames a cell; the reason in words, with a name that would do, when it cannot be taken. */
  rename(cellId: string, name: string): string | null {
    const c = this.#cell(cellId);
    const wanted = name.trim();
    if (!c || !this.writable || wanted === c.name) return null;
    const others = this.#taken().filter((n) => n !== c.name);
    const instead = () => nameLike(wanted, others);
    if (!CELL_NAME.test(wanted))
      return `A name is lower-case letters, digits and _, starting with a letter or _ (as a table’s name is written), up to 60: ${instead()}, say.`;
    if (SQL_KEYWORDS.has(wanted))
      return `${wanted} is a word of SQL, which DuckDB would not read as a cell's name: ${nameLike(`${wanted}_cell`, others)}, say.`;
    if (this.#deps.tables().some((t) => t.name === wanted))
      return `A table is named ${wanted}: a cell of that name would hide it from the cells after it. ${instead()}, say.`;
    if (others.includes(wanted))
      return `Another cell is already named ${wanted}: ${instead()}, say.`;
    this.#log.record({ ...this.#set(c), name: wanted });
    // The SQL cells that read it read it by its new name, and the text cells cite it so.
    if (c.kind === 'sql')
      for (const t of this.cells)
        if (t.kind === 'sql' && t.cellId !== c.cellId) {
          const source = renamedReads(t.source, c.name, wanted);
          if (source !== t.source) this.#log.record({ ...this.#set(t), source });
        } else if (t.kind === 'text') {
          const moved = renamedCell(t.source, t.anchors ?? [], `@${c.name}`, `@${wanted}`);
          if (moved.source !== t.source) this.#log.record({ ...this.#set(t), ...moved });
        }
    return null;
  }

  remove(cellId: string): void {
    const at = this.cells.findIndex((c) => c.cellId === cellId);
    if (!this.writable || at < 0) return;
    this.removed = { cell: this.cells[at]!, after: at > 0 ? this.cells[at - 1]!.cellId : null };
    this.#log.record({ type: 'cell_removed', cellId, at: Date.now() });
  }

  /** Brings back the cell deleted last, in its place, with its result. */
  undoRemove(): void {
    const removed = this.removed;
    if (!removed || !this.writable) return;
    this.removed = null;
    const { cell, after } = removed;
    const { run, cellId, ...fields } = cell;
    const taken = this.#taken();
    this.#log.record({
      type: 'cell_set',
      cellId,
      ...fields,
      // Its name, unless a cell made since has taken it.
      name: taken.includes(cell.name) ? nameLike(cell.name, taken) : cell.name,
      after: after && this.#cell(after) ? after : null,
      at: Date.now(),
    });
    if (run) this.#log.record({ type: 'cell_ran', cellId, ...run });
  }

  move(cellId: string, by: -1 | 1): void {
    const at = this.cells.findIndex((c) => c.cellId === cellId);
    if (!this.writable || at < 0 || at + by < 0 || at + by >= this.cells.length) return;
    this.#log.record({ type: 'cell_moved', cellId, by, at: Date.now() });
  }

  /** Runs one SQL cell, the earlier cells it reads by name included (notebook-sql.ts). */
  run(cellId: string): Promise<void> {
    return this.#inTurn(() => jobsOf(this.cells, cellId));
  }

  /**
   * Runs every SQL cell, top to bottom: each reads the others as they are now. The charts are
   * drawn from the new results and the text cells' figures checked against them as they come.
   */
  runAll(): Promise<void> {
    return this.#inTurn(() => jobsOf(this.cells));
  }

  /** The runs asked for, one after another: a cell sent here during a Run all runs after it. */
  #runs: Promise<void> = Promise.resolve();

  /** Runs the jobs `of` the cells as they are when the run before has ended. */
  #inTurn(of: () => ReturnType<typeof jobsOf>): Promise<void> {
    const next = this.#runs.then(() =>
      this.writable ? runJobs(of(), this.cells, this.#runDeps) : undefined,
    );
    this.#runs = next.catch(() => undefined);
    return next;
  }

  get #runDeps(): RunDeps {
    return {
      engine: this.#deps.engine,
      data: this.data,
      running: (cellId) => (this.running = cellId),
      record: (event) => this.#log.record(event),
      alive: () => this.writable,
    };
  }

  /** The names taken: the cells' and the tables'. */
  #taken(): string[] {
    return [...this.cells.map((c) => c.name), ...this.#deps.tables().map((t) => t.name)];
  }

  #cell(cellId: string): CellView | undefined {
    return this.cells.find((c) => c.cellId === cellId);
  }

  #anchors(c: CellView, source: string) {
    return c.kind === 'text'
      ? { anchors: editedAnchors(c.source, source, c.anchors ?? [], this.sources) }
      : {};
  }

  #set(c: CellView) {
    return {
      type: 'cell_set' as const,
      cellId: c.cellId,
      kind: c.kind,
      name: c.name,
      source: c.source,
      ...(c.of === undefined ? {} : { of: c.of }),
      ...(c.anchors === undefined ? {} : { anchors: c.anchors }),
      at: Date.now(),
    };
  }
}
