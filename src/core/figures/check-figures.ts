/**
 * Each figure of an answer against the results of the queries it cites (issue 31): checked when
 * some value the model was shown rounds to it — a cell, a column's total, the row count, or a
 * share, difference, ratio or change of two cells of one column or row — in its own unit and
 * rounding; a mismatch when none does; untraced when its sentence cites nothing in an answer that
 * cites elsewhere. Runs on the stored results, so the page, a reopened or imported session and
 * the report all say the same.
 */
import type { Cell } from '../data/cell.ts';
import { MODEL_MAX_ROWS } from '../data/compact-result.ts';
import { figuresInText, type Figure } from './figures-in-text.ts';

/** A cited query's result as the session keeps it. */
export interface FigureSource {
  columns: string[];
  rows: Cell[][];
  /** Rows in the full result; null when unknown. */
  rowCount: number | null;
}

/**
 * The session's queries a citation may name, by id, with their results: a Map in the page
 * (events/query-ids.ts), the tool context's lookup in the loop (tools/output-text.ts).
 */
export interface CitableQueries {
  get(id: string): FigureSource | undefined;
  has(id: string): boolean;
}

/** `changed`: a notebook's finding whose value moved when its cells ran again (recheck.ts). */
export type FigureState = 'checked' | 'mismatch' | 'untraced' | 'changed';

export type FoundHow = 'cell' | 'total' | 'rows' | 'share' | 'difference' | 'ratio' | 'change';

/** Where a checked figure's value was found: the query, how, and the cells it came from. */
export interface Found {
  queryId: string;
  how: FoundHow;
  cells: Array<{ row: number; column: number }>;
  value: number;
  /** 100 when a fraction was read as a percentage or points (0.25 → 25 %). */
  scale: 1 | 100;
  /** A total's or a share's line of cells: a column, or a row. */
  along?: 'column' | 'row';
}

export interface CheckedFigure extends Figure {
  state: FigureState;
  /** The queries its sentence cites. */
  queries: string[];
  found: Found | null;
  /** In words, for the page's hover and the report: where it came from, or what is there. */
  note: string;
}

export interface FigureChecks {
  figures: CheckedFigure[];
  counts: Record<FigureState, number>;
}

/**
 * Past this many rows a share, difference or ratio of two cells is taken only when the sentence
 * names one of their rows or states one of the two cells: among the 2,450 ordered pairs of 50
 * rows, 13% of made-up figures finer than the data matched one by chance, against under 2% with
 * this rule (tests/unit/figure-checks.test.ts, chance matches).
 */
const FEW_ROWS = 12;
/** Words that make a plain figure a difference: "4.96 is 1.72 higher than 3.24". */
const COMPARING =
  /\b(?:more|less|fewer|higher|lower|greater|smaller|bigger|above|below|change\w*|difference|differ\w*|gap|up|down|increase\w*|decrease\w*|rose|risen|fell|fallen|drop\w*|gain\w*|grew|grown|ahead|behind|exceed\w*|short|margin|than)\b/i;

/**
 * A percentage followed by a comparison ("60% windier", "11% less") is a change between two
 * values, not a share of a total: 60% of the two cities' summed wind happened to be New York's.
 */
const RELATIVE =
  /^(?:more|less|fewer|higher|lower|greater|smaller|bigger|larger|above|below|up|down|(?!(?:other|others|never|under|over|after|ever|per|either|neither|whether|rather|later|number|order|users?|customers?|members?|partners?|players?|winter|summer|quarter|water|paper|power|center|centre|letter|matter|september|october|november|december)\b)\p{L}+er)\b/iu;

