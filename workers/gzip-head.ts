/**
 * The head Sift looks at before a load (file-head.ts) and hands to the sniffer: a file's first
 * bytes, or, for gzip, the first bytes of what it holds. DuckDB reads gzip itself (its core has
 * the codec, no extension), streaming the file as it goes; only the head is unpacked here.
 */

import { errorMessage } from '../src/core/errors.ts';

export const isGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;

/**
 * Unpacks `file` until `limit` bytes of content are out, reading no more of it than that takes.
 * `whole` when the content ended within them. Rejects when the data is not valid gzip.
 */
export async function gunzipHead(
  file: Blob,
  limit: number,
): Promise<{ bytes: Uint8Array; whole: boolean }> {
  const reader = file.stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let whole = false;
  try {
    while (total < limit) {
      const { done, value } = await reader.read();
      if (done) {
        whole = true;
        break;
      }
      chunks.push(value);
      total += value.length;
    }
  } finally {
    if (!whole) void reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(Math.min(total, limit));
  let at = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - at);
    bytes.set(part, at);
    at += part.length;
    if (at >= bytes.length) break;
  }
  return { bytes, whole };
}

export interface FileHead {
  head: Uint8Array;
  /** The size of the content, as far as known (unknown past the head of a large gzip file). */
  size: number;
  gzip: boolean;
}

/** The first `limit` bytes of `file`'s content. Rejects, in words, a gzip file that is damaged. */
export async function headOf(file: File, limit: number): Promise<FileHead> {
  const head = new Uint8Array(await file.slice(0, limit).arrayBuffer());
  if (!isGzip(head)) return { head, size: file.size, gzip: false };
  try {
    const unpacked = await gunzipHead(file, limit);
    const size = unpacked.whole ? unpacked.bytes.length : Number.MAX_SAFE_INTEGER;
    return { head: unpacked.bytes, size, gzip: true };
  } catch (e) {
    throw new Error(`This gzip file is damaged and cannot be unpacked (${errorMessage(e)}).`, {
      cause: e,
    });
  }
}
