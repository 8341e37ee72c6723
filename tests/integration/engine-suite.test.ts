/**
 * The engine suite in Node, on the worker's own code: resilientEngine over createEngine over
 * duckdb-wasm's Node build, the stack workers/duckdb.worker.ts runs in the page. The same cases
 * run in Chromium against the built worker (tests/e2e/engine-suite.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import type { EngineInstance } from '../../workers/resilient-engine.ts';
import { resilientEngine } from '../../workers/resilient-engine.ts';
import { engineCases } from '../engine-suite/cases.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { failure, makeFile, runCase, runsOn } from '../engine-suite/suite.ts';

const fixture = async (path: string) =>
  new Uint8Array(await readFile(join('tests/fixtures', path)));

const instances: EngineInstance[] = [];
const engine = resilientEngine(async () => {
  const instance = await bootNodeEngine();
  instances.push(instance);
  return instance;
});

afterAll(() => {
  for (const instance of instances) instance.dispose();
});

describe('the engine suite on duckdb-wasm in Node', () => {
  // Tables live in memory here; a case about database files is shown skipped, not passed.
  for (const c of engineCases) {
    it.skipIf(!runsOn(c, 'memory'))(c.name, async () => {
      const report = await runCase(c, { engine, file: makeFile, fixture });
      if (!report.ok) throw failure(report);
    });
  }

  it('never had to restart DuckDB', () => {
    if (engine.restarts() !== 0) throw new Error(`DuckDB restarted ${engine.restarts()} time(s)`);
  });
});
