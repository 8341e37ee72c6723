import { tableFromIPC, type Table } from 'apache-arrow';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BATCH,
  MAX_LINE_CHARS,
  eachBatch,
  loadJson,
  type JsonDeps,
} from '../../workers/load-json.ts';

const defaults = { ...BATCH };
afterEach(() => Object.assign(BATCH, defaults));

/** A stream that hands over `text` in pieces of `size` bytes, so lines fall across chunks. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, (at += size)));
    },
  });
}

/** The engine's side of a load: each Arrow stream handed over, and whether it made the table. */
function recorder() {
  const inserts: Array<{ table: Table; create: boolean }> = [];
  const dropped: string[] = [];
  const deps: JsonDeps = {
    exec: async (sql) => {
      dropped.push(sql);
      return [];
    },
    insertArrow: async (_, ipc, create) => void inserts.push({ table: tableFromIPC(ipc), create }),
  };
  return { deps, inserts, dropped };
}

const lines = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n');

describe('JSON Lines in batches', () => {
  it('hands every value over in order, in batches of at most the limit, across chunk edges', async () => {
    const text = lines(Array.from({ length: 7 }, (_, i) => ({ i, word: 'ü'.repeat(i) })));
    const batches: unknown[][] = [];
    await eachBatch(chunked(text, 5), (values) => void batches.push(values), {
      chars: 1e9,
      count: 3,
    });
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual(
      Array.from({ length: 7 }, (_, i) => ({ i, word: 'ü'.repeat(i) })),
    );
    // By size too: a batch ends once it holds the limit's worth of text.
    const bySize: number[] = [];
    await eachBatch(chunked(text, 64), (values) => void bySize.push(values.length), {
      chars: 30,
      count: 1e9,
    });
    expect(bySize.length).toBeGreaterThan(2);
    expect(bySize.reduce((a, b) => a + b)).toBe(7);
  });

  it('gives every batch the columns and types of the whole file, however late a key or a kind shows', async () => {
    Object.assign(BATCH, { count: 2 });
    const records = [
      { id: 1, amount: 5, who: { name: 'Ana' } },
      { id: 2, amount: 7, who: null },
      { id: 3, amount: 9 },
      { id: 4, amount: 2.5, day: '2024-01-05' },
      { id: 5, amount: null, day: '2024-01-06T10:00:00Z', who: { name: 'Bo', tier: 2 } },
    ];
    const { deps, inserts } = recorder();
    const file = new File([lines(records)], 'late.jsonl');
    const shaped = await loadJson(deps, 'late', file, 'jsonl', false);

    expect(shaped.columns.map((c) => c.name)).toEqual([
      'id',
      'amount',
      'who_name',
      'day',
      'who_tier',
    ]);
    expect(shaped.notes.join(' ')).toMatch(/1 nested object was spread/);
    // Three batches: the first makes the table, the others are appended to it.
    expect(inserts.map((i) => [i.table.numRows, i.create])).toEqual([
      [2, true],
      [2, false],
      [1, false],
    ]);
    const schemas = inserts.map((i) =>
      String(i.table.schema.fields.map((f) => `${f.name} ${f.type}`)),
    );
    expect(new Set(schemas).size).toBe(1);
    // The first batch holds only whole amounts and no day; its columns are still those of the file.
    expect(schemas[0]).toBe(
      'id Int64,amount Float64,who_name Utf8,day Timestamp<MICROSECOND>,who_tier Int64',
    );
    const column = (name: string) => inserts.flatMap((i) => [...i.table.getChild(name)!]);
    expect(column('amount')).toEqual([5, 7, 9, 2.5, null]);
    expect(column('who_name')).toEqual(['Ana', null, null, null, 'Bo']);
    expect(column('who_tier')).toEqual([null, null, null, null, 2n]);
  });

  it('names a bad line before anything is written, and leaves no table when a batch fails', async () => {
    Object.assign(BATCH, { count: 2 });
    const bad = recorder();
    const text = `${lines([{ a: 1 }, { a: 2 }, { a: 3 }])}\n{"a": oops}`;
    await expect(
      loadJson(bad.deps, 't', new File([text], 'bad.jsonl'), 'jsonl', false),
    ).rejects.toThrow(/line 4 is not a whole JSON value/);
    expect(bad.inserts).toEqual([]);

    const failing = recorder();
    let calls = 0;
    failing.deps.insertArrow = async () => {
      if (++calls === 2) throw new Error('Out of Memory Error');
    };
    const good = new File([lines([{ a: 1 }, { a: 2 }, { a: 3 }])], 'ok.jsonl');
    await expect(loadJson(failing.deps, 't', good, 'jsonl', false)).rejects.toThrow(
      /Out of Memory/,
    );
    expect(failing.dropped).toEqual(['DROP TABLE IF EXISTS "t"']);
  });

  it('tells how far it has read, rising to the whole file over both readings', async () => {
    Object.assign(BATCH, { count: 50 });
    const { deps } = recorder();
    const seen: number[] = [];
    deps.progress = (done) => seen.push(done);
    const text = lines(Array.from({ length: 2000 }, (_, i) => ({ i, name: `row ${i}` })));
    // Several chunks, so that each reading reports more than once.
    const file = new File(text.match(/[^]{1,4096}/g)!, 'steps.jsonl');
    await loadJson(deps, 't', file, 'jsonl', false);
    expect(seen.length).toBeGreaterThan(4);
    expect(seen.every((d, i) => d > 0 && (i === 0 || d >= seen[i - 1]!))).toBe(true);
    expect(seen.some((d) => d < 0.5)).toBe(true);
    expect(seen.at(-1)).toBe(1);
  });

  it('reads keys named __proto__ and constructor as columns, in every batch', async () => {
    Object.assign(BATCH, { count: 2 });
    const { deps, inserts } = recorder();
    const text = [
      '{"__proto__": "p1", "constructor": 1, "id": 1}',
      '{"id": 2}',
      '{"__proto__": "p3", "id": 3}',
    ].join('\n');
    const shaped = await loadJson(deps, 't', new File([text], 'proto.jsonl'), 'jsonl', false);
    expect(shaped.columns.map((c) => c.name)).toEqual(['__proto__', 'constructor', 'id']);
    const column = (name: string) => inserts.flatMap((i) => [...i.table.getChild(name)!]);
    expect(column('__proto__')).toEqual(['p1', null, 'p3']);
    expect(column('constructor')).toEqual([1n, null, null]);
    expect(column('id')).toEqual([1n, 2n, 3n]);
  });

  it('writes a JSON document in batches as well, each with the columns of all its records', async () => {
    Object.assign(BATCH, { count: 2 });
    const { deps, inserts } = recorder();
    const doc = JSON.stringify({ data: [{ a: 1 }, { a: 2 }, { a: 3.5, b: 'late' }] });
    const shaped = await loadJson(deps, 'doc', new File([doc], 'doc.json'), 'json', false);
    expect(shaped.columns.map((c) => c.name)).toEqual(['a', 'b']);
    expect(inserts.map((i) => [i.table.numRows, i.create, String(i.table.schema.fields)])).toEqual([
      [2, true, 'a: Float64,b: Utf8'],
      [1, false, 'a: Float64,b: Utf8'],
    ]);
  });

  it('refuses a line past the limit as soon as that much of it has come, naming the line', async () => {
    const long = JSON.stringify({ text: 'x'.repeat(5000) });
    const text = `{"i":1}\n{"i":2}\n${long}\n{"i":3}\n`;
    const seen: unknown[] = [];
    await expect(
      eachBatch(chunked(text, 64), (values) => void seen.push(...values), BATCH, 1000),
    ).rejects.toThrow(
      /^This JSON Lines file cannot be read: line 3 is longer than 0 MB, and Sift reads JSON Lines a line at a time\. Put one record on each line, or save the data as a JSON array document \(read whole, up to 512 MB\), CSV or Parquet\.$/,
    );
    // In one chunk longer than the limit, too.
    await expect(eachBatch(chunked(text, 1e6), () => undefined, BATCH, 1000)).rejects.toThrow(
      /line 3 is longer than/,
    );
    // A file with no line break at all stops early, not at its end: here it has none.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 4096;
        controller.enqueue(new TextEncoder().encode('[1,'.repeat(4096 / 3)));
      },
    });
    await expect(eachBatch(endless, () => undefined, BATCH, 100_000)).rejects.toThrow(
      /line 1 is longer than/,
    );
    expect(pulled).toBeLessThan(120_000);
    expect(MAX_LINE_CHARS).toBe(64 * 2 ** 20);
  });

  it('reads a long line under the limit whole, across many chunks', async () => {
    const long = { text: 'ü'.repeat(5000), n: 7 };
    const text = `{"i":1}\n${JSON.stringify(long)}\r\n{"i":2}`;
    const seen: unknown[] = [];
    await eachBatch(chunked(text, 64), (values) => void seen.push(...values), BATCH, 5020);
    expect(seen).toEqual([{ i: 1 }, long, { i: 2 }]);
  });
});
