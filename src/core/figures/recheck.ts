/**
 * A notebook's findings checked again after its cells ran on other data (issue 48): next month's
 * file. When a text cell is written, each figure its check found (check-figures.ts) is anchored
 * where it was found — the cell, the column by name, the row by its labels ("north") or, with
 * none, its place — and how (a cell, a total, a share, a change…). Run again, the same place of
 * the new result gives the figure's value now: the finding still holds, has changed (old and new
 * value said), or can no longer be checked (the column or row is gone, the cell failed).
 */
import { z } from 'zod';
import type { Cell } from '../data/cell.ts';
import { MODEL_MAX_ROWS } from '../data/compact-result.ts';
import {
  checkFigures,
  near,
  numberOf,
  type CheckedFigure,
  type CitableQueries,
  type FigureChecks,
  type FigureSource,
  type Found,
} from './check-figures.ts';
import { figuresInText, renameCitations, type Figure } from './figures-in-text.ts';

/** A row found again by the text of its cells, or by its place when it has none to tell it by. */
const rowKey = z.union([
  z.object({ labels: z.array(z.string().max(1_000)).min(1).max(50) }),
  z.object({ index: z.number().int().min(0) }),
]);
type RowKey = z.infer<typeof rowKey>;

const place = z.object({ column: z.string().max(1_000), row: rowKey });

/** Where a figure of a text cell was found when it was written. */
export const figureAnchor = z.object({
  /** The figure as written and where it stands in the text, to find it there again. */
  start: z.number().int().min(0),
  text: z.string().max(200),
  /** The cited cell: `@name`. */
  cell: z.string().max(61),
  how: z.enum(['cell', 'total', 'rows', 'share', 'difference', 'ratio', 'change']),
  scale: z.union([z.literal(1), z.literal(100)]),
  along: z.enum(['column', 'row']).optional(),
  places: z.array(place).max(2),
  value: z.number(),
});
export type FigureAnchor = z.infer<typeof figureAnchor>;

/** A figure of a text cell checked again: `changed` says what it was and what it is now. */
export interface RecheckedFigure extends CheckedFigure {
  was?: string;
  now?: string;
}

export interface Rechecked extends FigureChecks {
  figures: RecheckedFigure[];
}

/** The text cells of a row: what tells it from the others ("north", "2024-03"). */
const labelsOf = (row: readonly Cell[]): string[] =>
  row.flatMap((c) => (typeof c === 'string' && numberOf(c) === null ? [c.trim()] : []));

const shown = (source: FigureSource) => source.rows.slice(0, MODEL_MAX_ROWS);

function keyOf(rows: readonly (readonly Cell[])[], row: number): RowKey {
  const labels = labelsOf(rows[row] ?? []);
  const same = (r: readonly Cell[]) => JSON.stringify(labelsOf(r)) === JSON.stringify(labels);
  return labels.length && rows.filter(same).length === 1 ? { labels } : { index: row };
}

/** Where each figure of `text` checked against `sources` was found, for recheckFigures. */
export function anchorFigures(text: string, sources: CitableQueries): FigureAnchor[] {
  const anchors: FigureAnchor[] = [];
  for (const f of checkFigures(text, sources).figures) {
    const found = f.found;
    const source = found && sources.get(found.queryId);
    if (!found || !source || f.state !== 'checked') continue;
    const rows = shown(source);
    const at = (c: { row: number; column: number }) => ({
      column: source.columns[c.column] ?? '',
      row: keyOf(rows, c.row),
    });
    const first = found.cells[0];
    const places =
      found.how === 'rows' || !first
        ? []
        : found.how === 'total'
          ? [found.along === 'row' ? at(first) : { column: at(first).column, row: { index: 0 } }]
          : found.cells.slice(0, 2).map(at);
    anchors.push({
      start: f.start,
      text: f.text,
      cell: found.queryId,
      how: found.how,
      scale: found.scale,
      ...(found.along ? { along: found.along } : {}),
      places,
      value: found.value,
    });
  }
  return anchors;
}

