import { strToU8, unzip, unzipSync, zipSync, type Unzipped } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeExcelFile from 'write-excel-file/node';
import {
  MAX_WORKBOOK_UNPACKED_BYTES,
  MAX_ZIP_RATIO,
  readWorkbook,
  unpackRefusal,
} from '../../workers/load-xlsx.ts';
import { NotAZip, blobRange, zipDirectory } from '../../workers/zip-directory.ts';

const directoryOf = (bytes: Uint8Array) =>
  zipDirectory(blobRange(new Blob([bytes as BlobPart])), bytes.length);

/** Where each central-directory entry of a zip made by fflate starts, by name. */
function entryOffsets(zip: Uint8Array): Map<string, number> {
  const v = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (v.getUint32(end, true) !== 0x06054b50) end--;
  const found = new Map<string, number>();
  let at = v.getUint32(end + 16, true);
  for (let i = 0; i < v.getUint16(end + 8, true); i++) {
    const nameLength = v.getUint16(at + 28, true);
    found.set(new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength)), at);
    at += 46 + nameLength + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  return found;
}

/** `zip` with the directory saying `name` unpacks to `size` bytes (the data is left as it is). */
function declaring(zip: Uint8Array, name: string, size: number): Uint8Array {
  const copy = zip.slice();
  new DataView(copy.buffer).setUint32(entryOffsets(copy).get(name)! + 24, size, true);
  return copy;
}

/**
 * A ZIP64 archive of one stored entry, written out by hand: the entry's sizes are 0xFFFFFFFF with
 * the real ones (`declared` unpacked) in its ZIP64 extra field, and the end records are ZIP64's.
 */
function zip64(name: string, data: Uint8Array, declared: number): Uint8Array {
  const nameBytes = strToU8(name);
  const local = new Uint8Array(30 + nameBytes.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 45, true);
  lv.setUint32(18, data.length, true);
  lv.setUint32(22, data.length, true);
  lv.setUint16(26, nameBytes.length, true);
  local.set(nameBytes, 30);
  const entry = new Uint8Array(46 + nameBytes.length + 20);
  const ev = new DataView(entry.buffer);
  ev.setUint32(0, 0x02014b50, true);
  ev.setUint16(4, 45, true);
  ev.setUint16(6, 45, true);
  ev.setUint32(20, 0xffffffff, true);
  ev.setUint32(24, 0xffffffff, true);
  ev.setUint16(28, nameBytes.length, true);
  ev.setUint16(30, 20, true);
  entry.set(nameBytes, 46);
  const extra = 46 + nameBytes.length;
  ev.setUint16(extra, 1, true);
  ev.setUint16(extra + 2, 16, true);
  ev.setBigUint64(extra + 4, BigInt(declared), true); // unpacked first, then packed
  ev.setBigUint64(extra + 12, BigInt(data.length), true);
  const dirAt = local.length + data.length;
  const end64At = dirAt + entry.length;
  const tail = new Uint8Array(56 + 20 + 22);
  const tv = new DataView(tail.buffer);
  tv.setUint32(0, 0x06064b50, true);
  tv.setBigUint64(4, 44n, true);
  tv.setBigUint64(24, 1n, true);
  tv.setBigUint64(32, 1n, true);
  tv.setBigUint64(40, BigInt(entry.length), true);
  tv.setBigUint64(48, BigInt(dirAt), true);
  tv.setUint32(56, 0x07064b50, true);
  tv.setBigUint64(56 + 8, BigInt(end64At), true);
  tv.setUint32(56 + 16, 1, true);
  tv.setUint32(76, 0x06054b50, true);
  tv.setUint16(76 + 8, 0xffff, true);
  tv.setUint16(76 + 10, 0xffff, true);
  tv.setUint32(76 + 12, 0xffffffff, true);
  tv.setUint32(76 + 16, 0xffffffff, true);
  const out = new Uint8Array(end64At + tail.length);
  out.set(local, 0);
  out.set(data, local.length);
  out.set(entry, dirAt);
  out.set(tail, end64At);
  return out;
}

