/**
 * Dates written as people write them — `25/03/2024`, `03/25/2024`, `25.03.2024`, with or
 * without a time — read as dates, the order of day and month decided from the whole column: a
 * first part over 12 makes it the day, a second part over 12 makes the first the month; when
 * neither is, the reading is a choice and is said (issue 28). Two-digit years (`01.01.24`,
 * `09/03/24`, `24-03-09`) are read by the evidence in short-years.ts (issue 45). The shapes come
 * from the same count as numbers' (local-numbers.ts); the largest parts from one query
 * (workers/local-formats.ts).
 */
import { isNullMarker, MIN_FIT, type ValueShape } from './local-numbers.ts';
import { quoteLiteral } from '../sql/sql-text.ts';
import type { DateOrderChoice } from '../data/date-order.ts';

export interface DateShape {
  separator: '/' | '.' | '-';
  /** A year of four digits, always last; or of two, first or last (`24-03-09`, `09.03.24`). */
  year: 'long' | 'short';
  /** Whether any value has a time after the date (hh:mm or hh:mm:ss). */
  withTime: boolean;
  withSeconds: boolean;
  fitted: number;
  misfits: number;
}

const TIME = '(?: (00?):(00)(:00)?)?';
const LONG = new RegExp(`^(0{1,2})([/.-])(0{1,2})\\2(0000)${TIME}$`);
const SHORT = new RegExp(`^(0{1,2})([/.-])(0{1,2})\\2(0{1,2})${TIME}$`);

/**
 * Whether the column's values are dates with one separator; null if not. Two-digit years are
 * looked for only where `short` says so (a column DuckDB's sniffer took for dates): `1.2.10`
 * is as likely a version as a date.
 */
export function dateShape(shapes: ValueShape[], minFit = MIN_FIT, short = false): DateShape | null {
  const values = shapes.filter((s) => !isNullMarker(s.shape));
  const total = values.reduce((n, s) => n + s.count, 0);
  if (total === 0) return null;
  const found = new Map<string, DateShape>();
  for (const s of values) {
    const long = LONG.exec(s.shape);
    const m = long ?? (short ? SHORT.exec(s.shape) : null);
    if (!m) continue;
    const separator = m[2] as DateShape['separator'];
    const year = long ? 'long' : 'short';
    const key = `${separator}${year}`;
    const shape = found.get(key) ?? {
      separator,
      year,
      withTime: false,
      withSeconds: false,
      fitted: 0,
      misfits: 0,
    };
    shape.fitted += s.count;
    shape.withTime ||= m[5] !== undefined;
    shape.withSeconds ||= m[7] !== undefined;
    found.set(key, shape);
  }
  const best = [...found.values()].sort((a, b) => b.fitted - a.fitted)[0];
  if (!best || best.fitted < total * minFit) return null;
  return { ...best, misfits: total - best.fitted };
}

/**
 * Day, month, year; month, day, year; or (two-digit years only) year, month, day: the orders a
 * person may also choose (date-order.ts), one union for both.
 */
export type DateOrder = DateOrderChoice;

export interface DateVerdict {
  order: DateOrder;
  /** Said when no value settled the order. */
  ambiguous?: string;
  /** What settled it, when the values alone did not (short-years.ts). */
  why?: string;
  /** The other orders that read every value, for the person to choose instead. */
  others?: DateOrder[];
}

/**
 * The order of day and month of four-digit-year dates, from the largest first and second parts
 * of the column's values. `hint` is the order the file suggests when the values do not (a
 * decimal comma writes dates day first; so do the dotted dates of Central Europe); `chosen`, the
 * order the person asked for, taken where the values allow it.
 */
export function dateOrder(
  maxFirst: number,
  maxSecond: number,
  shape: DateShape,
  hint: DateOrder | null,
  chosen: DateOrder | null = null,
): DateVerdict {
  if (maxFirst > 12 && maxSecond <= 12) return { order: 'dmy' };
  if (maxSecond > 12 && maxFirst <= 12) return { order: 'mdy' };
  const wanted = chosen === 'dmy' || chosen === 'mdy' ? chosen : null;
  const suggested = hint === 'mdy' ? 'mdy' : 'dmy';
  const order: DateOrder = wanted ?? (shape.separator === '.' ? 'dmy' : suggested);
  const s = shape.separator;
  return {
    order,
    ambiguous: wanted
      ? `No day in the column is over 12; it was read ${orderWords(order, s)}, as you chose.`
      : `No day in the column is over 12, so 03${s}04 could be 3 April or 4 March; it was read ${orderWords(order, s)}.`,
    others: [order === 'dmy' ? 'mdy' : 'dmy'],
  };
}

const PARTS = { d: '%d', m: '%m', y: '%y' } as const;

/** The strptime format of the column's dates. */
export function dateFormat(shape: DateShape, order: DateOrder, time: boolean): string {
  const s = shape.separator;
  const part = (c: string) => (c === 'y' && shape.year === 'long' ? '%Y' : PARTS[c as 'd']);
  const date = [...order].map(part).join(s);
  if (!time) return date;
  return `${date} %H:%M${shape.withSeconds ? ':%S' : ''}`;
}

/**
 * The SQL that reads `column` as a date (or a timestamp when any value has a time): NULL for a
 * value that does not fit, kept as written beside it. A date without a time in a column with
 * times is read at midnight. Two-digit years are DuckDB's `%y`: 00–68 are 2000–2068, 69–99 are
 * 1969–1999 (POSIX's pivot, measured on DuckDB 1.4.3; a spreadsheet's is 1930).
 */
export function dateSql(column: string, shape: DateShape, order: DateOrder): string {
  const trimmed = `trim(${column})`;
  if (!shape.withTime)
    return `CAST(try_strptime(${trimmed}, ${quoteLiteral(dateFormat(shape, order, false))}) AS DATE)`;
  const formats = [dateFormat(shape, order, true), dateFormat(shape, order, false)];
  return `coalesce(${formats.map((f) => `try_strptime(${trimmed}, ${quoteLiteral(f)})`).join(', ')})`;
}

/** The largest first and second parts of the column's date-like values. */
export function datePartsSql(column: string, table: string): string {
  const part = (n: number) =>
    `max(TRY_CAST(regexp_extract(trim(${column}), '^([0-9]{1,2})[/.-]([0-9]{1,2})[/.-][0-9]{4}', ${n}) AS INTEGER))`;
  return `SELECT ${part(1)} AS a, ${part(2)} AS b FROM ${table}`;
}

const WORDS = { d: 'day', m: 'month', y: 'year' } as const;

/** `day/month/year`, as the page says how a column was read. */
export const describeDates = (order: DateOrder, separator: string) =>
  [...order].map((c) => WORDS[c as 'd']).join(separator);

/** `day first (day/month/year)`, as a sentence says it. */
export const orderWords = (order: DateOrder, separator: string) =>
  `${WORDS[order[0] as 'd']} first (${describeDates(order, separator)})`;
