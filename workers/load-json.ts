/**
 * Reading JSON without DuckDB's json extension (which duckdb-wasm 1.32 downloads when `read_json`
 * runs): the records are parsed here — JSON Lines a line at a time as the file streams in (gzip
 * unpacked on the way), a document whole — and go into DuckDB as Arrow with DuckDB's types
 * (json-arrow.ts). An array of records, JSON Lines, an API reply with its records
 * under one key, and a document of columns all become a table.
 *
 * duckdb-wasm's own JSON import (`insertJSONFromPath`) was the first way: 3× slower on the same
 * records, columns sorted by name, numbers in objects as DOUBLE (bench/json-import).
 */
import { quoteIdent } from '../src/core/data/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import { recordsToArrow } from './json-arrow.ts';
import type { Exec, Shaped } from './table-shape.ts';

export interface JsonDeps {
  exec: Exec;
  /** Creates `table` from an Arrow IPC stream. */
  insertArrow(table: string, ipc: Uint8Array, create: boolean): Promise<void>;
}

export type JsonKind = 'json' | 'jsonl';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The records of a JSON Lines stream; throws naming the first line that is not JSON. */
export async function parseLines(stream: ReadableStream<Uint8Array>): Promise<unknown[]> {
  const records: unknown[] = [];
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let carry = '';
  let line = 0;
  const take = (text: string) => {
    line++;
    const trimmed = (line === 1 ? text.replace(/^\ufeff/, '') : text).trim();
    if (trimmed === '') return;
    try {
      records.push(JSON.parse(trimmed));
    } catch (e) {
      throw new Error(
        `This JSON Lines file cannot be read: line ${line} is not a whole JSON value (${errorMessage(e)}): ${clip(trimmed)}`,
      );
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const parts = (carry + decoder.decode(value, { stream: true })).split('\n');
    carry = parts.pop() ?? '';
    for (const part of parts) take(part);
  }
  take(carry + decoder.decode());
  return records;
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

/** A file as the stream of what it holds, unpacked when it is gzip. */
function contents(file: File, gzip: boolean): ReadableStream<Uint8Array> {
  const raw = file.stream();
  return gzip ? raw.pipeThrough(new DecompressionStream('gzip')) : raw;
}

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

/** Records into `table`, typed: how JSON files and spreadsheets' sheets become tables. */
export async function loadRecords(
  deps: JsonDeps,
  table: string,
  records: unknown[],
): Promise<Shaped> {
  const arrow = recordsToArrow(records);
  if (arrow.columns.length === 0)
    throw new Error('The records have no named values: there are no columns to make.');
  try {
    await deps.insertArrow(table, arrow.ipc, true);
  } catch (e) {
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(table)}`).catch(() => undefined);
    throw e;
  }
  const notes =
    arrow.spread > 0
      ? [
          `${arrow.spread} nested object${arrow.spread === 1 ? ' was' : 's were'} spread into columns named parent_field.`,
        ]
      : [];
  return { columns: arrow.columns.map(({ original, name }) => ({ original, name })), notes };
}

export async function loadJson(
  deps: JsonDeps,
  table: string,
  file: File,
  kind: JsonKind,
  gzip: boolean,
): Promise<Shaped> {
  const notes: string[] = [];
  let records: unknown[];
  if (kind === 'jsonl') records = await parseLines(contents(file, gzip));
  else {
    const doc = await parseDocument(file, gzip);
    if (Array.isArray(doc)) records = doc;
    else if (isRecord(doc)) {
      const found = recordsOfObject(doc);
      records = found.records;
      if (found.note) notes.push(found.note);
    } else records = [];
  }
  if (records.length > 0 && !records.some(isRecord))
    throw new Error(
      'This JSON holds a list of plain values, not records (objects with named values): there are no columns to make.',
    );
  if (records.length === 0) throw new Error('This JSON file holds no records.');
  const shaped = await loadRecords(deps, table, records);
  return { columns: shaped.columns, notes: [...notes, ...shaped.notes] };
}