type At = { value: number; cells: Array<{ row: number; column: number }> };

/** The anchored figure's value in `source` now, or why it cannot be found there. */
function valueAt(a: FigureAnchor, source: FigureSource): At | string {
  const rows = shown(source);
  const name = a.cell;
  if (a.how === 'rows') return { value: source.rowCount ?? source.rows.length, cells: [] };
  const slots: Array<{ row: number; column: number; v: number }> = [];
  for (const p of a.places) {
    const column = source.columns.indexOf(p.column);
    if (column < 0) return `the column ${p.column} is gone from ${name}`;
    const key = p.row;
    const labels = 'labels' in key ? JSON.stringify(key.labels) : null;
    const row =
      'index' in key
        ? key.index < rows.length
          ? key.index
          : -1
        : rows.findIndex((r) => JSON.stringify(labelsOf(r)) === labels);
    if (row < 0)
      return 'labels' in key
        ? `the row ${key.labels.join(' · ')} is gone from ${name}`
        : `${name} has no row ${key.index + 1} now`;
    const v = numberOf(rows[row]![column] ?? null);
    if (v === null && !(a.how === 'total' && a.along !== 'row'))
      return `${p.column} of that row of ${name} is empty now`;
    slots.push({ row, column, v: v ?? 0 });
  }
  const [x, y] = slots;
  if (!x) return `${name} has nothing where it was found`;
  const line = () => {
    const cells: At['cells'] = [];
    let sum = 0;
    if (a.along === 'row')
      rows[x.row]!.forEach((c, column) => {
        const v = numberOf(c);
        if (v === null) return;
        sum += v;
        cells.push({ row: x.row, column });
      });
    else
      rows.forEach((r, row) => {
        const v = numberOf(r[x.column] ?? null);
        if (v === null) return;
        sum += v;
        cells.push({ row, column: x.column });
      });
    return { sum, cells };
  };
  const one = [{ row: x.row, column: x.column }];
  const two = y ? [...one, { row: y.row, column: y.column }] : one;
  switch (a.how) {
    case 'cell':
      return { value: x.v * a.scale, cells: one };
    case 'total': {
      const { sum, cells } = line();
      return { value: sum, cells };
    }
    case 'share': {
      const { sum } = line();
      return sum === 0 ? `the total of ${name} is 0 now` : { value: (x.v / sum) * 100, cells: one };
    }
    default: {
      if (!y) return `${name} has nothing where it was found`;
      if (a.how === 'difference') return { value: (x.v - y.v) * a.scale, cells: two };
      if (y.v === 0) return `a value it was divided by is 0 in ${name} now`;
      if (a.how === 'ratio') return { value: (x.v / y.v) * a.scale, cells: two };
      return { value: (x.v / y.v - 1) * 100, cells: two };
    }
  }
}

/**
 * `x` written as `figure` was: its currency, scale, unit, places and grouping ("$1.4 million");
 * with its sign when `signed` (the figure was written with one, or its direction turned).
 */
export function writtenLike(figure: Figure, x: number, signed = figure.signed): string {
  const m = /\d(?:[\d,]*\d)?(?:\.\d+)?/.exec(figure.text);
  if (!m) return String(x);
  const digits = m[0];
  const written = Number(digits.replaceAll(',', ''));
  const factor = written === 0 ? 1 : Math.abs(figure.value) / written;
  const places = digits.split('.')[1]?.length ?? 0;
  const number = (Math.abs(x) / factor).toLocaleString('en-US', {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
    useGrouping: digits.includes(','),
  });
  const head = figure.text.slice(0, m.index).replace(/[-−–+]/g, '');
  // A figure written without a sign ("fell 12%") is shown now without one, unless it turned.
  const sign = !signed ? '' : x < 0 ? '−' : '+';
  return `${sign}${head}${number}${figure.text.slice(m.index + digits.length)}`;
}

