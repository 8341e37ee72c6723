/**
 * A JSON document is parsed whole from one string. Past the length a browser's string can hold,
 * Chromium's Response.text() gave a cut string and a valid 600 MB document was refused as "not
 * valid JSON" (regression): now a document too large is refused by its size, before it is read,
 * or as soon as its unpacked size passes the limit.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { documentText } from '../../workers/load-json.ts';

// Mostly three-byte characters, over several of a File stream's chunks: boundaries fall inside
// characters.
const records = JSON.stringify(
  Array.from({ length: 2_000 }, (_, i) => ({
    id: i,
    city: ['Paris', 'Lyon'][i % 2],
    note: '✓'.repeat(60),
  })),
);
const file = (bytes: Uint8Array | string, name: string) =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);

describe('a JSON document', () => {
  it('under the limit is read whole, characters split between chunks included', async () => {
    expect(records.length * 3).toBeGreaterThan(4 * 65_536);
    expect(await documentText(file(records, 'a.json'), false, 1 << 20)).toBe(records);
    const packed = file(gzipSync(records), 'a.json.gz');
    expect(await documentText(packed, true, 1 << 20)).toBe(records);
  });

  it('over the limit is refused by its size, with what to do instead', async () => {
    const max = Math.floor(records.length / 2);
    await expect(documentText(file(records, 'a.json'), false, max)).rejects.toThrow(
      /JSON document is .*reads a JSON document whole.*JSON Lines/,
    );
  });

  it('packed under the limit but over it unpacked is refused once the limit is passed', async () => {
    const packed = gzipSync(records);
    const max = Math.floor(records.length / 2);
    expect(packed.byteLength).toBeLessThan(max);
    await expect(documentText(file(packed, 'a.json.gz'), true, max)).rejects.toThrow(
      /more than .* once unpacked/,
    );
  });
});
