/**
 * A JSON document is parsed whole from one string. Past the length a browser's string can hold,
 * Chromium's Response.text() gave a cut string and a valid 600 MB document was refused as "not
 * valid JSON" (regression): now a document too large is refused by its size, before it is read,
 * or as soon as its unpacked size passes the limit.
 */
import { gzipSync } from 'node:zlib';
import { tableFromIPC, type Table } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { documentText, loadJson, type JsonDeps } from '../../workers/load-json.ts';

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

describe('a JSON document whose keys name members of Object.prototype', () => {
  /** The document loaded: its column names, and each column's values over every batch. */
  async function load(text: string) {
    const tables: Table[] = [];
    const deps: JsonDeps = {
      exec: async () => [],
      insertArrow: async (_, ipc) => void tables.push(tableFromIPC(ipc)),
    };
    const shaped = await loadJson(deps, 't', file(text, 'proto.json'), 'json', false);
    const column = (name: string) => tables.flatMap((t) => [...t.getChild(name)!]);
    return { names: shaped.columns.map((c) => c.name), column };
  }

  it('loads __proto__ and constructor as columns, from a list of records or one of columns', async () => {
    const list = await load('[{"__proto__": 1, "constructor": "a"}, {"toString": "t"}]');
    expect(list.names).toEqual(['__proto__', 'constructor', 'toString']);
    expect(list.column('__proto__')).toEqual([1n, null]);
    expect(list.column('constructor')).toEqual(['a', null]);
    expect(list.column('toString')).toEqual([null, 't']);

    const columns = await load('{"__proto__": [1, 2], "constructor": ["a", "b"]}');
    expect(columns.names).toEqual(['__proto__', 'constructor']);
    expect(columns.column('__proto__')).toEqual([1n, 2n]);
    expect(columns.column('constructor')).toEqual(['a', 'b']);
  });
});
