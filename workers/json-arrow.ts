/**
 * Records (parsed JSON, or a sheet's rows) as one Arrow IPC stream for DuckDB's built-in Arrow
 * import: a column per key in the order keys first appear, objects spread one level deep into
 * `parent_field` columns, and one type per column, decided here as DuckDB's own readers would —
 * whole numbers BIGINT, other numbers DOUBLE, BOOLEAN, text that is all dates DATE, all times
 * TIMESTAMP, lists of one of them; a column that mixes kinds, or holds deeper objects, is text
 * (JSON for the non-strings). The types are right in the Arrow, so nothing is altered after.
 *
 * Arrow's buffers are written here, not by its builders: those compile their null test with
 * `new Function`, which the page's CSP (no 'unsafe-eval') refuses.
 */
import {
  Bool,
  DateDay,
  Field,
  Float64,
  Int64,
  List,
  Table,
  TimestampMicrosecond,
  Utf8,
  makeData,
  makeVector,
  tableToIPC,
  type Data,
  type DataType,
  type Vector,
} from 'apache-arrow';
import { cleanColumnNames } from '../src/core/data/column-names.ts';
import type { ColumnName } from '../src/core/data/engine.ts';

type Scalar = 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'string';
export type Kind = Scalar | 'json' | `${Scalar}[]`;

export interface ArrowColumns {
  ipc: Uint8Array;
  columns: Array<ColumnName & { kind: Kind }>;
  /** Keys whose values were objects, spread into columns. */
  spread: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A time with no zone, or in UTC (`Z`): one with an offset is left as text, not shifted. */
const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?Z?$/;

/** Milliseconds since the epoch of a real calendar date and time (2024-02-30 is none), or null; a fraction of a second is left out. */
function utcMs(m: RegExpExecArray, withTime: boolean): number | null {
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const [h, mi, s] = withTime ? [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)] : [0, 0, 0];
  const ms = Date.UTC(y, mo, d, h, mi, s);
  const back = new Date(ms);
  const same =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi;
  return same ? ms : null;
}

function scalarKind(v: unknown): Scalar | null {
  if (typeof v === 'number' && Number.isFinite(v))
    return Number.isSafeInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v !== 'string') return null;
  const date = DATE.exec(v);
  if (date && utcMs(date, false) !== null) return 'date';
  const time = TIME.exec(v);
  if (time && utcMs(time, true) !== null) return 'timestamp';
  return 'string';
}

const TEXTS = new Set<Scalar>(['string', 'date', 'timestamp']);

/**
 * The one kind that holds values of kinds `a` and `b`: whole and other numbers are numbers,
 * dates and times are times, text with dates is text; null when they mix (numbers and text).
 */
function join(a: Scalar, b: Scalar): Scalar | null {
  if (a === b) return a;
  const pair = new Set([a, b]);
  if (pair.has('integer') && pair.has('number')) return 'number';
  if (pair.has('date') && pair.has('timestamp')) return 'timestamp';
  if (TEXTS.has(a) && TEXTS.has(b)) return 'string';
  return null;
}

