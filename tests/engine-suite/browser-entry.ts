/**
 * The engine suite inside a Chromium page: the built worker started and wrapped by the app's own
 * client (src/adapters/engine-client.ts), each case run against it in turn. Bundled at test time
 * by tests/e2e/engine-suite.test.ts, served on a test-only page, never part of dist/.
 */
import { startEngine } from '../../src/adapters/engine-client.ts';
import type { Reopened } from '../../src/core/data/engine.ts';
import { engineCases } from './cases.ts';
import { loadLedger, sum, wanted } from './kept-cases.ts';
import { FIXTURE_URL, makeFile, runCase, runsOn, type CaseReport } from './suite.ts';

export interface EngineSuitePage {
  engineSuite: {
    run(): Promise<CaseReport[]>;
    storage(): Promise<string | undefined>;
    /** Loads the ledger and leaves it in its database file, as a tab closed would. */
    keep(): Promise<string | undefined>;
    /** Reopens that file in an engine as the app starts one: what was found, and its sums. */
    reopen(database: string): Promise<{ reopened: Reopened; sums: unknown }>;
  };
}

// Every case on a database file, as the app keeps a session's large tables (the app starts in
// memory: resilient-engine.ts, FILE_AT).
// Started by the first case, not at the module's load: the page that reopens a file left by
// another starts only the engine it uses.
let suiteEngine: ReturnType<typeof startEngine> | null = null;
const engine = () => (suiteEngine ??= startEngine({ tables: 'file' }));

const fixture = async (path: string) => {
  const response = await fetch(`${FIXTURE_URL}${path}`);
  if (!response.ok) throw new Error(`No fixture ${path} (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
};
const context = () => ({ engine: engine(), file: makeFile, fixture });

async function run(): Promise<CaseReport[]> {
  const reports: CaseReport[] = [];
  // The page keeps its tables in a database file in OPFS (checked by the runner).
  for (const c of engineCases) if (runsOn(c, 'file')) reports.push(await runCase(c, context()));
  return reports;
}

(globalThis as unknown as EngineSuitePage).engineSuite = {
  run,
  storage: async () => (await engine().info()).storage,
  // From an empty engine, whichever case ran last: loaded beside another table, the ledger would
  // be named for its file, not `data`.
  keep: async () => {
    await engine().reset();
    return (await loadLedger(context())).database;
  },
  async reopen(database) {
    // The app's engine, in memory until told: it opens the file in the DuckDB it booted.
    const app = { ...context(), engine: startEngine() };
    const reopened = await app.engine.reopen(database, wanted());
    const sums = await sum(app).catch((e: unknown) => String(e));
    await app.engine.forgetDatabases([]);
    return { reopened, sums };
  },
};
