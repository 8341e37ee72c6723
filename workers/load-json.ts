/**
 * Reading JSON without DuckDB's json extension (which duckdb-wasm 1.32 downloads when `read_json`
 * runs): the records are parsed here — JSON Lines a line at a time as the file streams in (gzip
 * unpacked on the way), twice, so that it is never held whole; a document whole — and go into
 * DuckDB as Arrow with DuckDB's types (record-shape.ts, json-arrow.ts). An array of records,
 * JSON Lines, an API reply with its records under one key, and a document of columns all
 * become a table.
 *
 * duckdb-wasm's own JSON import (`insertJSONFromPath`) was the first way: 3× slower on the same
 * records, columns sorted by name, numbers in objects as DOUBLE (bench/json-import).
 */
import { quoteIdent } from '../src/core/sql/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import { batchToArrow } from './json-arrow.ts';
import { RecordShape, isRecord, type ColumnPlan } from './record-shape.ts';
import { zonedNote, type Exec, type Shaped } from './table-shape.ts';

export interface JsonDeps {
  exec: Exec;
  /** Creates `table` from an Arrow IPC stream. */
  insertArrow(table: string, ipc: Uint8Array, create: boolean): Promise<void>;
  /** How much of the reading is done, 0 to 1 (JSON Lines only: a document is parsed at once). */
  progress?(done: number): void;
}

export type JsonKind = 'json' | 'jsonl';

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * How much of a JSON Lines file is held as records at once: parsed, records take several times
 * the room of their text (a 1 GB file held whole peaked at 8.5 GiB), so they go to DuckDB in
 * batches of about this much text, or this many records (each batch one Arrow append).
 */
export const BATCH = { chars: 16 * 1024 * 1024, count: 25_000 };
/** The first reading keeps no record past its kinds: small batches, collected young. */
const SHAPE_BATCH = { chars: 1024 * 1024, count: 1000 };

/**
 * The longest line of a JSON Lines file, in characters of text. Lines are read one at a time, and
 * a line is held whole until its end comes, then parsed whole: a file that is one enormous line
 * (a JSON document saved as .jsonl, or no line breaks at all) would otherwise grow until the tab
 * runs out of memory. One record of 64 MiB is four batches' worth of text (BATCH), and parsed it
 * takes several times that; real records are kilobytes. (A JSON document may hold 512 MB:
 * MAX_DOCUMENT_BYTES.)
 */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

const lineTooLong = (line: number, max: number) =>
  new Error(
    `This JSON Lines file cannot be read: line ${line.toLocaleString('en-US')} is longer than ${Math.round(max / 2 ** 20).toLocaleString('en-US')} MB, and Sift reads JSON Lines a line at a time. Put one record on each line, or save the data as a JSON array document (read whole, up to 512 MB), CSV or Parquet.`,
  );

/**
 * The values of a JSON Lines stream, in order, handed to `onBatch` a batch at a time (whole lines,
 * about `limits` each); throws naming the first line that is not JSON, or that is longer than
 * `maxLine` characters (as soon as that much of it has come).
 */
export async function eachBatch(
  stream: ReadableStream<Uint8Array>,
  onBatch: (values: unknown[]) => void | Promise<void>,
  limits = BATCH,
  maxLine = MAX_LINE_CHARS,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let batch: unknown[] = [];
  let chars = 0;
  // The line not yet ended, in the pieces it came in (joined once, when it ends).
  let carry: string[] = [];
  let carried = 0;
  let line = 0;
  const take = (text: string) => {
    line++;
    if (text.length > maxLine) throw lineTooLong(line, maxLine);
    const trimmed = (line === 1 ? text.replace(/^\ufeff/, '') : text).trim();
    if (trimmed === '') return;
    try {
      batch.push(JSON.parse(trimmed));
    } catch (e) {
      throw new Error(
        `This JSON Lines file cannot be read: line ${line} is not a whole JSON value (${errorMessage(e)}): ${clip(trimmed)}`,
      );
    }
    chars += trimmed.length;
  };
  const flush = async () => {
    const values = batch;
    batch = [];
    chars = 0;
    if (values.length > 0) await onBatch(values);
  };
  const ended = () => {
    const text = carry.join('');
    carry = [];
    carried = 0;
    return text;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        carry.push(text.slice(start, end));
        start = end + 1;
        take(ended());
        if (chars >= limits.chars || batch.length >= limits.count) await flush();
      }
      if (start < text.length) {
        carry.push(text.slice(start));
        carried += text.length - start;
        if (carried > maxLine) throw lineTooLong(line + 1, maxLine);
      }
    }
    carry.push(decoder.decode());
    take(ended());
    await flush();
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw e;
  }
}

