/**
 * The engine suite inside a Chromium page: the built worker started and wrapped by the app's own
 * client (src/adapters/engine-client.ts), each case run against it in turn. Bundled at test time
 * by tests/e2e/engine-suite.test.ts, served on a test-only page, never part of dist/.
 */
import { startEngine } from '../../src/adapters/engine-client.ts';
import { engineCases } from './cases.ts';
import { FIXTURE_URL, makeFile, runCase, type CaseReport } from './suite.ts';

export interface EngineSuitePage {
  engineSuite: { run(): Promise<CaseReport[]>; storage(): Promise<string | undefined> };
}

// Every case on a database file, as the app keeps a session's large tables (the app starts in
// memory: resilient-engine.ts, FILE_AT).
const engine = startEngine({ tables: 'file' });

async function run(): Promise<CaseReport[]> {
  const reports: CaseReport[] = [];
  const fixture = async (path: string) => {
    const response = await fetch(`${FIXTURE_URL}${path}`);
    if (!response.ok) throw new Error(`No fixture ${path} (HTTP ${response.status}).`);
    return new Uint8Array(await response.arrayBuffer());
  };
  for (const c of engineCases) reports.push(await runCase(c, { engine, file: makeFile, fixture }));
  return reports;
}

(globalThis as unknown as EngineSuitePage).engineSuite = {
  run,
  storage: async () => (await engine.info()).storage,
};
