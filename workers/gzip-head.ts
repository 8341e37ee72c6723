/**
 * The start of a gzip file's content. DuckDB reads gzip itself (its core has the codec, no
 * extension), streaming the file as it goes; what Sift needs unpacked is only the head it looks
 * at before the load (file-head.ts) and hands to the sniffer.
 */

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