/** The records of a JSON document that is an object: under its one key of records, in columns, or itself. */
export function recordsOfObject(doc: Record<string, unknown>): {
  records: unknown[];
  note: string | null;
} {
  const entries = Object.entries(doc);
  const lists = entries.filter(([, v]) => Array.isArray(v)) as Array<[string, unknown[]]>;
  const ofRecords = lists.filter(([, v]) => v.length > 0 && v.every(isRecord));
  if (ofRecords.length === 1) {
    const [key, records] = ofRecords[0]!;
    return { records, note: `The records were read from the key "${key}" of the document.` };
  }
  const length = lists[0]?.[1].length ?? 0;
  if (
    lists.length === entries.length &&
    length > 0 &&
    lists.every(([, v]) => v.length === length)
  ) {
    const records = Array.from({ length }, (_, i) =>
      Object.fromEntries(lists.map(([k, v]) => [k, v[i]])),
    );
    return {
      records,
      note: 'The document holds columns (one list per key); each position became a row.',
    };
  }
  return { records: [doc], note: 'The document is a single record: the table has one row.' };
}

/**
 * A file as the stream of what it holds, unpacked when it is gzip; `read` is told how many of
 * the file's own bytes have been taken (before unpacking: the unpacked size is not known).
 */
export function contents(
  file: File,
  gzip: boolean,
  read?: (bytes: number) => void,
): ReadableStream<Uint8Array> {
  let raw = file.stream();
  if (read) {
    let bytes = 0;
    raw = raw.pipeThrough(
      new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
        transform(chunk, out) {
          read((bytes += chunk.byteLength));
          out.enqueue(chunk);
        },
      }),
    );
  }
  return gzip ? raw.pipeThrough(new DecompressionStream('gzip')) : raw;
}

/**
 * The first reading (kinds only) takes this share of a JSON Lines load's time, the second
 * (Arrow, DuckDB) the rest: 21 s and 34 s of a 1 GB file's 56 s.
 */
const FIRST_SHARE = 0.4;

/**
 * The most a JSON document may hold, unpacked: it is parsed whole from one string, and V8's
 * strings stop at 2^29 − 24 UTF-16 units. Past that, Chromium's `Response.text()` handed back a
 * cut string, so a valid 600 MB document was refused as "not valid JSON" (checked 2026-11-25).
 */
export const MAX_DOCUMENT_BYTES = 512 * 1024 * 1024;

const tooLarge = (what: string) =>
  new Error(
    `This JSON document is ${what}: Sift reads a JSON document whole, and a browser holds at most about 512 MB of text at once. Save it as JSON Lines (one record per line, read as it streams), CSV or Parquet.`,
  );

