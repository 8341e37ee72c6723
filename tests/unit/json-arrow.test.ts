import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { batchToArrow } from '../../workers/json-arrow.ts';
import { eachBatch } from '../../workers/load-json.ts';
import { RecordShape } from '../../workers/record-shape.ts';

const stream = (text: string) => new Blob([text]).stream();

/** Records as one Arrow stream with the columns their shape gives, as a sheet or document is read. */
function recordsToArrow(records: unknown[]) {
  const shape = new RecordShape();
  for (const record of records) shape.add(record);
  const columns = shape.columns();
  return { ipc: batchToArrow(columns, records), columns, spread: shape.spread };
}

/** Every value of a JSON Lines stream, and the batches they came in. */
async function parseLines(text: string, limits?: { chars: number; count: number }) {
  const batches: unknown[][] = [];
  await eachBatch(stream(text), (values) => void batches.push(values), limits);
  return { values: batches.flat(), batches };
}

describe('records as Arrow', () => {
  it('keeps the keys’ order, spreads objects one level, and gives each column one kind', () => {
    const arrow = recordsToArrow([
      { id: 1, who: { name: 'Ana', tier: 1 }, code: 7, tags: ['a'], deep: { x: { y: 1 } } },
      { id: 2, who: null, code: 'A7', tags: [], extra: true },
    ]);
    expect(arrow.columns.map((c) => [c.original, c.name, c.kind])).toEqual([
      ['id', 'id', 'integer'],
      ['who.name', 'who_name', 'string'],
      ['who.tier', 'who_tier', 'integer'],
      ['code', 'code', 'json'],
      ['tags', 'tags', 'string[]'],
      ['deep.x', 'deep_x', 'json'],
      ['extra', 'extra', 'boolean'],
    ]);
    expect(arrow.spread).toBe(2);
    const table = tableFromIPC(arrow.ipc);
    expect(table.numRows).toBe(2);
    expect(table.getChild('code')!.toArray()).toEqual(['7', 'A7']);
    expect(table.getChild('deep_x')!.get(0)).toBe('{"y":1}');
    expect(table.getChild('who_name')!.toArray()).toEqual(['Ana', null]);
  });
});

describe('the types decided as DuckDB’s readers would', () => {
  it('makes whole numbers integers, ISO dates and times (at an offset: in UTC) dates and times, and leaves the rest text', () => {
    const arrow = recordsToArrow([
      {
        n: 1,
        x: 1,
        day: '2024-01-05',
        at: '2024-01-05T10:00:00Z',
        when: '2024-01-05',
        bad: '2024-02-30',
        zoned: '2024-01-05T10:00:00+02:00',
        offBy: '2024-01-05T10:00:00+25:00',
        list: [1, 2],
      },
      {
        n: 2,
        x: 2.5,
        day: null,
        at: '2024-01-06 08:30',
        when: '2024-01-06T00:00:01',
        bad: '2024-03-01',
        zoned: '2024-01-05 23:30:00.5-0530',
        offBy: null,
        list: [],
      },
    ]);
    expect(Object.fromEntries(arrow.columns.map((c) => [c.name, c.kind]))).toEqual({
      n: 'integer',
      x: 'number',
      day: 'date',
      at: 'timestamp',
      when: 'timestamp',
      bad: 'string',
      zoned: 'timestamp',
      offBy: 'string',
      list: 'integer[]',
    });
    // Times at an offset are the same instants in UTC, and the column says it was shifted.
    expect(arrow.columns.filter((c) => c.zoned).map((c) => c.name)).toEqual(['zoned']);
    const table = tableFromIPC(arrow.ipc);
    expect(String(table.schema.fields.map((f) => f.type))).toBe(
      'Int64,Float64,Date32<DAY>,Timestamp<MICROSECOND>,Timestamp<MICROSECOND>,Utf8,Timestamp<MICROSECOND>,Utf8,List<Int64>',
    );
    const zoned = table.getChild('zoned')!.data[0]!.values as BigInt64Array;
    expect([...zoned]).toEqual([
      BigInt(Date.UTC(2024, 0, 5, 8)) * 1000n,
      BigInt(Date.UTC(2024, 0, 6, 5)) * 1000n + 500_000n,
    ]);
    expect(table.getChild('n')!.get(1)).toBe(2n);
    expect(table.getChild('day')!.get(0)).toBe(Date.UTC(2024, 0, 5));
    const micros = recordsToArrow([{ at: '2024-01-05 10:00:00.123456' }]);
    expect(tableFromIPC(micros.ipc).getChild('at')!.data[0]!.values[0]).toBe(
      BigInt(Date.UTC(2024, 0, 5, 10)) * 1000n + 123456n,
    );
  });
});

