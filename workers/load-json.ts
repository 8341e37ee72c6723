/**
 * Reading JSON without DuckDB's json extension (which duckdb-wasm 1.32 downloads when `read_json`
 * runs): duckdb-wasm's own JSON import (`insertJSONFromPath`, built in) reads an array of
 * records. Everything else people call JSON is brought to that shape first, without holding the
 * file as one string where it can be helped: JSON Lines are joined into an array as bytes, a
 * gzip file is unpacked as a stream, and only a document whose records sit under a key (an API
 * reply such as `{"data": [...]}`) or in columns is parsed here.
 */
import { quoteIdent } from '../src/core/data/sql-text.ts';
import { errorMessage } from '../src/core/errors.ts';
import { firstRecords, keyOrder } from './json-records.ts';
import { shapeJsonTable, type Exec, type Shaped } from './table-shape.ts';

export interface JsonDeps {
  exec: Exec;
  /** Makes `blob` readable at a fresh path under uploads/; returns the path. */
  register(blob: Blob, fileName: string): Promise<string>;
  unregister(path: string): Promise<void>;
  /** duckdb-wasm's JSON import of an array of records into a new table. */
  insertJson(table: string, path: string): Promise<void>;
}

export type JsonKind = 'json' | 'jsonl';

const NEWLINE = 0x0a;
const isBlank = (b: number) => b === 0x20 || b === 0x09 || b === 0x0d || b === NEWLINE;

/** The bytes of `stream` as one JSON array of its non-blank lines (JSON Lines), and how many. */
export async function linesAsArray(stream: ReadableStream<Uint8Array>): Promise<Blob> {
  const parts: BlobPart[] = ['['];
  let carry: Uint8Array | null = null;
  let first = true;
  const push = (line: Uint8Array) => {
    let start = 0;
    let end = line.length;
    while (start < end && isBlank(line[start]!)) start++;
    while (end > start && isBlank(line[end - 1]!)) end--;
    if (start === end) return;
    if (!first) parts.push(',');
    first = false;
    parts.push(line.slice(start, end));
  };
  const reader = stream.getReader();
  let started = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let from = 0;
    // A byte-order mark before the first record is not part of it.
    if (!started && value[0] === 0xef && value[1] === 0xbb && value[2] === 0xbf) from = 3;
    started ||= value.length > 0;
    for (let i = value.indexOf(NEWLINE); i >= 0; i = value.indexOf(NEWLINE, from)) {
      const piece = value.subarray(from, i);
      if (carry) {
        push(concat(carry, piece));
        carry = null;
      } else push(piece);
      from = i + 1;
    }
    if (from < value.length)
      carry = carry ? concat(carry, value.subarray(from)) : value.slice(from);
  }
  if (carry) push(carry);
  parts.push(']');
  return new Blob(parts, { type: 'application/json' });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A file as the stream of what it holds, unpacked when it is gzip. */
function contents(file: File, gzip: boolean): ReadableStream<Uint8Array> {
  const raw = file.stream();
  return gzip ? raw.pipeThrough(new DecompressionStream('gzip')) : raw;
}

export async function loadJson(
  deps: JsonDeps,
  table: string,
  file: File,
  kind: JsonKind,
  /** The start of what the file holds (unpacked, for gzip). */
  headBytes: Uint8Array,
  gzip: boolean,
): Promise<Shaped> {
  const head = new TextDecoder('utf-8', { ignoreBOM: true }).decode(headBytes);
  const notes: string[] = [];
  let blob: Blob;
  let sample: unknown[];
  const start = head.replace(/^\ufeff/, '').trimStart();
  if (kind === 'jsonl') {
    blob = await linesAsArray(contents(file, gzip));
    // A line cut by the end of the head does not parse, and is left out of the sample.
    sample = firstRecords(`[${start.split(/\r?\n/).join(',')}]`, 200);
  } else if (start.startsWith('[')) {
    blob = gzip ? await new Response(contents(file, gzip)).blob() : file;
    // duckdb-wasm's reader takes a byte-order mark for the start of the value.
    if (head.startsWith('\ufeff')) blob = blob.slice(3);
    sample = firstRecords(start, 200);
  } else {
    const text = await new Response(contents(file, gzip)).text();
    let doc: unknown;
    try {
      doc = JSON.parse(text.replace(/^\ufeff/, ''));
    } catch (e) {
      throw new Error(`This JSON file cannot be read: ${errorMessage(e)}.`);
    }
    const { records, note } = recordsOfObject(doc as Record<string, unknown>);
    if (note) notes.push(note);
    blob = new Blob([JSON.stringify(records)], { type: 'application/json' });
    sample = records.slice(0, 200);
  }
  if (sample.length > 0 && !sample.some(isRecord))
    throw new Error(
      'This JSON holds a list of plain values, not records (objects with named values): there are no columns to make.',
    );

  const staging = `${table}__json`;
  const path = await deps.register(blob, file.name);
  try {
    await deps.insertJson(staging, path);
  } catch (e) {
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(staging)}`).catch(() => undefined);
    throw new Error(`This JSON file cannot be read: ${jsonReason(errorMessage(e), kind)}`);
  } finally {
    await deps.unregister(path).catch(() => undefined);
  }
  try {
    const shaped = await shapeJsonTable(deps.exec, staging, table, keyOrder(sample));
    return { columns: shaped.columns, notes: [...notes, ...shaped.notes] };
  } finally {
    await deps.exec(`DROP TABLE IF EXISTS ${quoteIdent(staging)}`).catch(() => undefined);
  }
}

function jsonReason(message: string, kind: JsonKind): string {
  const first = (message.split('\n')[0] ?? message).replace(/^(?:Error:\s*)+/, '').trim();
  const what = kind === 'jsonl' ? 'a line is not a whole JSON record' : 'it is not valid JSON';
  return `${what} (${first}).`;
}
