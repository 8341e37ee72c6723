/**
 * A text file in another encoding, made UTF-8 as it streams, for DuckDB: duckdb-wasm 1.32 reads
 * UTF-8, UTF-16 and Latin-1 only (its encodings extension would be downloaded), and its Latin-1
 * is ISO-8859-1, where Windows-1252's `€ ’ – œ` are control characters.
 *
 * The UTF-8 comes out in parts, each cut after a line feed outside double quotes, so that DuckDB
 * can read one part while the next is being made (text-parts.ts): made whole first, then read, a
 * 100 MB file took twice as long as the same text in UTF-8 (BENCHMARKS.md, Encodings). A part is
 * a buffer handed on to DuckDB's worker, so at most two are held at once, never the whole file;
 * a whole text, when one is needed, is a Blob of converted chunks (utf8File).
 *
 * A single-byte encoding goes through a table of each byte's UTF-8 bytes: in a Chromium worker
 * that made 100 MB UTF-8 in 0.45 s where TextDecoder and TextEncoder took 2.5 s (measured,
 * Chromium 156). UTF-16 goes through TextDecoder and TextEncoder.
 */
import { singleByteTable, type SingleByteEncoding } from '../src/core/reading/text-encoding.ts';
import { type TextEncodingName } from '../src/core/data/encodings.ts';

const MB = 1024 * 1024;

/** How big the parts are made. */
export interface PartSizes {
  /**
   * The first part ends once it holds this many rows (line feeds outside quotes): the 20,480 rows
   * DuckDB's sniffer samples from a file's start, and a few for a header and title lines, so
   * that it finds the dialect, types and date formats a reading of the whole text finds.
   */
  firstRows: number;
  /** Each later part ends at the first line end past this many bytes. */
  rest: number;
  /**
   * A part that reaches this many bytes without a place to cut (a stray quote that never
   * closes, rows too wide for the first part) stops the reading in parts: NoCut.
   */
  most: number;
}

export const PART_SIZES: PartSizes = { firstRows: 20_480 + 64, rest: 24 * MB, most: 96 * MB };

/** The text cannot be cut into parts of at most PartSizes.most bytes. */
export class NoCut extends Error {}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/** Where a conversion ended in its buffer, and after the last line feed outside quotes (or -1). */
interface Converted {
  end: number;
  cut: number;
}

/** Whether the text so far is inside a quoted field: `""` inside one toggles twice. */
interface Quotes {
  open: boolean;
}

/**
 * After the last line feed of `bytes[from, to)` outside quotes, or -1, read back from `to`,
 * where a quoted field is `openAtEnd` or not. 0x22 and 0x0A are `"` and a line feed in UTF-8,
 * which uses no byte below 0x80 inside a character.
 */
function lastCut(bytes: Uint8Array, from: number, to: number, openAtEnd: boolean): number {
  let open = openAtEnd;
  for (let i = to - 1; i >= from; i--) {
    const b = bytes[i]!;
    if (b === QUOTE) open = !open;
    else if (b === LINE_FEED && !open) return i + 1;
  }
  return -1;
}

/** The quotes of `out[from, end)` (`count` of them) carried on, and where they may be cut. */
function cutOf(out: Uint8Array, from: number, end: number, count: number, quotes: Quotes) {
  if (count % 2 === 1) quotes.open = !quotes.open;
  return { end, cut: lastCut(out, from, end, quotes.open) };
}

/**
 * Converts a chunk into `out` from `at` (room for three bytes each, the most one becomes):
 * where it ended, and where it may be cut.
 */
type Convert = (chunk: Uint8Array, out: Uint8Array, at: number, quotes: Quotes) => Converted;

/**
 * A transform from bytes in a single-byte encoding to UTF-8, through a table of each byte's
 * UTF-8 bytes packed in one number (every byte past ASCII is two or three in UTF-8): 100 MB in
 * 0.18 s in Node 20, where a loop over each byte's entry in a table of bytes took 0.33 s.
 */
