/**
 * Two ways to bring a JSON array into DuckDB-WASM without its json extension, measured in the
 * worker's own stack in Node (duckdb-wasm's Node build, one thread), next to native DuckDB's
 * read_json at 1 thread on the same file: duckdb-wasm's built-in `insertJSONFromPath`, and what
 * Sift does (workers/load-json.ts): JSON.parse, the records into typed Arrow (workers/record-shape.ts, workers/json-arrow.ts),
 * `insertArrowFromIPCStream`. Context for the choice,
 * not a figure of what a person waits for.
 *
 *   npx vitest run --config bench/json-import/vitest.config.ts
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { test } from 'vitest';
import { bootNodeEngine } from '../../tests/engine-suite/node-host.ts';
import { batchToArrow } from '../../workers/json-arrow.ts';
import { RecordShape } from '../../workers/record-shape.ts';

const RECORDS = 400_000;
const RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test('JSON into DuckDB-WASM: the built-in import against JSON.parse into Arrow, Sift’s way', async () => {
  const cities = ['Oslo', 'Lima', 'Pune', 'Quito', 'Perth'];
  const records = Array.from({ length: RECORDS }, (_, i) => ({
    id: i,
    city: cities[i % 5],
    amount: (i % 1000) / 4,
    day: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
    note: i % 7 ? null : `n${i}`,
  }));
  const text = JSON.stringify(records);
  const path = join(mkdtempSync(join(tmpdir(), 'sift-json-')), 'records.json');
  writeFileSync(path, text);

  // The worker's own stack: duckdb-wasm's Node build, locked down as the page's is.
  const { db, dispose } = await bootNodeEngine();
  const conn = await db.connect();
  const builtIn: number[] = [];
  const viaArrow: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    await db.registerFileText(`uploads/r${run}.json`, text);
    await conn.insertJSONFromPath(`uploads/r${run}.json`, { name: `a${run}` });
    builtIn.push(performance.now() - t);
    t = performance.now();
    const parsed = JSON.parse(text) as unknown[];
    const shape = new RecordShape();
    for (const record of parsed) shape.add(record);
    const ipc = batchToArrow(shape.columns(), parsed);
    await conn.insertArrowFromIPCStream(ipc, { name: `b${run}`, create: true });
    viaArrow.push(performance.now() - t);
  }
  const types = async (t: string) =>
    (await conn.query(`DESCRIBE ${t}`)).toArray().map((r) => `${r.column_name} ${r.column_type}`);
  const native = await (await DuckDBInstance.create(':memory:')).connect();
  await native.run('SET threads = 1');
  const nativeMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now();
    await native.run(`CREATE OR REPLACE TABLE n AS SELECT * FROM read_json('${path}')`);
    nativeMs.push(performance.now() - t);
  }
  const builtInTypes = await types('a0');
  const arrowTypes = await types('b0');
  dispose();
  const mb = (text.length / 1e6).toFixed(1);
  const f = (xs: number[]) => `${Math.round(median(xs))} ms (${xs.map(Math.round).join(', ')})`;
  console.log(
    [
      `JSON array, ${RECORDS.toLocaleString('en-US')} records, ${mb} MB; median of ${RUNS}:`,
      `- insertJSONFromPath: ${f(builtIn)} → ${builtInTypes.join(', ')}`,
      `- JSON.parse + Arrow, Sift's way: ${f(viaArrow)} → ${arrowTypes.join(', ')}`,
      `- native read_json, 1 thread: ${f(nativeMs)}`,
    ].join('\n'),
  );
});