function kindOf(values: unknown[]): Kind {
  let scalar: Scalar | null = null;
  let list: Scalar | null = null;
  let mixed = false;
  let lists = 0;
  let seen = 0;
  for (const v of values) {
    if (v === null || v === undefined) continue;
    seen++;
    if (Array.isArray(v)) {
      lists++;
      for (const x of v) {
        if (x === null || x === undefined) continue;
        const k = scalarKind(x);
        const joined: Scalar | null = k && (list ? join(list, k) : k);
        if (!joined) return 'json';
        list = joined;
      }
      continue;
    }
    const k = scalarKind(v);
    const joined: Scalar | null = k && (scalar ? join(scalar, k) : k);
    if (!joined) mixed = true;
    else scalar = joined;
  }
  if (mixed) return 'json';
  if (lists > 0) return lists === seen ? `${list ?? 'string'}[]` : 'json';
  return scalar ?? 'string';
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function validity(values: unknown[]): { nullBitmap: Uint8Array; nullCount: number } {
  const nullBitmap = new Uint8Array(Math.ceil(values.length / 8));
  let nullCount = 0;
  values.forEach((v, i) => {
    if (v === null || v === undefined) nullCount++;
    else nullBitmap[i >> 3]! |= 1 << (i & 7);
  });
  return { nullBitmap, nullCount };
}

const encoder = new TextEncoder();

function utf8(values: unknown[], length: number, nulls: ReturnType<typeof validity>): Data {
  const valueOffsets = new Int32Array(length + 1);
  let data = new Uint8Array(Math.max(1024, length * 8));
  let at = 0;
  values.forEach((v, i) => {
    if (v !== null && v !== undefined) {
      const s = text(v);
      // UTF-8 takes at most three bytes per UTF-16 unit.
      if (at + s.length * 3 > data.length) {
        const grown = new Uint8Array(Math.max(data.length * 2, at + s.length * 3));
        grown.set(data.subarray(0, at));
        data = grown;
      }
      at += encoder.encodeInto(s, data.subarray(at)).written;
    }
    valueOffsets[i + 1] = at;
  });
  return makeData({ type: new Utf8(), length, ...nulls, valueOffsets, data: data.slice(0, at) });
}

function scalarData(kind: Scalar | 'json', values: unknown[]): Data {
  const length = values.length;
  const nulls = validity(values);
  const each = <T>(f: (v: unknown) => T, fallback: T) =>
    values.map((v) => (v === null || v === undefined ? fallback : f(v)));
  switch (kind) {
    case 'integer':
      return makeData({
        type: new Int64(),
        length,
        ...nulls,
        data: BigInt64Array.from(each((v) => BigInt(v as number), 0n)),
      });
    case 'number':
      return makeData({
        type: new Float64(),
        length,
        ...nulls,
        data: Float64Array.from(each((v) => v as number, 0)),
      });
    case 'boolean': {
      const data = new Uint8Array(Math.ceil(length / 8));
      values.forEach((v, i) => {
        if (v === true) data[i >> 3]! |= 1 << (i & 7);
      });
      return makeData({ type: new Bool(), length, ...nulls, data });
    }
    case 'date':
      return makeData({
        type: new DateDay(),
        length,
        ...nulls,
        data: Int32Array.from(each((v) => utcMs(DATE.exec(v as string)!, false)! / 86_400_000, 0)),
      });
    case 'timestamp':
      return makeData({
        type: new TimestampMicrosecond(),
        length,
        ...nulls,
        data: BigInt64Array.from(
          each((v) => {
            const s = v as string;
            const date = DATE.exec(s);
            if (date) return BigInt(utcMs(date, false)!) * 1000n;
            const time = TIME.exec(s)!;
            // The fraction to the microsecond, DuckDB's precision, kept out of the milliseconds.
            const micros = time[7] ? Math.round(Number(time[7]) * 1e6) : 0;
            return BigInt(utcMs(time, true)!) * 1000n + BigInt(micros);
          }, 0n),
        ),
      });
    default:
      return utf8(values, length, nulls);
  }
}

function columnData(kind: Kind, values: unknown[]): Data {
  if (!kind.endsWith('[]')) return scalarData(kind as Scalar | 'json', values);
  const lists = values.map((v) => (Array.isArray(v) ? v : null));
  const valueOffsets = new Int32Array(values.length + 1);
  lists.forEach((l, i) => (valueOffsets[i + 1] = valueOffsets[i]! + (l?.length ?? 0)));
  const child = scalarData(
    kind.slice(0, -2) as Scalar,
    lists.flatMap((l) => l ?? []),
  );
  const type = new List(new Field('item', child.type as DataType, true));
  return makeData({ type, length: values.length, ...validity(lists), valueOffsets, child });
}

export function recordsToArrow(records: unknown[]): ArrowColumns {
  const n = records.length;
  const keys = new Map<string, { name: string; values: unknown[] }>();
  const spread = new Set<string>();
  const column = (original: string, name: string) => {
    let c = keys.get(original);
    if (!c) keys.set(original, (c = { name, values: new Array<unknown>(n).fill(null) }));
    return c;
  };
  records.forEach((record, i) => {
    if (!isRecord(record)) return;
    for (const k in record) {
      const v = record[k];
      if (isRecord(v)) {
        spread.add(k);
        for (const sk in v) column(`${k}.${sk}`, `${k}_${sk}`).values[i] = v[sk];
      } else column(k, k).values[i] = v;
    }
  });
  // A key spread into columns leaves no column of its own for the records where it was null.
  for (const k of spread)
    if (keys.get(k)?.values.every((v) => v === null || v === undefined)) keys.delete(k);
  const entries = [...keys.entries()];
  const names = cleanColumnNames(entries.map(([, c]) => c.name));
  const vectors: Record<string, Vector> = {};
  const columns = entries.map(([original, { values }], j) => {
    const kind = kindOf(values);
    vectors[names[j]!] = makeVector(columnData(kind, values));
    return { original, name: names[j]!, kind };
  });
  return { ipc: tableToIPC(new Table(vectors), 'stream'), columns, spread: spread.size };
}
