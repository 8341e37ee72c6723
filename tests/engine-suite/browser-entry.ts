/**
 * The engine suite inside a Chromium page: the built worker started and wrapped by the app's own
 * client (src/adapters/engine-client.ts), each case run against it in turn. Bundled at test time
 * by tests/e2e/engine-suite.test.ts, served on a test-only page, never part of dist/.
 */
import { startEngine } from '../../src/adapters/engine-client.ts';
import { engineCases } from './cases.ts';
import { makeFile, runCase, type CaseReport } from './suite.ts';

export interface EngineSuitePage {
  engineSuite: { run(): Promise<CaseReport[]> };
}

async function run(): Promise<CaseReport[]> {
  const engine = startEngine();
  const reports: CaseReport[] = [];
  for (const c of engineCases) reports.push(await runCase(c, { engine, file: makeFile }));
  return reports;
}

(globalThis as unknown as EngineSuitePage).engineSuite = { run };
