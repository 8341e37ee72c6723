/**
 * Dates written as people write them — `25/03/2024`, `03/25/2024`, `25.03.2024`, with or
 * without a time — read as dates, the order of day and month decided from the whole column: a
 * first part over 12 makes it the day, a second part over 12 makes the first the month; when
 * neither is, the reading is a choice and is said (issue 28). The shapes come from the same count
 * as numbers' (local-numbers.ts); the largest parts from one query (workers/local-formats.ts).
 */
import { isNullMarker, MIN_FIT, type ValueShape } from './local-numbers.ts';
import { quoteLiteral } from '../sql/sql-text.ts';

export interface DateShape {
  separator: '/' | '.' | '-';
  /** Whether any value has a time after the date (hh:mm or hh:mm:ss). */
  withTime: boolean;
  withSeconds: boolean;
  fitted: number;
  misfits: number;
}

const DATE = /^(0{1,2})([/.-])(0{1,2})\2(0000)(?: (00?):(00)(:00)?)?$/;

/** Whether the column's values are day-month-year dates with one separator; null if not. */
export function dateShape(shapes: ValueShape[], minFit = MIN_FIT): DateShape | null {
  const values = shapes.filter((s) => !isNullMarker(s.shape));
  const total = values.reduce((n, s) => n + s.count, 0);
  if (total === 0) return null;
  const bySeparator = new Map<string, DateShape>();
  for (const s of values) {
    const m = DATE.exec(s.shape);
    if (!m) continue;
    const separator = m[2] as DateShape['separator'];
    const found = bySeparator.get(separator) ?? {
      separator,
      withTime: false,
      withSeconds: false,
      fitted: 0,
      misfits: 0,
    };
    found.fitted += s.count;
    found.withTime ||= m[5] !== undefined;
    found.withSeconds ||= m[7] !== undefined;
    bySeparator.set(separator, found);
  }
  const best = [...bySeparator.values()].sort((a, b) => b.fitted - a.fitted)[0];
  if (!best || best.fitted < total * minFit) return null;
  return { ...best, misfits: total - best.fitted };
}

export type DateOrder = 'dmy' | 'mdy';

export interface DateVerdict {
  order: DateOrder;
  /** Said when no value settled the order. */
  ambiguous?: string;
}

/**
 * The order of day and month, from the largest first and second parts of the column's values.
 * `hint` is the order the file suggests when the values do not (a decimal comma writes dates
 * day first; so do the dotted dates of Central Europe).
 */
export function dateOrder(
  maxFirst: number,
  maxSecond: number,
  shape: DateShape,
  hint: DateOrder | null,
): DateVerdict {
  if (maxFirst > 12 && maxSecond <= 12) return { order: 'dmy' };
  if (maxSecond > 12 && maxFirst <= 12) return { order: 'mdy' };
  const order: DateOrder = shape.separator === '.' ? 'dmy' : (hint ?? 'dmy');
  const words = order === 'dmy' ? 'day first (day/month/year)' : 'month first (month/day/year)';
  return {
    order,
    ambiguous: `No day in the column is over 12, so 03${shape.separator}04 could be 3 April or 4 March; it was read ${words}.`,
  };
}

/** The strptime format of the column's dates. */
export function dateFormat(shape: DateShape, order: DateOrder, time: boolean): string {
  const s = shape.separator;
  const date = order === 'dmy' ? `%d${s}%m${s}%Y` : `%m${s}%d${s}%Y`;
  if (!time) return date;
  return `${date} %H:%M${shape.withSeconds ? ':%S' : ''}`;
}

/**
 * The SQL that reads `column` as a date (or a timestamp when any value has a time): NULL for a
 * value that does not fit, kept as written beside it. A date without a time in a column with
 * times is read at midnight.
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

export const describeDates = (order: DateOrder, separator: string) =>
  order === 'dmy' ? `day${separator}month${separator}year` : `month${separator}day${separator}year`;
