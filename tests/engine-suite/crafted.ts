/**
 * Small files that say they are huge, for the loaders' limits: a ZIP whose directory claims more
 * than it holds, and a Parquet file whose metadata claims a row group of gigabytes. Each is a few
 * bytes to make and to hold; only what it declares is large.
 */

/** Thrift's compact protocol writes an i64 zigzagged, as a varint. */
function varint(value: bigint): number[] {
  let n = (value << 1n) ^ (value >> 63n);
  const out: number[] = [];
  do {
    const low = Number(n & 0x7fn);
    n >>= 7n;
    out.push(n > 0n ? low | 0x80 : low);
  } while (n > 0n);
  return out;
}

const indexOf = (bytes: Uint8Array, pattern: number[], from: number) => {
  for (let i = from; i + pattern.length <= bytes.length; i++)
    if (pattern.every((b, j) => bytes[i + j] === b)) return i;
  return -1;
};

/**
 * `parquet` with its one row group's total_byte_size, `total` (and num_rows `rows`, which follows
 * it), declared as `declared` instead: the footer rewritten with its new length, the data as it was.
 */
export function declaringGroupBytes(
  parquet: Uint8Array,
  total: number,
  rows: number,
  declared: number,
): Uint8Array {
  const v = new DataView(parquet.buffer, parquet.byteOffset, parquet.byteLength);
  const footerLength = v.getUint32(parquet.length - 8, true);
  const footerAt = parquet.length - 8 - footerLength;
  // Fields 2 and 3 of a RowGroup, both i64 (0x16: one field on, type i64).
  const was = [0x16, ...varint(BigInt(total)), 0x16, ...varint(BigInt(rows))];
  const at = indexOf(parquet, was, footerAt);
  if (at === -1) throw new Error('the row group sizes were not found in the footer');
  const now = [0x16, ...varint(BigInt(declared)), 0x16, ...varint(BigInt(rows))];
  const footer = [
    ...parquet.subarray(footerAt, at),
    ...now,
    ...parquet.subarray(at + was.length, parquet.length - 8),
  ];
  const out = new Uint8Array(footerAt + footer.length + 8);
  out.set(parquet.subarray(0, footerAt));
  out.set(footer, footerAt);
  new DataView(out.buffer).setUint32(out.length - 8, footer.length, true);
  out.set([0x50, 0x41, 0x52, 0x31], out.length - 4); // PAR1
  return out;
}

/**
 * A ZIP archive of deflated entries whose directory says each unpacks to `declared` bytes; the
 * data is `packed` bytes of nothing in particular, never meant to be unpacked.
 */
export function zipDeclaring(parts: Array<{ name: string; packed: number; declared: number }>) {
  const chunks: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = new TextEncoder().encode(part.name);
    const local = new Uint8Array(30 + name.length + part.packed);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(8, 8, true);
    l.setUint32(18, part.packed, true);
    l.setUint32(22, part.declared, true);
    l.setUint16(26, name.length, true);
    local.set(name, 30);
    local.fill(0x5a, 30 + name.length);
    const entry = new Uint8Array(46 + name.length);
    const e = new DataView(entry.buffer);
    e.setUint32(0, 0x02014b50, true);
    e.setUint16(4, 20, true);
    e.setUint16(6, 20, true);
    e.setUint16(10, 8, true);
    e.setUint32(20, part.packed, true);
    e.setUint32(24, part.declared, true);
    e.setUint16(28, name.length, true);
    e.setUint32(42, offset, true);
    entry.set(name, 46);
    chunks.push(local);
    directory.push(entry);
    offset += local.length;
  }
  const dirLength = directory.reduce((n, d) => n + d.length, 0);
  const end = new Uint8Array(22);
  const v = new DataView(end.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, parts.length, true);
  v.setUint16(10, parts.length, true);
  v.setUint32(12, dirLength, true);
  v.setUint32(16, offset, true);
  const all = [...chunks, ...directory, end];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of all) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
