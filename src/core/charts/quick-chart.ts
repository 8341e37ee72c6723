/**
 * A chart of a result the person chooses (issue 33, item 2: "a chart from a result in two
 * clicks"): which column goes across, which up, and the mark. The first choice is made for them
 * from the columns' types, so one click draws a sensible chart and a second changes it.
 */
import type { Cell, ResultColumn } from '../data/engine.ts';
import { columnPlaces } from '../data/number-places.ts';
import { isNumericType } from '../data/column-type.ts';

export const QUICK_MARKS = ['bar', 'line', 'point'] as const;
export type QuickMark = (typeof QUICK_MARKS)[number];

export interface QuickChoice {
  x: string;
  y: string;
  mark: QuickMark;
}

/** At most this many whole numbers across are drawn as bars at first. */
const FEW_BARS = 60;

// A TIME alone ("14:30:00") is no date Vega-Lite can place: it goes across as categories.
const isTime = (type: string) => /^(DATE|TIMESTAMP.*)$/.test(type);

/** Columns that can go up the chart: numbers. */
export const yColumns = (columns: readonly ResultColumn[]): ResultColumn[] =>
  columns.filter((c) => isNumericType(c.type));

/**
 * The first chart of a result: a category or a date across and the first number up, as bars (or
 * a line over time); two numbers as points. Null when nothing can go up (no number).
 */
export function firstChoice(
  columns: readonly ResultColumn[],
  rowCount = Infinity,
): QuickChoice | null {
  const numbers = yColumns(columns);
  const y = numbers.find((c) => c !== columns[0]) ?? numbers[0];
  if (!y) return null;
  const x = columns.find((c) => c !== y && !isNumericType(c.type)) ?? columns.find((c) => c !== y);
  if (!x) return null;
  // A few whole numbers across (months, years, ratings) read best as bars; many, or fractions,
  // are a scale, shown as points.
  const fewWhole = /INT/.test(x.type) && rowCount <= FEW_BARS;
  const mark: QuickMark = isTime(x.type)
    ? 'line'
    : isNumericType(x.type) && !fewWhole
      ? 'point'
      : 'bar';
  return { x: x.name, y: y.name, mark };
}

/** How Vega-Lite reads the column across: a date in time, a number on a scale, else categories. */
function xType(column: ResultColumn | undefined, mark: QuickMark): string {
  if (!column) return 'nominal';
  if (isTime(column.type)) return 'temporal';
  // Bars of a few whole numbers (a month, a year) are categories in order, not a scale.
  if (isNumericType(column.type)) return mark === 'bar' ? 'ordinal' : 'quantitative';
  return 'nominal';
}

/** A number as Vega-Lite must have it: big integers and decimals come from DuckDB as text. */
const numeric = (v: Cell): number | null => {
  if (v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** Categories read level across: Vega-Lite stands them on end, which a few short ones need not. */
const FEW_LEVEL = 12;
const SHORT_LEVEL = 10;
const levelLabels = (values: readonly { x: Cell }[]): boolean =>
  values.length <= FEW_LEVEL && values.every((v) => String(v.x ?? 'null').length <= SHORT_LEVEL);

/** The Vega-Lite spec of the choice over the result's rows, its data inline (no URL to load). */
export function quickSpec(
  columns: readonly ResultColumn[],
  rows: readonly Cell[][],
  choice: QuickChoice,
): Record<string, unknown> {
  const xi = columns.findIndex((c) => c.name === choice.x);
  const yi = columns.findIndex((c) => c.name === choice.y);
  const values = rows.map((r) => ({ x: r[xi] ?? null, y: numeric(r[yi] ?? null) }));
  const type = xType(columns[xi], choice.mark);
  // The tooltip shows each value with the column's places, as the grid does (issue 45).
  const places = columnPlaces(
    columns[yi]?.type ?? '',
    values.map((v) => v.y),
  );
  const format = places === null ? {} : { format: `,.${places}f` };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    data: { values },
    mark: choice.mark === 'point' ? { type: 'point', filled: true } : { type: choice.mark },
    encoding: {
      // Categories keep the result's order (its ORDER BY), not the alphabet's.
      x: {
        field: 'x',
        type,
        title: choice.x,
        ...(type === 'nominal' ? { sort: null } : {}),
        ...(type !== 'quantitative' && type !== 'temporal' && levelLabels(values)
          ? { axis: { labelAngle: 0 } }
          : {}),
      },
      y: { field: 'y', type: 'quantitative', title: choice.y },
      tooltip: [
        { field: 'x', type, title: choice.x },
        { field: 'y', type: 'quantitative', title: choice.y, ...format },
      ],
    },
  };
}