function singleByteToUtf8(encoding: SingleByteEncoding): { chunk: Convert } {
  const encoder = new TextEncoder();
  const packed = new Uint32Array(256);
  const length = new Uint8Array(256);
  singleByteTable(encoding).forEach((c, b) => {
    const utf8 = encoder.encode(c);
    length[b] = utf8.length;
    packed[b] = utf8[0]! | ((utf8[1] ?? 0) << 8) | ((utf8[2] ?? 0) << 16);
  });
  const chunk: Convert = (chunk, out, at, quotes) => {
    let n = at;
    // Counted here, where each byte is looked at anyway: the parity carries to the next chunk.
    let count = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b < 0x80) {
        out[n++] = b;
        if (b === QUOTE) count++;
        continue;
      }
      // A Uint8Array keeps the low eight bits of what is stored in it.
      const v = packed[b]!;
      out[n] = v;
      out[n + 1] = v >> 8;
      if (length[b] === 3) out[n + 2] = v >> 16;
      n += length[b]!;
    }
    return cutOf(out, at, n, count, quotes);
  };
  return { chunk };
}

function utf16ToUtf8(encoding: 'utf-16le' | 'utf-16be'): {
  chunk: Convert;
  end(out: Uint8Array, at: number): number;
} {
  const decoder = new TextDecoder(encoding);
  const encoder = new TextEncoder();
  return {
    chunk: (chunk, out, at, quotes) => {
      const text = decoder.decode(chunk, { stream: true });
      const end = at + encoder.encodeInto(text, out.subarray(at)).written;
      let count = 0;
      for (let i = out.indexOf(QUOTE, at); i >= 0 && i < end; i = out.indexOf(QUOTE, i + 1))
        count++;
      return cutOf(out, at, end, count, quotes);
    },
    end: (out, at) => at + encoder.encodeInto(decoder.decode(), out.subarray(at)).written,
  };
}

/** The rows ending in `bytes[from, to)`: line feeds outside quotes, from `openAtStart`. */
function rowsIn(bytes: Uint8Array, from: number, to: number, openAtStart: boolean): number {
  let n = 0;
  let open = openAtStart;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) open = !open;
    else if (b === LINE_FEED && !open) n++;
  }
  return n;
}

/** The converter from `encoding` to UTF-8, and what a UTF-16 decoder holds at the end. */
function converter(encoding: Exclude<TextEncodingName, 'utf-8'>): {
  chunk: Convert;
  end?(out: Uint8Array, at: number): number;
} {
  return encoding === 'utf-16le' || encoding === 'utf-16be'
    ? utf16ToUtf8(encoding)
    : singleByteToUtf8(encoding);
}

/** `buf` with room for `more` bytes past its first `used`: itself, or a larger copy. */
function room(buf: Uint8Array<ArrayBuffer>, used: number, more: number, least: number) {
  if (buf.length >= used + more) return buf;
  const bigger = new Uint8Array(Math.max(least, 2 * (used + more)));
  bigger.set(buf.subarray(0, used));
  return bigger;
}

/**
 * `source`, in `encoding`, as UTF-8 in parts, each ending after a line feed outside quotes (so a
 * quoted line break is never cut): the first after `firstRows` rows, each later one past `rest`
 * bytes. A text shorter than the first part is one part; one that cannot be cut within `most`
 * bytes throws NoCut.
 *
 * Each chunk is converted straight into the buffer of the part it belongs to, and a part is
 * handed on as a view of that buffer, to be transferred to DuckDB's worker, not copied: a
 * buffer of three times each chunk, copied out at its length and then joined into a part, made
 * the conversion the slower side of the pipeline (BENCHMARKS.md, Encodings, 1 GB).
 */