const NUMERIC = /^[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?$/i;

export function numberOf(c: Cell): number | null {
  if (typeof c === 'number') return Number.isFinite(c) ? c : null;
  if (typeof c === 'string' && NUMERIC.test(c.trim())) return Number(c);
  return null;
}

/** The part of a result the model saw: its first rows, as numbers where cells are numbers. */
interface Grid {
  id: string;
  columns: string[];
  values: Array<Array<number | null>>;
  labels: string[][];
  rowCount: number;
}

function gridOf(id: string, source: FigureSource): Grid {
  const rows = source.rows.slice(0, MODEL_MAX_ROWS);
  return {
    id,
    columns: source.columns,
    values: rows.map((r) => r.map(numberOf)),
    labels: rows.map((r) =>
      r.flatMap((c) =>
        typeof c === 'string' && numberOf(c) === null && c.trim().length > 1
          ? [c.trim().toLowerCase()]
          : [],
      ),
    ),
    rowCount: source.rowCount ?? source.rows.length,
  };
}

const fmt = (x: number) =>
  Number(x.toPrecision(6)).toLocaleString('en-US', { maximumFractionDigits: 6 });

/** Whether `x` rounds to the figure, in the figure's own unit. */
export function near(figure: Figure, x: number): boolean {
  const target = figure.signed ? figure.value : Math.abs(figure.value);
  const got = figure.signed ? x : Math.abs(x);
  return Math.abs(got - target) <= figure.tolerance + 1e-9 * Math.max(1, Math.abs(target));
}

interface Candidate {
  value: number;
  how: FoundHow;
  cells: Array<{ row: number; column: number }>;
  scale?: 100;
  along?: 'column' | 'row';
}

type Slot = { row: number; column: number; v: number };

/**
 * Every value a figure of `unit` may have been read from in `grid`, cells first. `anchor` says
 * which cells a pair must include (a long result, FEW_ROWS); null when any pair may count.
 */
function* candidates(
  grid: Grid,
  figure: Figure,
  comparing: boolean,
  anchor: ((c: Slot) => boolean) | null,
): Generator<Candidate> {
  const { values } = grid;
  const percent = figure.unit === 'percent';
  const points = figure.unit === 'points';
  const ratio = figure.unit === 'ratio';
  const relative = percent && RELATIVE.test(figure.then);
  const width = Math.max(0, ...values.map((r) => r.length));
  for (let row = 0; row < values.length; row++)
    for (let column = 0; column < width; column++) {
      const v = values[row]?.[column];
      if (v == null) continue;
      const cells = [{ row, column }];
      yield { value: v, how: 'cell', cells };
      if (percent || points) yield { value: v * 100, how: 'cell', cells, scale: 100 };
    }
  if (figure.unit === 'plain') yield { value: grid.rowCount, how: 'rows', cells: [] };
  // Lines of cells: each column, then each row.
  const lines: Slot[][] = [];
  for (let column = 0; column < width; column++)
    lines.push(
      values.flatMap((r, row) => {
        const v = r[column];
        return v == null ? [] : [{ row, column, v }];
      }),
    );
  for (let row = 0; row < values.length; row++)
    lines.push((values[row] ?? []).flatMap((v, column) => (v == null ? [] : [{ row, column, v }])));
  for (const [index, line] of lines.entries()) {
    if (line.length < 2) continue;
    const along = index < width ? 'column' : 'row';
    const sum = line.reduce((s, c) => s + c.v, 0);
    const all = line.map(({ row, column }) => ({ row, column }));
    if (figure.unit === 'plain') yield { value: sum, how: 'total', cells: all, along };
    if (percent && !relative && sum !== 0)
      for (const c of line)
        yield {
          value: (c.v / sum) * 100,
          how: 'share',
          cells: [{ row: c.row, column: c.column }],
          along,
        };
    if (!(figure.unit === 'plain' && comparing) && !points && !ratio && !percent) continue;
    // With an anchor, only the pairs that include an anchored cell: O(anchored × n), not n².
    const firsts = anchor ? line.filter(anchor) : line;
    for (const [a, b] of pairs(line, firsts, anchor !== null)) {
      const cells = [
        { row: a.row, column: a.column },
        { row: b.row, column: b.column },
      ];
      if ((figure.unit === 'plain' && comparing) || points)
        yield { value: a.v - b.v, how: 'difference', cells };
      if (points) yield { value: (a.v - b.v) * 100, how: 'difference', cells, scale: 100 };
      if (b.v === 0) continue;
      if (ratio) yield { value: a.v / b.v, how: 'ratio', cells };
      if (percent) {
        yield { value: (a.v / b.v - 1) * 100, how: 'change', cells };
        if (!relative) yield { value: (a.v / b.v) * 100, how: 'ratio', cells, scale: 100 };
      }
    }
  }
}

/** Ordered pairs of two cells of `line`, each including one of `firsts` when `some` is set. */
function* pairs(line: Slot[], firsts: Slot[], some: boolean): Generator<[Slot, Slot]> {
  if (!some) {
    for (const a of line) for (const b of line) if (a !== b) yield [a, b];
    return;
  }
  const first = new Set(firsts);
  for (const a of firsts) for (const b of line) if (a !== b) yield [a, b];
  for (const a of line) if (!first.has(a)) for (const b of firsts) yield [a, b];
}

/**
 * In a long result, the cells a pair must include: those of a row the sentence names (a label
 * of it) and those equal to another figure of the sentence. Null for a short one.
 */
function anchorOf(grid: Grid, scope: string, others: Figure[]): ((c: Slot) => boolean) | null {
  if (grid.values.length <= FEW_ROWS) return null;
  const lower = scope.toLowerCase();
  const rows = new Set(
    grid.labels.flatMap((labels, row) => (labels.some((l) => lower.includes(l)) ? [row] : [])),
  );
  return (c) => rows.has(c.row) || others.some((f) => near(f, c.v));
}

function describe(grid: Grid, c: Candidate): string {
  const name = (column: number) => grid.columns[column] ?? `column ${column + 1}`;
  const [a, b] = c.cells;
  const at = (x: { row: number; column: number }) => `${name(x.column)}, row ${x.row + 1}`;
  switch (c.how) {
    case 'cell':
      return `${fmt(c.value)}: ${at(a!)} of ${grid.id}`;
    case 'rows':
      return `${grid.id} has ${fmt(c.value)} rows`;
    case 'total':
      return `${fmt(c.value)}: the total of ${c.cells.every((x) => x.column === a!.column) ? name(a!.column) : `row ${a!.row + 1}`} in ${grid.id}`;
    case 'share':
      return `${fmt(c.value)} %: ${at(a!)} as a share of its total in ${grid.id}`;
    default: {
      const of = c.how === 'difference' ? 'difference' : c.how === 'ratio' ? 'ratio' : 'change';
      return `${fmt(c.value)}: the ${of} of ${at(a!)} and ${at(b!)} of ${grid.id}`;
    }
  }
}

/** What the cited results hold nearest the figure: "Q2 has 4.96, 3.24". */
function nearest(grids: Grid[], figure: Figure): string {
  const target = Math.abs(figure.value);
  const scaled = (v: number) =>
    figure.unit === 'percent' && Math.abs(v) <= 1 && target > 1 ? v * 100 : v;
  return grids
    .map((g) => {
      const vs = [...new Set(g.values.flat().filter((v): v is number => v != null))]
        .sort(
          (x, y) => Math.abs(Math.abs(scaled(x)) - target) - Math.abs(Math.abs(scaled(y)) - target),
        )
        .slice(0, 3);
      return vs.length
        ? `${g.id} has ${vs.map(fmt).join(', ')}`
        : `${g.id} has no numbers in the rows shown`;
    })
    .join('; ');
}

function checkOne(
  figure: Figure,
  ids: string[],
  grids: Map<string, Grid>,
  scope: string,
  others: Figure[],
): Pick<CheckedFigure, 'state' | 'found' | 'note'> {
  const cited = ids.flatMap((id) => grids.get(id) ?? []);
  const missing = ids.filter((id) => !grids.has(id));
  const comparing = COMPARING.test(scope);
  for (const grid of cited)
    for (const c of candidates(grid, figure, comparing, anchorOf(grid, scope, others)))
      if (near(figure, c.value))
        return {
          state: 'checked',
          found: {
            queryId: grid.id,
            how: c.how,
            cells: c.cells,
            value: c.value,
            scale: c.scale ?? 1,
            ...(c.along ? { along: c.along } : {}),
          },
          note: describe(grid, c),
        };
  const where = ids.join(', ');
  const none = `${missing.join(', ')}, which ${missing.length === 1 ? 'is no query' : 'are no queries'} of this session`;
  const note = cited.length
    ? `${figure.text} is not in ${where} — ${nearest(cited, figure)}${missing.length ? `; it cites ${none}` : ''}`
    : `${figure.text} cites ${none}`;
  return { state: 'mismatch', found: null, note };
}

/**
 * Checks every figure of `markdown` (an answer, or a report's prose) against `sources`, the
 * session's query results by id. An answer that cites nothing is not checked (a greeting, a
 * clarifying question): its figures come back empty.
 */
export function checkFigures(
  markdown: string,
  sources: CitableQueries,
  /** The text is part of a larger one that cites (a report cut around its charts). */
  { partOfCiting = false }: { partOfCiting?: boolean } = {},
): FigureChecks {
  const counts: Record<FigureState, number> = { checked: 0, mismatch: 0, untraced: 0, changed: 0 };
  const { figures, citations, scopes } = figuresInText(markdown);
  if (!citations.length && !partOfCiting) return { figures: [], counts };
  // Only the cited queries' grids, each made once.
  const grids = new Map<string, Grid>();
  for (const id of new Set(citations.flatMap((c) => c.ids))) {
    const source = sources.get(id);
    if (source) grids.set(id, gridOf(id, source));
  }
  const checked = figures.map((figure): CheckedFigure => {
    // The citation that follows the figure in its sentence ("4,426 mm [Q1]; 26 days [Q9]"), or,
    // with none after it, the one before it ("[Q1] Seattle: 3.24 m/s").
    const inScope = citations.filter((c) => c.scope === figure.scope);
    const cite =
      inScope.find((c) => c.start >= figure.end) ?? inScope.findLast((c) => c.end <= figure.start);
    const ids = [...new Set(cite?.ids ?? [])];
    const result: Pick<CheckedFigure, 'state' | 'found' | 'note'> = ids.length
      ? checkOne(
          figure,
          ids,
          grids,
          scopes[figure.scope] ?? '',
          figures.filter((f) => f !== figure && f.scope === figure.scope),
        )
      : { state: 'untraced', found: null, note: `${figure.text} cites no query` };
    counts[result.state]++;
    return { ...figure, queries: ids, ...result };
  });
  return { figures: checked, counts };
}
