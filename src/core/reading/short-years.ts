/**
 * Dates with a two-digit year — `01.01.24` (a German bank's export), `09/03/24` (a French or a
 * British statement), `3/9/24` (an American one), `24-03-09` — read by evidence over the whole
 * column (issue 45). DuckDB's sniffer reads them with one format for the file and puts the year
 * first: `01.01.24` became 2001-01-24 and a year of rows spanned 2001–2031 (sniff_csv on 1.4.3
 * and 1.5 gives `%y.%m.%d` and `%y/%m/%d`), so such columns are read as text
 * (workers/load-csv.ts) and judged here.
 *
 * The evidence, in order: which orders read every value as a date (a part over 12 cannot be
 * the month, over 31 not the day); of those, the one under which the rows stand in date order
 * when the others do not; the one whose dates span a short time when the others run over
 * decades; the order of the file's other date columns; and last the file's own signs (a decimal
 * comma, dotted dates), said as a choice the person can change.
 */
import type { DateOrder, DateShape, DateVerdict } from './local-dates.ts';
import { dateSql, orderWords } from './local-dates.ts';

export const SHORT_ORDERS: readonly DateOrder[] = ['dmy', 'mdy', 'ymd'];

/** The column read in one order: how many values it reads, their range and their sequence. */
export interface Reading {
  order: DateOrder;
  parsed: number;
  /** ISO dates, or null when none was read. */
  lo: string | null;
  hi: string | null;
  /** Rows whose date is after (up) or before (down) the last row's with a date. */
  up: number;
  down: number;
  /** Distinct years and distinct days of the month among the dates read. */
  years: number;
  days: number;
}

/**
 * One query for every order: the values each reads, their range, and the steps up and down
 * from one row's date to the next in the table's own order (rowid: the file's).
 */
export function readingsSql(column: string, table: string, shape: DateShape): string {
  const read = SHORT_ORDERS.map((o) => `CAST(${dateSql(column, shape, o)} AS DATE) AS ${o}`);
  const lagged = SHORT_ORDERS.map(
    (o) => `${o}, lag(${o} IGNORE NULLS) OVER (ORDER BY r) AS p_${o}`,
  );
  const stats = SHORT_ORDERS.flatMap((o) => [
    `count(${o}) AS n_${o}`,
    `CAST(min(${o}) AS VARCHAR) AS lo_${o}`,
    `CAST(max(${o}) AS VARCHAR) AS hi_${o}`,
    `count(*) FILTER (WHERE ${o} > p_${o}) AS up_${o}`,
    `count(*) FILTER (WHERE ${o} < p_${o}) AS down_${o}`,
    `count(DISTINCT year(${o})) AS y_${o}`,
    `count(DISTINCT day(${o})) AS d_${o}`,
  ]);
  return `SELECT ${stats.join(', ')} FROM (SELECT ${lagged.join(', ')} FROM (SELECT rowid AS r, ${read.join(', ')} FROM ${table}))`;
}

/** The readings from the row readingsSql gives. */
export function readingsFrom(row: Record<string, unknown>): Reading[] {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return SHORT_ORDERS.map((order) => ({
    order,
    parsed: Number(row[`n_${order}`] ?? 0),
    lo: text(row[`lo_${order}`]),
    hi: text(row[`hi_${order}`]),
    up: Number(row[`up_${order}`] ?? 0),
    down: Number(row[`down_${order}`] ?? 0),
    years: Number(row[`y_${order}`] ?? 0),
    days: Number(row[`d_${order}`] ?? 0),
  }));
}

export interface ShortContext {
  /** The order a date column of the same file settled by its own values. */
  settled: { order: DateOrder; column: string } | null;
  /** The order the file's signs suggest (a decimal comma: day first), and why. */
  hint: { order: DateOrder; why: string } | null;
  /** The order the person chose ("Read as…"), taken where it reads every value. */
  chosen: DateOrder | null;
}

/** Share of a reading's steps that go against its main direction: 0 for rows in date order. */
function disorder(r: Reading): number | null {
  const steps = r.up + r.down;
  return steps < 3 ? null : Math.min(r.up, r.down) / steps;
}

const days = (r: Reading) =>
  r.lo && r.hi ? (Date.parse(r.hi) - Date.parse(r.lo)) / 86_400_000 : Infinity;

const range = (r: Reading) => `${r.lo} to ${r.hi}`;

/**
 * The order of a column of two-digit-year dates, and what settled it; null when no order reads
 * enough of its values (it stays text, as written).
 */
export function shortYearOrder(
  readings: Reading[],
  shape: DateShape,
  context: ShortContext,
): DateVerdict | null {
  const best = Math.max(...readings.map((r) => r.parsed));
  if (best === 0 || best < shape.fitted * 0.9) return null;
  const fit = readings.filter((r) => r.parsed === best);
  const s = shape.separator;
  const words = (o: DateOrder) => orderWords(o, s);
  const others = (o: DateOrder) => fit.map((r) => r.order).filter((x) => x !== o);
  const settle = (r: Reading, why?: string): DateVerdict => ({
    order: r.order,
    ...(why ? { why } : {}),
    ...(others(r.order).length ? { others: others(r.order) } : {}),
  });
  if (fit.length === 1) return settle(fit[0]!);

  const chosen = fit.find((r) => r.order === context.chosen);
  if (chosen) return settle(chosen, 'As you chose.');

  // Each test keeps the readings it favours, when it favours some over others.
  let left = fit;
  const reasons: string[] = [];
  const keep = (test: (r: Reading) => boolean, reason: string) => {
    const kept = left.filter(test);
    if (kept.length === 0 || kept.length === left.length) return;
    left = kept;
    reasons.push(reason);
  };
  // A file's dates share a few years and spread over many days of the month: read with the day
  // as the year, every row would fall on one day.
  keep(
    (r) => r.years < r.days || r.years <= 1,
    'its dates fall in a few years on many days, where read otherwise they fall on a few days over many years',
  );
  const ordered = (r: Reading) => (disorder(r) ?? 1) <= 0.02;
  if (left.some((r) => !ordered(r) && (disorder(r) ?? 0) >= 0.1))
    keep(ordered, 'the rows are in date order only when read so');
  const shortest = Math.min(...left.map(days));
  keep(
    (r) => days(r) === shortest || days(r) <= 366 || days(r) < shortest * 5,
    `its dates run from ${range(left.find((r) => days(r) === shortest) ?? left[0]!)}, where the other readings run over years`,
  );
  if (left.length === 1) {
    const r = left[0]!;
    return settle(r, `Settled by the data: ${reasons.join('; ')}.`);
  }

  const sibling = context.settled && left.find((r) => r.order === context.settled!.order);
  if (sibling) return settle(sibling, `As the file’s ${context.settled!.column} is read.`);

  const hinted = context.hint && left.find((r) => r.order === context.hint!.order);
  const r = hinted ?? left.find((x) => x.order === 'dmy') ?? left[0]!;
  const because = hinted ? `, as ${context.hint!.why}` : '';
  const parts = left.map((x) => `the ${WORDS[x.order[0] as 'd']}`);
  return {
    ...settle(r),
    ambiguous: `No value settles whether ${parts.slice(0, -1).join(', ')} or ${parts.at(-1)} comes first: read ${words(r.order).replace(/ \(.*\)$/, '')}${because}.`,
  };
}

const WORDS = { d: 'day', m: 'month', y: 'year' } as const;

/** How two-digit years are given their century, for the page (dateSql). */
export const CENTURY_RULE = 'two-digit years from 1969 to 2068 (DuckDB’s rule)';
