/**
 * A notebook cell's SQL as DuckDB runs it (issue 48): the results of earlier cells it reads by
 * name become common table expressions before it, each as its own cell's SQL — so a cell reads
 * the others as they are written now, and nothing is created in the database (the read-only
 * guard allows no CREATE). Only earlier cells are in scope, as in a notebook read top to bottom.
 */

/** What the SQL of a notebook needs of a cell (core/events/notebook.ts, NotebookCell). */
export interface NotebookCell {
  cellId: string;
  /** Only SQL cells are read by others (text and chart cells have names, not results). */
  kind?: string;
  name: string;
  source: string;
  /** Its last run: the statement it ran, as cellQuery wrote it. */
  run: { source: string } | null;
}

/** A cell's SQL without the semicolons and space it may end with. */
export const body = (source: string) =>
  source
    .trim()
    .replace(/;+\s*$/, '')
    .trim();

/** `source` with its strings and comments blanked: what is read there is no name. */
const unquoted = (source: string) =>
  source.replace(/'(?:[^']|'')*'|--[^\r\n]*|\/\*[\s\S]*?\*\//g, (m) => ' '.repeat(m.length));

/**
 * Where `source` names `name` as a word: not inside a longer identifier, a string or a comment,
 * and not as the alias an `AS` gives a column (`sum(x) AS total` reads no cell `total`).
 */
function readsAt(source: string, name: string): number[] {
  const word = new RegExp(`(^|[^A-Za-z0-9_"])(?<!\\bAS\\s+)${name}(?=$|[^A-Za-z0-9_"])`, 'gi');
  return [...unquoted(source).matchAll(word)].map((m) => m.index + m[1]!.length);
}

/** Whether `source` reads the cell `name` (readsAt). */
export const reads = (source: string, name: string): boolean => readsAt(source, name).length > 0;

/** `source` with each read of the cell `from` (readsAt) naming `to` instead. */
export function renamedReads(source: string, from: string, to: string): string {
  let out = '';
  let last = 0;
  for (const at of readsAt(source, from)) {
    out += source.slice(last, at) + to;
    last = at + from.length;
  }
  return out + source.slice(last);
}

/** The earlier cells cell `index` reads, each once, those they read first. */
export function readsOf(cells: readonly NotebookCell[], index: number): NotebookCell[] {
  const out: NotebookCell[] = [];
  const visit = (at: number) => {
    const source = cells[at]!.source;
    for (let k = 0; k < at; k++) {
      const c = cells[k]!;
      if ((c.kind ?? 'sql') !== 'sql' || out.includes(c) || !reads(source, c.name)) continue;
      visit(k);
      if (!out.includes(c)) out.push(c);
    }
  };
  visit(index);
  return out;
}

/**
 * The later SQL cells cell `index` names: a notebook is read top to bottom, so a cell reads only
 * those above it — and two cells can never read each other round in a circle. Said to the
 * person, with the cells named, instead of DuckDB's "Table … does not exist".
 */
export function laterReads(cells: readonly NotebookCell[], index: number): NotebookCell[] {
  const source = cells[index]!.source;
  return cells
    .slice(index + 1)
    .filter(
      (c) => (c.kind ?? 'sql') === 'sql' && c.name !== cells[index]!.name && reads(source, c.name),
    );
}

/** Why cell `index` cannot run as it is, in words; null when it can. */
export function cannotRun(cells: readonly NotebookCell[], index: number): string | null {
  const later = laterReads(cells, index).map((c) => c.name);
  if (!later.length) return null;
  const own = cells[index]!.name;
  const them =
    later.length === 1 ? later[0] : `${later.slice(0, -1).join(', ')} and ${later.at(-1)}`;
  return `${own} reads ${them}, which ${later.length === 1 ? 'comes' : 'come'} after it: a cell reads only the cells above it. Move ${own} below ${later.length === 1 ? 'it' : 'them'}, or ${later.length === 1 ? 'it' : 'them'} above ${own}.`;
}

const WITH = /^WITH\s+(RECURSIVE\s+)?/i;

/** The statement DuckDB runs for cell `index`. */
export function cellQuery(cells: readonly NotebookCell[], index: number): string {
  const own = body(cells[index]!.source);
  const before = readsOf(cells, index).map((c) => `${c.name} AS (\n${body(c.source)}\n)`);
  if (before.length === 0) return own;
  const withOwn = WITH.exec(own);
  if (!withOwn) return `WITH ${before.join(',\n')}\n${own}`;
  // The cell's own WITH list goes on after the earlier cells' (one WITH per statement).
  const recursive = withOwn[1] ? 'RECURSIVE ' : '';
  return `WITH ${recursive}${before.join(',\n')},\n${own.slice(withOwn[0].length)}`;
}

/**
 * The cells whose result is not that of their SQL as written now: never run, changed since, or
 * reading an earlier cell that is stale — what Run all would change.
 */
export function staleCells(
  cells: readonly NotebookCell[],
  /** Whether a cell's result is of other data than the session's now (another file read). */
  otherData: (c: NotebookCell) => boolean = () => false,
): Set<string> {
  const stale = new Set<string>();
  cells.forEach((c, i) => {
    if ((c.kind ?? 'sql') !== 'sql') return;
    const changed = c.run === null || c.run.source !== cellQuery(cells, i) || otherData(c);
    if (changed || readsOf(cells, i).some((r) => stale.has(r.cellId))) stale.add(c.cellId);
  });
  return stale;
}

/**
 * DuckDB's error for cell `index`, its line numbers put back on the cell's own SQL: the earlier
 * cells it reads come first in the statement (cellQuery), so DuckDB's "Line 6" may be the cell's
 * line 1 (core/sql/error-lines.ts has already made them the statement's own).
 */
export function cellError(message: string, cells: readonly NotebookCell[], index: number): string {
  const statement = cellQuery(cells, index);
  const own = body(cells[index]!.source);
  const at = statement.lastIndexOf(own.slice(0, 40));
  const before = at > 0 ? statement.slice(0, at).split('\n').length - 1 : 0;
  if (before === 0) return message;
  return message.replace(/\bLine (\d+): /g, (_m, n: string) =>
    Number(n) > before ? `Line ${Number(n) - before}: ` : 'In an earlier cell it reads: ',
  );
}