/**
 * The figures of a text cell, checked against the cells' results now: an anchored figure is
 * looked for where it was found (holds, `changed`, or `mismatch` when that place is gone); the
 * others are checked as any answer's are.
 */
export function recheckFigures(
  text: string,
  anchors: readonly FigureAnchor[],
  sources: CitableQueries,
): Rechecked {
  const counts = { checked: 0, mismatch: 0, untraced: 0, changed: 0 };
  const figures = checkFigures(text, sources).figures.map((f): RecheckedFigure => {
    const a = anchors.find((x) => x.start === f.start && x.text === f.text);
    if (!a) return f;
    const source = sources.get(a.cell);
    const at = source ? valueAt(a, source) : `${a.cell} has no result now`;
    if (typeof at === 'string')
      return {
        ...f,
        state: 'mismatch',
        found: null,
        note: `${f.text} can no longer be checked: ${at}`,
      };
    const found: Found = {
      queryId: a.cell,
      how: a.how,
      cells: at.cells,
      value: at.value,
      scale: a.scale,
      ...(a.along ? { along: a.along } : {}),
    };
    // A figure written without a sign matches either; its direction must still be the one found.
    const turned = Math.sign(at.value) * Math.sign(a.value) < 0;
    if (near(f, at.value) && !turned)
      return f.state === 'checked'
        ? f
        : { ...f, state: 'checked', found, note: `${f.text} still holds in ${a.cell}` };
    const now = writtenLike(f, at.value, turned);
    return {
      ...f,
      state: 'changed',
      found,
      was: f.text,
      now,
      note: `${f.text} when written; ${now} now, in ${a.cell}`,
    };
  });
  for (const f of figures) counts[f.state]++;
  return { figures, counts };
}

/**
 * A text cell's source and anchors once the cell it cites as `from` is named `to`: the citations
 * say the new name, and each anchor follows its figure, which a longer or shorter name moved.
 */
export function renamedCell(
  text: string,
  anchors: readonly FigureAnchor[],
  from: string,
  to: string,
): { source: string; anchors: FigureAnchor[] } {
  const source = renameCitations(text, (id) => (id === from ? to : id));
  const before = figuresInText(text).figures;
  const after = figuresInText(source).figures;
  return {
    source,
    anchors: anchors.flatMap((a) => {
      const i = before.findIndex((f) => f.start === a.start && f.text === a.text);
      const moved = after[i];
      if (i < 0 || !moved || moved.text !== a.text) return [];
      return [{ ...a, start: moved.start, cell: a.cell === from ? to : a.cell }];
    }),
  };
}

/**
 * A text cell's anchors once its text is `text`, edited from `before`: a figure written as before
 * (the same text, in the same order among its like) keeps the anchor it had — so a finding that
 * changed with the data still says so after a typo is fixed elsewhere — and a new figure is
 * anchored where it is found in the results now.
 */
export function editedAnchors(
  before: string,
  text: string,
  anchors: readonly FigureAnchor[],
  sources: CitableQueries,
): FigureAnchor[] {
  const nth = (figures: readonly Figure[], i: number) =>
    figures.slice(0, i).filter((f) => f.text === figures[i]!.text).length;
  const old = figuresInText(before).figures;
  const now = figuresInText(text).figures;
  const fresh = anchorFigures(text, sources);
  return now.flatMap((f, i) => {
    const k = nth(now, i);
    const was = old.findIndex((o, j) => o.text === f.text && nth(old, j) === k);
    const kept =
      was >= 0 ? anchors.find((a) => a.start === old[was]!.start && a.text === f.text) : undefined;
    if (kept) return [{ ...kept, start: f.start }];
    const made = fresh.find((a) => a.start === f.start);
    return made ? [made] : [];
  });
}
