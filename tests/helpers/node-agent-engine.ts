/**
 * The worker's own engine in Node (duckdb-wasm's Node build, tests/engine-suite/node-host.ts),
 * for benchmarks that run the agent loop on real data outside the browser. A CSV is loaded as the
 * page loads it, into the table `data`, and every query goes through the real guard, so the
 * model is handed exactly what the page would hand it.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describeTables } from '../../src/core/agent/dataset.ts';
import type { TableInfo } from '../../src/core/data/engine.ts';
import type { AgentEngine, DatasetTable } from '../../src/core/tools/tool.ts';
import { bootNodeEngine } from '../engine-suite/node-host.ts';
import { makeFile } from '../engine-suite/suite.ts';

export interface NodeAgentEngine extends AgentEngine {
  /** The loaded table, as the workspace lists it. */
  readonly table: TableInfo;
  close(): void;
}

/** Boots DuckDB and loads `csvPath` as the page would (the first table is `data`). */
export async function openNodeAgentEngine(csvPath: string): Promise<NodeAgentEngine> {
  const { engine, dispose } = await bootNodeEngine();
  const [outcome] = await engine.load([makeFile(basename(csvPath), readFileSync(csvPath))]);
  if (!outcome?.ok) {
    dispose();
    throw new Error(`${csvPath} did not load: ${outcome?.message ?? 'no outcome'}`);
  }
  return {
    table: outcome.table,
    query: engine.query,
    cancel: engine.cancel,
    profile: engine.profile,
    close: dispose,
  };
}

/** The tables as the model is told about them, through the same describeTables as the page. */
export function describeLoaded(engine: NodeAgentEngine): Promise<DatasetTable[]> {
  return describeTables(engine, [engine.table]);
}