export async function* utf8Parts(
  source: ReadableStream<Uint8Array>,
  encoding: Exclude<TextEncodingName, 'utf-8'>,
  sizes: PartSizes = PART_SIZES,
): AsyncGenerator<Uint8Array<ArrayBuffer>, void, undefined> {
  const convert = converter(encoding);
  const quotes: Quotes = { open: false };
  let buf = new Uint8Array(0);
  let size = 0;
  let cuts = 0;
  let rows = 0;
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const more = value.length * 3;
      buf = room(buf, size, more, Math.min(sizes.rest, sizes.most) + more);
      const openBefore = quotes.open;
      const { end, cut } = convert.chunk(value, buf, size, quotes);
      if (cuts === 0) rows += rowsIn(buf, size, end, openBefore);
      size = end;
      if (cut >= 0 && (cuts === 0 ? rows >= sizes.firstRows : cut >= sizes.rest)) {
        const part = buf.subarray(0, cut);
        const after = buf.subarray(cut, size);
        buf = room(new Uint8Array(0), 0, after.length, sizes.rest + more);
        buf.set(after);
        size = after.length;
        cuts += 1;
        yield part;
      } else if (size >= sizes.most) {
        throw new NoCut(`No line end to cut at within ${sizes.most} bytes.`);
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (convert.end) size = convert.end((buf = room(buf, size, 16, 16)), size);
  // Nothing after the last cut is no part; an empty text is one.
  if (cuts === 0 || size > 0) yield buf.subarray(0, size);
}

/**
 * `source`, in `encoding`, as a UTF-8 File named `name`, for a reading of the whole text: kept
 * by the browser as a Blob of the converted chunks, never whole in memory, whatever its quotes.
 */
export async function utf8File(
  source: ReadableStream<Uint8Array>,
  encoding: Exclude<TextEncodingName, 'utf-8'>,
  name: string,
): Promise<File> {
  const convert = converter(encoding);
  const quotes: Quotes = { open: false };
  const pieces: Blob[] = [];
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const out = new Uint8Array(value.length * 3);
      pieces.push(new Blob([out.subarray(0, convert.chunk(value, out, 0, quotes).end)]));
    }
  } finally {
    reader.releaseLock();
  }
  if (convert.end) {
    const out = new Uint8Array(16);
    pieces.push(new Blob([out.subarray(0, convert.end(out, 0))]));
  }
  return new File(pieces, name, { type: 'text/csv' });
}

/** `parts` joined into one buffer of its own. */
function joined(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

/**
 * The parts of a text made UTF-8, taken one at a time, the one after already being made while
 * the taker reads the last (the worker converts while DuckDB, in its own worker, reads).
 */
export class Utf8Parts {
  readonly #parts: AsyncIterator<Uint8Array<ArrayBuffer>>;
  #ahead: Promise<Uint8Array<ArrayBuffer> | null> | null = null;
  #tail: Uint8Array = new Uint8Array(0);

  constructor(
    parts: AsyncIterator<Uint8Array<ArrayBuffer>>,
    /** How much of the text's end tail() keeps. */
    private readonly tailBytes: number,
  ) {
    this.#parts = parts;
  }

  /** The next part (null after the last), the one after it begun. */
  async next(): Promise<Uint8Array<ArrayBuffer> | null> {
    const part = await (this.#ahead ?? this.#take());
    this.#ahead = part ? this.#take() : null;
    // Its failure is the next caller's: not an unhandled rejection in the meantime.
    this.#ahead?.catch(() => undefined);
    return part;
  }

  /**
   * Stops making parts: the one being made ahead is let go, and the source released, when the
   * text is read whole instead (read-delimited.ts).
   */
  close(): void {
    this.#ahead = null;
    void this.#parts.return?.(undefined)?.catch(() => undefined);
  }

  /** The last bytes of the parts taken so far (of the text, once all are). */
  tail(): Uint8Array {
    return this.#tail;
  }

  async #take(): Promise<Uint8Array<ArrayBuffer> | null> {
    const { done, value } = await this.#parts.next();
    if (done) return null;
    // A copy: the part itself is handed to DuckDB's worker, and gone from this one.
    const keep = value.subarray(Math.max(0, value.length - this.tailBytes));
    this.#tail =
      keep.length >= this.tailBytes
        ? keep.slice()
        : joined([this.#tail, keep]).slice(-this.tailBytes);
    return value;
  }
}