describe('values written as they were', () => {
  it('keeps whole numbers to 2^53 either side of zero, and text in any script', () => {
    const ints = [0, -1, 2 ** 31, 3e9, -(2 ** 32) - 5, 2 ** 53 - 1, -(2 ** 53 - 1), null];
    const words = ['Oslo', 'Zürich', null, '東京', '🙂 ok', ''];
    const ascii = ['a', null, 'bc', ''];
    const records = ints.map((n, i) => ({ n, word: words[i] ?? null, ascii: ascii[i] ?? null }));
    const table = tableFromIPC(recordsToArrow(records).ipc);
    expect([...table.getChild('n')!]).toEqual(ints.map((n) => (n === null ? null : BigInt(n))));
    expect([...table.getChild('word')!]).toEqual(ints.map((_, i) => words[i] ?? null));
    expect([...table.getChild('ascii')!]).toEqual(ints.map((_, i) => ascii[i] ?? null));
  });
});

describe('keys that name members of Object.prototype', () => {
  it('are ordinary columns: __proto__, constructor, toString and hasOwnProperty keep their values', () => {
    // Parsed, as a file's records are: JSON.parse makes `__proto__` a key of the record.
    const records = JSON.parse(
      '[{"__proto__": 1, "constructor": "a", "toString": true, "hasOwnProperty": 2.5, "who": {"constructor": "c"}},' +
        ' {"who": {"name": "Bo"}}]',
    ) as unknown[];
    const arrow = recordsToArrow(records);
    expect(arrow.columns.map((c) => [c.name, c.kind])).toEqual([
      ['__proto__', 'integer'],
      ['constructor', 'string'],
      ['toString', 'boolean'],
      ['hasOwnProperty', 'number'],
      ['who_constructor', 'string'],
      ['who_name', 'string'],
    ]);
    const table = tableFromIPC(arrow.ipc);
    expect(table.schema.fields.map((f) => f.name)).toEqual(arrow.columns.map((c) => c.name));
    // A record lacking the key has a null there, not what Object.prototype holds under it.
    const column = (name: string) => [...table.getChild(name)!];
    expect(column('__proto__')).toEqual([1n, null]);
    expect(column('constructor')).toEqual(['a', null]);
    expect(column('toString')).toEqual([true, null]);
    expect(column('hasOwnProperty')).toEqual([2.5, null]);
    expect(column('who_constructor')).toEqual(['c', null]);
    expect(column('who_name')).toEqual([null, 'Bo']);
  });
});

describe('JSON Lines', () => {
  it('reads every line, across CRLF, blank lines and a byte-order mark', async () => {
    expect((await parseLines('\ufeff{"a":1}\r\n\r\n{"a":2}\n{"a":3}')).values).toEqual([
      { a: 1 },
      { a: 2 },
      { a: 3 },
    ]);
  });

  it('names the first line that is not JSON', async () => {
    await expect(parseLines('{"a":1}\n{"a":2}\n{"a": oops}\n')).rejects.toThrow(
      /line 3 is not a whole JSON value .*: \{"a": oops\}/,
    );
  });
});
