/**
 * What a ZIP archive says it holds, read from its central directory alone: the end-of-central-
 * directory record in the file's last bytes points at the directory, and each entry there gives
 * its name, its compressed size and its size once unpacked (ZIP64's 8-byte sizes when the 4-byte
 * ones are 0xFFFFFFFF). Only those bytes are read (Blob.slice), never the entries themselves: how
 * a workbook is judged before read-excel-file unpacks all of it in memory (load-xlsx.ts).
 *
 * The directory is found as fflate (read-excel-file's unzipper) finds it — the last end record
 * within 64 KiB of the end, the entry count of this disk, ZIP64's record through the locator just
 * before the end record — and an archive whose two end records disagree is refused, so that the
 * entries judged here are the ones it will unpack.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate. */
  method: number;
  compressed: number;
  /** The size it says it unpacks to. */
  uncompressed: number;
}

const END = 0x06054b50;
const END64_LOCATOR = 0x07064b50;
const END64 = 0x06064b50;
const ENTRY = 0x02014b50;
/** The end record's 22 bytes and the longest comment it can carry. */
const END_SEARCH = 22 + 0xffff;
const FULL32 = 0xffffffff;

export class NotAZip extends Error {}

/** A file's bytes from `start` to `end`, as `Blob.slice` gives them. */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>;

export function blobRange(blob: Blob): ReadRange {
  return async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
/** An 8-byte little-endian size as a number (exact below 2^53, far past any file). */
const u64 = (v: DataView, at: number) =>
  v.getUint32(at, true) + v.getUint32(at + 4, true) * 2 ** 32;

/** The entries of the archive of `size` bytes; throws NotAZip when it has no readable directory. */
export async function zipDirectory(read: ReadRange, size: number): Promise<ZipEntry[]> {
  if (size < 22) throw new NotAZip('it is too short to be a ZIP archive');
  const tailStart = Math.max(0, size - END_SEARCH - 20);
  const tail = await read(tailStart, size);
  const t = view(tail);
  let end = tail.length - 22;
  while (end >= 0 && t.getUint32(end, true) !== END) end--;
  if (end < 0) throw new NotAZip('it has no ZIP directory at its end');
  let count = t.getUint16(end + 8, true);
  let offset = t.getUint32(end + 16, true);
  let length = t.getUint32(end + 12, true);
  let zip64 = false;
  if (end >= 20 && t.getUint32(end - 20, true) === END64_LOCATOR) {
    const at = u64(t, end - 12);
    const record = view(await read(at, Math.min(size, at + 56)));
    if (record.byteLength === 56 && record.getUint32(0, true) === END64) {
      zip64 = true;
      const wide = { count: u64(record, 24), length: u64(record, 40), offset: u64(record, 48) };
      // Where the short record holds a value and not ZIP64's mark, the two must agree: an
      // unzipper may take either, and the entries judged must be the ones it unpacks.
      const agree =
        (count === 0xffff || count === wide.count) &&
        (offset === FULL32 || offset === wide.offset) &&
        (length === FULL32 || length === wide.length);
      if (!agree) throw new NotAZip('its two end-of-directory records disagree');
      ({ count, length, offset } = wide);
    }
  }
  if (count === 0) return [];
  if (offset + 46 > size) throw new NotAZip('its directory points past the end of the file');
  // The directory's own length can be wrong; read what it says, and never past the file.
  const dir = await read(offset, Math.min(size, offset + Math.max(length, 46)));
  return entries(dir, count, zip64);
}

/**
 * `count` central-directory entries from the start of `dir`; their ZIP64 sizes are read only in
 * a ZIP64 archive, as fflate reads them.
 */
export function entries(dir: Uint8Array, count: number, zip64: boolean): ZipEntry[] {
  const d = view(dir);
  const found: ZipEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > dir.length || d.getUint32(at, true) !== ENTRY)
      throw new NotAZip(`its directory is cut short at entry ${i + 1} of ${count}`);
    const nameLength = d.getUint16(at + 28, true);
    const extraLength = d.getUint16(at + 30, true);
    const commentLength = d.getUint16(at + 32, true);
    const name = new TextDecoder().decode(dir.subarray(at + 46, at + 46 + nameLength));
    let compressed = d.getUint32(at + 20, true);
    let uncompressed = d.getUint32(at + 24, true);
    if (zip64 && (compressed === FULL32 || uncompressed === FULL32)) {
      const sizes = zip64Sizes(dir, at + 46 + nameLength, extraLength, uncompressed, compressed);
      // Never less than 0xFFFFFFFF: an unzipper that skips the extra field takes that as the
      // size, and an entry that large is refused whatever its extra field says.
      uncompressed = Math.max(uncompressed, sizes.uncompressed);
      compressed = sizes.compressed;
    }
    found.push({ name, method: d.getUint16(at + 10, true), compressed, uncompressed });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return found;
}

/**
 * The ZIP64 extra field (id 1) holds, in this order, only the sizes that were 0xFFFFFFFF in the
 * entry. Without one, 0xFFFFFFFF stays as it is: at least 4 GiB, which is refused anyway.
 */
function zip64Sizes(
  dir: Uint8Array,
  start: number,
  length: number,
  uncompressed: number,
  compressed: number,
): { uncompressed: number; compressed: number } {
  const d = view(dir);
  const stop = Math.min(dir.length, start + length);
  for (let at = start; at + 4 <= stop; at += 4 + d.getUint16(at + 2, true)) {
    if (d.getUint16(at, true) !== 1) continue;
    let field = at + 4;
    const next = () => {
      if (field + 8 > stop) return FULL32;
      const value = u64(d, field);
      field += 8;
      return value;
    };
    const u = uncompressed === FULL32 ? next() : uncompressed;
    const c = compressed === FULL32 ? next() : compressed;
    return { uncompressed: u, compressed: c };
  }
  return { uncompressed, compressed };
}
