/**
 * A text file in another encoding, made UTF-8 as it streams, for DuckDB: duckdb-wasm 1.32 reads
 * UTF-8, UTF-16 and Latin-1 only (its encodings extension would be downloaded), and its Latin-1
 * is ISO-8859-1, where Windows-1252's `€ ’ – œ` are control characters.
 *
 * The UTF-8 comes out in parts, each cut after a line feed outside double quotes, so that DuckDB
 * can read one part while the next is being made (read-delimited.ts): made whole first, then
 * read, a 100 MB file took twice as long as the same text in UTF-8 (BENCHMARKS.md, Encodings).
 * Each part is a Blob, kept by the browser in its blob store (on disk when large), so the file is
 * never held whole in the worker's memory.
 *
 * A single-byte encoding goes through a table of each byte's UTF-8 bytes: in a Chromium worker
 * that made 100 MB UTF-8 in 0.45 s where TextDecoder and TextEncoder took 2.5 s (measured,
 * Chromium 156). UTF-16 goes through TextDecoder and TextEncoder.
 */
import {
  singleByteTable,
  type SingleByteEncoding,
  type TextEncodingName,
} from '../src/core/data/text-encoding.ts';

const MB = 1024 * 1024;

/** How big the parts are made. */
export interface PartSizes {
  /**
   * The first part ends once it holds this many lines, or `first` bytes: small, for DuckDB to
   * begin soon, yet holding the 20,480 rows its sniffer samples from the start of a file, so
   * that it finds the types it would find in the whole text. A table whose later parts do not
   * fit them is read again whole (read-delimited.ts).
   */
  firstLines: number;
  first: number;
  rest: number;
}

export const PART_SIZES: PartSizes = { firstLines: 20_480 + 64, first: 8 * MB, rest: 24 * MB };

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

/** The line feeds in `bytes` (quoted ones too: a few more lines than rows). */
function linesIn(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(LINE_FEED); i >= 0; i = bytes.indexOf(LINE_FEED, i + 1)) n++;
  return n;
}

/** `buf` with room for `more` bytes past its first `used`: itself, or a larger copy. */
function room(buf: Uint8Array<ArrayBuffer>, used: number, more: number, least: number) {
  if (buf.length >= used + more) return buf;
  const bigger = new Uint8Array(Math.max(least, 2 * (used + more)));
  bigger.set(buf.subarray(0, used));
  return bigger;
}

/**
 * `source`, in `encoding`, as UTF-8 in parts of about `first` bytes (or `firstLines` lines) and
 * then `rest` bytes, each ending after a line feed outside quotes (so a quoted line break is
 * never cut). A text without such a place, or shorter than the first part, is one part.
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
  const utf16 = encoding === 'utf-16le' || encoding === 'utf-16be' ? utf16ToUtf8(encoding) : null;
  const convert = utf16 ? utf16.chunk : singleByteToUtf8(encoding as SingleByteEncoding).chunk;
  const quotes: Quotes = { open: false };
  let buf = new Uint8Array(0);
  let size = 0;
  let target = sizes.first;
  let cuts = 0;
  let lines = 0;
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf = room(buf, size, value.length * 3, target + value.length * 3);
      const from = size;
      const { end, cut } = convert(value, buf, size, quotes);
      size = end;
      if (cuts === 0) lines += linesIn(buf.subarray(from, end));
      if (cut >= 0 && (cut >= target || (cuts === 0 && lines >= sizes.firstLines))) {
        const part = buf.subarray(0, cut);
        const after = buf.subarray(cut, size);
        target = sizes.rest;
        buf = room(new Uint8Array(0), 0, after.length, target + value.length * 3);
        buf.set(after);
        size = after.length;
        cuts += 1;
        yield part;
      }
    }
  } finally {
    reader.releaseLock();
  }
  if (utf16) size = utf16.end((buf = room(buf, size, 16, 16)), size);
  // Nothing after the last cut is no part; an empty text is one.
  if (cuts === 0 || size > 0) yield buf.subarray(0, size);
}

/** `parts` joined into one buffer of its own. */
function joined(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

/** `source`, in `encoding`, as a UTF-8 File named `name`, kept by the browser in parts. */
export async function utf8File(
  source: ReadableStream<Uint8Array>,
  encoding: Exclude<TextEncodingName, 'utf-8'>,
  name: string,
): Promise<File> {
  const made: BlobPart[] = [];
  for await (const part of utf8Parts(source, encoding)) made.push(new Blob([part]));
  return new File(made, name, { type: 'text/csv' });
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
