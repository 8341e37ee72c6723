/**
 * Records (parsed JSON, or a sheet's rows) as Arrow IPC streams for DuckDB's built-in Arrow
 * import, with the columns and kinds record-shape.ts decides. The types are right in the Arrow,
 * so nothing is altered after.
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
import {
  DATE,
  TIME,
  isRecord,
  offsetMinutes,
  utcMs,
  type ColumnPlan,
  type Kind,
  type Scalar,
} from './record-shape.ts';

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

/** Past this many characters a column's text is not joined into one string (V8's cap: 2^29). */
const JOIN_MAX = 2 ** 27;

function utf8(values: unknown[], length: number, nulls: ReturnType<typeof validity>): Data {
  const valueOffsets = new Int32Array(length + 1);
  let chars = 0;
  const texts = values.map((v) => {
    const s = v === null || v === undefined ? '' : text(v);
    chars += s.length;
    return s;
  });
  if (chars <= JOIN_MAX) {
    // One encode for the whole column: when it is all ASCII (as most is) each character is one
    // byte, so the offsets are the characters counted; a third of the time of encoding each value.
    const joined = texts.join('');
    const data = encoder.encode(joined);
    if (data.length === joined.length) {
      let at = 0;
      for (let i = 0; i < length; i++) valueOffsets[i + 1] = at += texts[i]!.length;
      return makeData({ type: new Utf8(), length, ...nulls, valueOffsets, data });
    }
  }
  // UTF-8 takes at most three bytes per UTF-16 unit.
  const data = new Uint8Array(chars * 3);
  let at = 0;
  for (let i = 0; i < length; i++) {
    at += encoder.encodeInto(texts[i]!, data.subarray(at)).written;
    valueOffsets[i + 1] = at;
  }
  return makeData({ type: new Utf8(), length, ...nulls, valueOffsets, data: data.slice(0, at) });
}

/** `f` of each value that is not null, written into `data` (a null's slot stays 0). */
function filled<T, A extends { [i: number]: T }>(
  data: A,
  values: unknown[],
  f: (v: unknown) => T,
): A {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && v !== undefined) data[i] = f(v);
  }
  return data;
}

/** `f` remembered for each distinct text (up to a bound): dates and times repeat in a column. */
function remembered<T>(f: (s: string) => T): (v: unknown) => T {
  const seen = new Map<string, T>();
  return (v) => {
    const s = v as string;
    let r = seen.get(s);
    if (r === undefined) {
      r = f(s);
      if (seen.size < 65_536) seen.set(s, r);
    }
    return r;
  };
}

/**
 * Whole numbers (safe integers, as the kinds decided) as 64-bit integers, written as their two
 * 32-bit halves, little-endian as Arrow's buffers are: a BigInt per value cost more than the rest
 * of the column.
 */
function int64s(values: unknown[]): BigInt64Array {
  const data = new BigInt64Array(values.length);
  const halves = new Int32Array(data.buffer);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number') continue;
    halves[2 * i] = (v % 2 ** 32) | 0;
    halves[2 * i + 1] = Math.floor(v / 2 ** 32);
  }
  return data;
}

const dayOf = (s: string) => utcMs(DATE.exec(s)!, false)! / 86_400_000;

function microsOf(s: string): bigint {
  const date = DATE.exec(s);
  if (date) return BigInt(utcMs(date, false)!) * 1000n;
  const time = TIME.exec(s)!;
  // The fraction to the microsecond, DuckDB's precision, kept out of the milliseconds.
  const micros = time[7] ? Math.round(Number(time[7]) * 1e6) : 0;
  const utc = utcMs(time, true)! - offsetMinutes(time[8])! * 60_000;
  return BigInt(utc) * 1000n + BigInt(micros);
}

function scalarData(kind: Scalar | 'json', values: unknown[]): Data {
  const length = values.length;
  const nulls = validity(values);
  switch (kind) {
    case 'integer':
      return makeData({ type: new Int64(), length, ...nulls, data: int64s(values) });
    case 'number': {
      const data = filled(new Float64Array(length), values, (v) => v as number);
      return makeData({ type: new Float64(), length, ...nulls, data });
    }
    case 'boolean': {
      const data = new Uint8Array(Math.ceil(length / 8));
      values.forEach((v, i) => {
        if (v === true) data[i >> 3]! |= 1 << (i & 7);
      });
      return makeData({ type: new Bool(), length, ...nulls, data });
    }
    case 'date': {
      const data = filled(new Int32Array(length), values, remembered(dayOf));
      return makeData({ type: new DateDay(), length, ...nulls, data });
    }
    case 'timestamp': {
      const data = filled(new BigInt64Array(length), values, remembered(microsOf));
      return makeData({ type: new TimestampMicrosecond(), length, ...nulls, data });
    }
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

/**
 * `o[k]` when `o` has the key itself: a key from the file may be `constructor` or `__proto__`,
 * which a record lacking it would otherwise read from Object.prototype.
 */
const own = (o: Record<string, unknown>, k: string) => (Object.hasOwn(o, k) ? o[k] : undefined);

/** A column's values in `records`: null where a record lacks it, or is no record. */
function valuesOf({ key, inner }: ColumnPlan, records: unknown[]): unknown[] {
  return records.map((record) => {
    if (!isRecord(record)) return null;
    const v = own(record, key);
    if (inner === null) return isRecord(v) ? null : v;
    return isRecord(v) ? own(v, inner) : null;
  });
}

/**
 * `records` as an Arrow IPC stream with exactly `columns` (names, order and types): every batch
 * of a file read in batches has the same schema, so each is appended to the table the first made.
 */
export function batchToArrow(columns: ColumnPlan[], records: unknown[]): Uint8Array {
  // No prototype: a column may be named `__proto__`, which on `{}` would set the prototype.
  const vectors: Record<string, Vector> = Object.create(null);
  for (const column of columns)
    vectors[column.name] = makeVector(columnData(column.kind, valuesOf(column, records)));
  return tableToIPC(new Table(vectors), 'stream');
}
