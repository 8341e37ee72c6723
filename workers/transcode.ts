/**
 * A text file in another encoding, made UTF-8 as it streams, for DuckDB: duckdb-wasm 1.32 reads
 * UTF-8, UTF-16 and Latin-1 only (its encodings extension would be downloaded), and its Latin-1
 * is ISO-8859-1, where Windows-1252's `€ ’ – œ` are control characters. The result is a Blob
 * built a few megabytes at a time: the browser keeps a Blob's parts in its blob store (on disk
 * when large), so the file is never held whole in the worker's memory.
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

/** Output is handed to the Blob in parts of about this size. */
const PART_BYTES = 8 * 1024 * 1024;

/** Each byte's UTF-8 bytes: `bytes[offset[b]] … bytes[offset[b + 1] - 1]`. */
function utf8Table(encoding: SingleByteEncoding): { bytes: Uint8Array; offset: Uint32Array } {
  const encoder = new TextEncoder();
  const parts = singleByteTable(encoding).map((c) => encoder.encode(c));
  const offset = new Uint32Array(257);
  for (let b = 0; b < 256; b++) offset[b + 1] = offset[b]! + parts[b]!.length;
  const bytes = new Uint8Array(offset[256]!);
  parts.forEach((p, b) => bytes.set(p, offset[b]!));
  return { bytes, offset };
}

/** A transform from bytes in a single-byte encoding to UTF-8. */
function singleByteToUtf8(encoding: SingleByteEncoding): (chunk: Uint8Array) => Uint8Array {
  const { bytes, offset } = utf8Table(encoding);
  return (chunk) => {
    // A byte becomes at most three (the table's longest entry, e.g. € → E2 82 AC).
    const out = new Uint8Array(chunk.length * 3);
    let n = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b < 0x80) out[n++] = b;
      else for (let j = offset[b]!, end = offset[b + 1]!; j < end; j++) out[n++] = bytes[j]!;
    }
    return out.subarray(0, n);
  };
}

function utf16ToUtf8(encoding: 'utf-16le' | 'utf-16be') {
  const decoder = new TextDecoder(encoding);
  const encoder = new TextEncoder();
  return {
    chunk: (chunk: Uint8Array) => encoder.encode(decoder.decode(chunk, { stream: true })),
    end: () => encoder.encode(decoder.decode()),
  };
}

/** `source`, in `encoding`, as a UTF-8 File named `name`. */
export async function toUtf8File(
  source: ReadableStream<Uint8Array>,
  encoding: Exclude<TextEncodingName, 'utf-8'>,
  name: string,
): Promise<File> {
  const utf16 = encoding === 'utf-16le' || encoding === 'utf-16be';
  const step = utf16 ? utf16ToUtf8(encoding) : null;
  const convert = step ? step.chunk : singleByteToUtf8(encoding as SingleByteEncoding);
  let blob = new Blob([]);
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    blob = new Blob([blob, ...(pending as BlobPart[])]);
    pending = [];
    pendingBytes = 0;
  };
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const out = convert(value);
      // Just the bytes written: the Blob keeps its parts, not a larger buffer behind one.
      pending.push(out.byteLength === out.buffer.byteLength ? out : out.slice());
      pendingBytes += out.length;
      if (pendingBytes >= PART_BYTES) flush();
    }
  } finally {
    reader.releaseLock();
  }
  if (step) pending.push(step.end());
  flush();
  return new File([blob], name, { type: 'text/csv' });
}