describe('zipDirectory', () => {
  it('lists each entry of a real zip with its packed and unpacked sizes, without unpacking it', async () => {
    const xml = strToU8('<row>1</row>'.repeat(5000));
    const zip = zipSync({
      'xl/worksheets/sheet1.xml': xml,
      'docProps/app.xml': [strToU8('<x/>'), { level: 0 }],
    });
    const entries = await directoryOf(zip);
    expect(entries.map((e) => [e.name, e.method, e.uncompressed])).toEqual([
      ['xl/worksheets/sheet1.xml', 8, xml.length],
      ['docProps/app.xml', 0, 4],
    ]);
    expect(entries[0]!.compressed).toBeLessThan(xml.length / 20);
    expect(unpackRefusal(entries)).toBeNull();
  });

  it('finds the directory behind an archive comment', async () => {
    const zip = zipSync({ 'a.xml': strToU8('<a/>') });
    const comment = strToU8('written by a tool that leaves a note');
    const withComment = new Uint8Array(zip.length + comment.length);
    withComment.set(zip);
    withComment.set(comment, zip.length);
    new DataView(withComment.buffer).setUint16(zip.length - 2, comment.length, true);
    expect((await directoryOf(withComment)).map((e) => e.name)).toEqual(['a.xml']);
  });

  it('reads ZIP64 sizes from the extra field, past 4 GiB', async () => {
    const declared = 5 * 2 ** 30;
    const entries = await directoryOf(zip64('xl/worksheets/sheet1.xml', strToU8('<x/>'), declared));
    expect(entries).toEqual([
      { name: 'xl/worksheets/sheet1.xml', method: 0, compressed: 4, uncompressed: declared },
    ]);
    expect(unpackRefusal(entries)).toMatch(/^This workbook unpacks to 5,120 MB: /);
    // An extra field claiming less than the 4-byte mark is not believed: still refused.
    const [small] = await directoryOf(zip64('a.xml', strToU8('<x/>'), 10));
    expect(small!.uncompressed).toBe(0xffffffff);
    expect(unpackRefusal([small!])).toMatch(/^This workbook unpacks to 4,096 MB: /);
    // The short end record giving another directory than ZIP64's: refused, not guessed.
    const split = zip64('a.xml', strToU8('<x/>'), 10);
    new DataView(split.buffer).setUint32(split.length - 6, 0, true);
    await expect(directoryOf(split)).rejects.toThrow(/two end-of-directory records disagree/);
  });

  it('refuses files that are not ZIP archives, or are cut short', async () => {
    await expect(directoryOf(strToU8('id,name\n1,Ana\n'))).rejects.toThrow(NotAZip);
    const zip = zipSync({ 'a.xml': strToU8('<a/>'), 'b.xml': strToU8('<b/>') });
    await expect(directoryOf(zip.slice(0, zip.length - 30))).rejects.toThrow(NotAZip);
    // The end record kept, the directory it points at cut: not read past the file.
    const v = new DataView(zip.buffer);
    const cut = zip.slice();
    new DataView(cut.buffer).setUint32(
      zip.length - 6,
      v.getUint32(zip.length - 6, true) + 40,
      true,
    );
    await expect(directoryOf(cut)).rejects.toThrow(/cut short|past the end/);
  });
});

describe('unpackRefusal', () => {
  it('refuses an entry whose declared size no compression could give (a zip bomb)', async () => {
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': strToU8('<row>1</row>'.repeat(100)) });
    const bomb = declaring(zip, 'xl/worksheets/sheet1.xml', 0xfffffff0);
    const [entry] = await directoryOf(bomb);
    expect(entry!.uncompressed).toBe(0xfffffff0);
    expect(unpackRefusal([entry!])).toMatch(
      /^This workbook cannot be read: its part "xl\/worksheets\/sheet1.xml" claims to unpack from \d+ bytes to 4,096 MB, more than any real compression gives\./,
    );
  });

  it('refuses a workbook whose entries together unpack past the limit, and names it', () => {
    const part = (name: string, mb: number) => ({
      name,
      method: 8,
      compressed: (mb * 2 ** 20) / 10,
      uncompressed: mb * 2 ** 20,
    });
    expect(unpackRefusal([part('a.xml', 300), part('b.xml', 200)])).toBeNull();
    expect(unpackRefusal([part('a.xml', 300), part('b.xml', 300)])).toBe(
      'This workbook unpacks to 600 MB: Sift unpacks a workbook whole, and a browser tab holds at most about 512 MB of it. Save each sheet as CSV (or the data as Parquet) and load those.',
    );
    expect(MAX_WORKBOOK_UNPACKED_BYTES).toBe(512 * 2 ** 20);
    // At deflate's own ceiling it is believed; past it, not.
    const at = { name: 'x.xml', method: 8, compressed: 1000, uncompressed: MAX_ZIP_RATIO * 1000 };
    expect(unpackRefusal([at])).toBeNull();
    expect(unpackRefusal([{ ...at, uncompressed: at.uncompressed + 2000 }])).toMatch(/claims/);
  });

  it('reads a real workbook: its directory matches what unpacking gives, and is let through', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [
      { value: i },
      { value: `name ${i % 97}` },
      { value: i * 1.5 },
    ]);
    const bytes = new Uint8Array(await writeExcelFile(rows).toBuffer());
    const entries = await directoryOf(bytes);
    const unpacked = unzipSync(bytes);
    expect(Object.fromEntries(entries.map((e) => [e.name, e.uncompressed]))).toEqual(
      Object.fromEntries(Object.entries(unpacked).map(([n, b]) => [n, b.length])),
    );
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    expect(unpackRefusal(entries)).toBeNull();
  });

  it('readWorkbook refuses a bomb before anything is unpacked', async () => {
    const zip = zipSync({ 'xl/worksheets/sheet1.xml': strToU8('<row>1</row>'.repeat(100)) });
    const bomb = new Blob([declaring(zip, 'xl/worksheets/sheet1.xml', 0xfffffff0) as BlobPart]);
    await expect(readWorkbook(bomb)).rejects.toThrow(/claims to unpack .* to 4,096 MB/);
    await expect(readWorkbook(new Blob(['id,name\n']))).rejects.toThrow(
      /could not be read as an Excel workbook \(\.xlsx\): it is too short/,
    );
  });

  it('fflate, which read-excel-file unpacks with, keeps an entry that lies about its size to its claim', async () => {
    // What the comment on unpackRefusal relies on: a directory claiming less than the data holds
    // cannot make the unpacker take more memory than the claim.
    const xml = strToU8('<row>1</row>'.repeat(10_000));
    const liar = declaring(zipSync({ 'a.xml': xml }), 'a.xml', 1000);
    expect(unzipSync(liar)['a.xml']!.length).toBeLessThanOrEqual(1000);
    const files = await new Promise<Unzipped>((resolve, reject) =>
      unzip(liar, (e, got) => (e ? reject(e) : resolve(got))),
    );
    expect(files['a.xml']!.length).toBeLessThanOrEqual(1000);
  });
});