/** The document's text, refused as soon as it is known to be larger than `max` bytes. */
export async function documentText(
  file: File,
  gzip: boolean,
  max = MAX_DOCUMENT_BYTES,
): Promise<string> {
  const mb = (n: number) => `${Math.round(n / 2 ** 20).toLocaleString('en-US')} MB`;
  if (!gzip && file.size > max) throw tooLarge(mb(file.size));
  // Unpacked, the size is known only as it comes: counted on the way.
  const reader = contents(file, gzip).getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${mb(max)} once unpacked`);
    }
    parts.push(decoder.decode(value, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

async function parseDocument(file: File, gzip: boolean): Promise<unknown> {
  const text = await documentText(file, gzip);
  try {
    return JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (e) {
    throw new Error(`This JSON file cannot be read: it is not valid JSON (${errorMessage(e)}).`);
  }
}

/** The checks and notes shared by every run of records, given what they were. */
function shapeChecked(shape: RecordShape): { columns: ColumnPlan[]; notes: string[] } {
  if (shape.count > 0 && shape.records === 0)
    throw new Error(
      'This JSON holds a list of plain values, not records (objects with named values): there are no columns to make.',
    );
  if (shape.count === 0) throw new Error('This JSON file holds no records.');
  const columns = shape.columns();
  if (columns.length === 0)
    throw new Error('The records have no named values: there are no columns to make.');
  const notes: string[] = [];
  if (shape.spread > 0)
    notes.push(
      `${shape.spread} nested object${shape.spread === 1 ? ' was' : 's were'} spread into columns named parent_field.`,
    );
  const zoned = columns.filter((c) => c.zoned).map((c) => c.name);
  if (zoned.length > 0) notes.push(zonedNote(zoned));
  return { columns, notes };
}

/** `write` fills `table`; a failure leaves no part of it behind. */
async function filling(deps: JsonDeps, table: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (e) {
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
    throw e;
  }
}

const named = (columns: ColumnPlan[]) => columns.map(({ original, name }) => ({ original, name }));

/** Records held whole into `table`, typed: how JSON documents and spreadsheets' sheets become tables. */
export async function loadRecords(
  deps: JsonDeps,
  table: string,
  records: unknown[],
): Promise<Shaped> {
  const shape = new RecordShape();
  for (const record of records) shape.add(record);
  const { columns, notes } = shapeChecked(shape);
  // In batches too: the records are held already, but their Arrow need not be, all at once.
  await filling(deps, table, async () => {
    for (let at = 0; at < records.length; at += BATCH.count) {
      const batch = records.slice(at, at + BATCH.count);
      await deps.insertArrow(table, batchToArrow(columns, batch), at === 0);
    }
  });
  return { columns: named(columns), notes };
}

/**
 * A JSON Lines file into `table`, read twice so that it is never held whole: once for its
 * columns and their kinds, then in batches appended to the table, each with those columns.
 */
async function loadLines(
  deps: JsonDeps,
  table: string,
  file: File,
  gzip: boolean,
): Promise<Shaped> {
  const size = Math.max(1, file.size);
  const report = (from: number, share: number) => (bytes: number) =>
    deps.progress?.(from + (share * bytes) / size);
  const shape = new RecordShape();
  await eachBatch(
    contents(file, gzip, report(0, FIRST_SHARE)),
    (values) => {
      for (const value of values) shape.add(value);
    },
    SHAPE_BATCH,
  );
  const { columns, notes } = shapeChecked(shape);
  let first = true;
  await filling(deps, table, () =>
    eachBatch(contents(file, gzip, report(FIRST_SHARE, 1 - FIRST_SHARE)), async (values) => {
      await deps.insertArrow(table, batchToArrow(columns, values), first);
      first = false;
    }),
  );
  return { columns: named(columns), notes };
}

export async function loadJson(
  deps: JsonDeps,
  table: string,
  file: File,
  kind: JsonKind,
  gzip: boolean,
): Promise<Shaped> {
  if (kind === 'jsonl') return loadLines(deps, table, file, gzip);
  const doc = await parseDocument(file, gzip);
  let records: unknown[] = [];
  const notes: string[] = [];
  if (Array.isArray(doc)) records = doc;
  else if (isRecord(doc)) {
    const found = recordsOfObject(doc);
    records = found.records;
    if (found.note) notes.push(found.note);
  }
  const shaped = await loadRecords(deps, table, records);
  return { columns: shaped.columns, notes: [...notes, ...shaped.notes] };
}
