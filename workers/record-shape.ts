/**
 * The columns of a run of records (parsed JSON, or a sheet's rows), learned one record at a time
 * so that a file too large to hold as records can be read twice — once for its shape, once into
 * Arrow batches (load-json.ts) — with exactly the columns and types it would have had whole.
 *
 * A column per key in the order keys first appear, objects spread one level deep into
 * `parent_field` columns, and one type per column decided as DuckDB's own readers would: whole
 * numbers BIGINT, other numbers DOUBLE, BOOLEAN, text that is all dates DATE, all times
 * TIMESTAMP, lists of one of them; a column that mixes kinds, or holds deeper objects, is text
 * (JSON for the non-strings).
 */
import { cleanColumnNames } from '../src/core/reading/column-names.ts';
import type { ColumnName } from '../src/core/data/engine.ts';

export type Scalar = 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'string';
export type Kind = Scalar | 'json' | `${Scalar}[]`;

/** A column to write: where its values are in a record, and what it holds. */
export interface ColumnPlan extends ColumnName {
  kind: Kind;
  /** The record's key. */
  key: string;
  /** The key inside the object under `key`, for a spread column. */
  inner: string | null;
  /** Times of the column were at an offset from UTC, and are written as UTC. */
  zoned: boolean;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * A time with no zone, in UTC (`Z`), or at an offset from it (`+02:00`, `-0500`, `+05`, as ISO
 * 8601 and APIs write them): one at an offset becomes the same instant in UTC, as a time-zoned
 * Parquet column does (DuckDB-WASM has no time zones), and the person is told.
 */
export const TIME =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Minutes east of UTC of TIME's zone (its 8th group): 0 for none or `Z`, null past ±23:59. */
export function offsetMinutes(zone: string | undefined): number | null {
  if (!zone || zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const [h, m] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || 0)];
  if (h > 23 || m > 59) return null;
  return (zone[0] === '-' ? -1 : 1) * (h * 60 + m);
}

/** A time (of kind timestamp) that names an offset from UTC other than `Z`. */
const AT_OFFSET = /[+-]\d{2}(?::?\d{2})?$/;

/** Milliseconds since the epoch of a real calendar date and time (2024-02-30 is none), or null; a fraction of a second is left out. */
export function utcMs(m: RegExpExecArray, withTime: boolean): number | null {
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

/**
 * Whether `s` may be a date or a time at all: `YYYY-MM-DD` and at most 32 characters. Most text
 * fails here, before either pattern runs (a 1 GB file has tens of millions of strings).
 */
const mayBeTime = (s: string) =>
  s.length >= 10 && s.length <= 32 && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45;

function scalarKind(v: unknown): Scalar | null {
  if (typeof v === 'number' && Number.isFinite(v))
    return Number.isSafeInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v !== 'string') return null;
  if (!mayBeTime(v)) return 'string';
  const date = DATE.exec(v);
  if (date && utcMs(date, false) !== null) return 'date';
  const time = TIME.exec(v);
  if (time && utcMs(time, true) !== null && offsetMinutes(time[8]) !== null) return 'timestamp';
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

/** What one column's values have shown so far. */
class KindSeen {
  #scalar: Scalar | null = null;
  #list: Scalar | null = null;
  #mixed = false;
  #listsMixed = false;
  #lists = 0;
  /** Values that are not null. */
  seen = 0;
  /** A time at an offset from UTC was seen (to be shifted to UTC, and the person told). */
  zoned = false;

  #kindOf(v: unknown): Scalar | null {
    const k = scalarKind(v);
    if (k === 'timestamp' && AT_OFFSET.test(v as string)) this.zoned = true;
    return k;
  }

  add(v: unknown): void {
    if (v === null || v === undefined) return;
    this.seen++;
    if (Array.isArray(v)) {
      this.#lists++;
      if (this.#listsMixed) return;
      for (const x of v) {
        if (x === null || x === undefined) continue;
        const k = this.#kindOf(x);
        const joined: Scalar | null = k && (this.#list ? join(this.#list, k) : k);
        if (!joined) {
          this.#listsMixed = true;
          return;
        }
        this.#list = joined;
      }
      return;
    }
    // Text joined with any text is text: once a column is text, only a number or a boolean
    // can change it (to mixed), and the patterns need not run again.
    if (this.#mixed || (this.#scalar === 'string' && typeof v === 'string')) return;
    const k = this.#kindOf(v);
    const joined: Scalar | null = k && (this.#scalar ? join(this.#scalar, k) : k);
    if (!joined) this.#mixed = true;
    else this.#scalar = joined;
  }

  get kind(): Kind {
    if (this.#listsMixed || this.#mixed) return 'json';
    if (this.#lists > 0) return this.#lists === this.seen ? `${this.#list ?? 'string'}[]` : 'json';
    return this.#scalar ?? 'string';
  }
}

interface Column {
  key: string;
  inner: string | null;
  seen: KindSeen;
}

/** The shape of the records seen so far: `add` each, then read `columns`. */
export class RecordShape {
  /** Columns in the order their keys first appeared. */
  readonly #order: Column[] = [];
  /**
   * Found by key, and spread ones by key then inner key (not by a dotted name: a key may itself
   * be "a.b").
   */
  readonly #own = new Map<string, Column>();
  readonly #inner = new Map<string, Map<string, Column>>();
  readonly #spread = new Set<string>();
  /** Values seen, records or not. */
  count = 0;
  /** Values seen that are records (objects with named values). */
  records = 0;

  #column(key: string, inner: string | null): Column {
    let within = this.#own;
    if (inner !== null) {
      let found = this.#inner.get(key);
      if (!found) this.#inner.set(key, (found = new Map<string, Column>()));
      within = found;
    }
    const at = inner ?? key;
    let c = within.get(at);
    if (!c) {
      c = { key, inner, seen: new KindSeen() };
      within.set(at, c);
      this.#order.push(c);
    }
    return c;
  }

  add(record: unknown): void {
    this.count++;
    if (!isRecord(record)) return;
    this.records++;
    for (const k in record) {
      const v = record[k];
      if (isRecord(v)) {
        this.#spread.add(k);
        for (const sk in v) this.#column(k, sk).seen.add(v[sk]);
      } else this.#column(k, null).seen.add(v);
    }
  }

  /** Keys whose values were objects, spread into columns. */
  get spread(): number {
    return this.#spread.size;
  }

  columns(): ColumnPlan[] {
    // A key spread into columns leaves no column of its own where it only ever was null.
    const kept = this.#order.filter(
      (c) => c.inner !== null || !this.#spread.has(c.key) || c.seen.seen > 0,
    );
    const names = cleanColumnNames(
      kept.map((c) => (c.inner === null ? c.key : `${c.key}_${c.inner}`)),
    );
    return kept.map((c, j) => {
      const kind = c.seen.kind;
      return {
        original: c.inner === null ? c.key : `${c.key}.${c.inner}`,
        name: names[j]!,
        kind,
        key: c.key,
        inner: c.inner,
        zoned: c.seen.zoned && (kind === 'timestamp' || kind === 'timestamp[]'),
      };
    });
  }
}
