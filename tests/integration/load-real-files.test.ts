/**
 * The loading ladder on real files, in the worker's own engine on duckdb-wasm (Node build):
 * DuckDB's own CSV test data and vega-datasets. Regressions: a quoted field across lines made
 * the padded retry read fewer rows than DuckDB's reader; a file of JSON fragments became a table.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableEngine } from '../../src/core/data/engine.ts';
import type { EngineInstance } from '../../workers/resilient-engine.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { makeFile } from '../engine-suite/suite.ts';
import { vegaData } from '../helpers/vega-data.ts';

let instance: EngineInstance;
let engine: TableEngine;

// Compiling DuckDB's 34 MB of wasm takes longer than a hook's default 10 s on a busy machine.
beforeAll(async () => {
  instance = await bootNodeEngine();
  engine = instance.engine;
}, 60_000);
afterAll(() => instance?.dispose());

const fixture = (name: string) =>
  makeFile(name, readFileSync(new URL(`../fixtures/duckdb-csv/${name}`, import.meta.url)));

describe('the loading ladder on real files', () => {
  it('keeps the 3 records DuckDB reads in evil_nullpadding_2.csv (regression: 2 rows)', async () => {
    const [outcome] = await engine.load([fixture('evil_nullpadding_2.csv')]);
    if (!outcome?.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.table.rows).toBe(3);
    expect(outcome.table.columns.map((c) => c.original)).toEqual(['pedro', 'br', 'nl', '1.72']);
    // No note that DuckDB's own reader counts other rows: the padded reading agrees with it.
    expect(outcome.table.notes).toEqual([
      'Rows do not all have the same number of fields; missing ones are NULL.',
    ]);
    const result = await engine.query(`SELECT pedro, br FROM ${outcome.table.name}`);
    expect(result.ok && result.rows).toEqual([
      ['mark', 'nl'],
      ['diego', '"'],
      ['pedro', 'nl"'],
    ]);
  });

  it('fails a load that is one column of JSON fragments, and passes real one-column data', async () => {
    // Not recognised from its head (it starts with a word), so it reaches DuckDB.
    const labelled = Buffer.concat([Buffer.from('cars:\n'), vegaData('cars.json')]);
    const [fragments, names] = await engine.load([
      makeFile('labelled.txt', labelled),
      makeFile('names.csv', 'name\nAlice\nBob\n{curly} Carol\n'),
    ]);
    expect(fragments).toMatchObject({ ok: false, fileName: 'labelled.txt' });
    expect(!fragments?.ok && fragments?.message).toMatch(
      /single column of fragments.*save it as CSV/,
    );
    expect(names).toMatchObject({ ok: true, table: { fileName: 'names.csv', rows: 3 } });
  });
});
