/**
 * One engine suite for every place the worker's code runs: each case takes a `SiftEngine` and a
 * way to make `File`s, and checks what a person would notice. tests/integration/engine-suite.test.ts
 * runs it in Node, tests/e2e/engine-suite.test.ts in Chromium against the built worker.
 */
import type { SiftEngine } from '../../src/core/data/engine.ts';

export interface SuiteContext {
  engine: SiftEngine;
  /** A file as a person would pick it; bytes are kept as they are (for other encodings). */
  file(name: string, content: string | Uint8Array): File;
  /** The bytes of a file under tests/fixtures/ (read from disk in Node, fetched in the page). */
  fixture(path: string): Promise<Uint8Array>;
}

/**
 * Where tables live in a host: in a database file (OPFS, so Chromium) or in memory (Node, where
 * duckdb-wasm has no file system to keep one in).
 */
export type Storage = 'file' | 'memory';

export interface EngineCase {
  name: string;
  /**
   * The only storage the case means anything on; a host with the other skips it, shown as
   * skipped in the report (issue 47: a case that returned early passed under a name it did not
   * test). Absent: both.
   */
  only?: Storage;
  run(ctx: SuiteContext): Promise<void>;
}

/** Whether `c` runs on a host whose tables live in `storage`. */
export const runsOn = (c: EngineCase, storage: Storage): boolean =>
  c.only === undefined || c.only === storage;

export interface CaseReport {
  name: string;
  ok: boolean;
  /** Why it failed, and where (the stack of the failed check, when there is one). */
  error?: string;
  stack?: string;
  ms: number;
}

/** Runs one case from an empty database, so that no case depends on another's tables. */
export async function runCase(c: EngineCase, ctx: SuiteContext): Promise<CaseReport> {
  const started = performance.now();
  try {
    await ctx.engine.reset();
    await c.run(ctx);
    return { name: c.name, ok: true, ms: performance.now() - started };
  } catch (e) {
    const ms = performance.now() - started;
    if (!(e instanceof Error)) return { name: c.name, ok: false, error: String(e), ms };
    return { name: c.name, ok: false, error: e.message, stack: e.stack, ms };
  }
}

/** A failed case as an Error for the runner's test, with the stack from where it failed. */
export function failure(report: CaseReport): Error {
  const error = new Error(report.error ?? 'The case failed.');
  if (report.stack) error.stack = report.stack;
  return error;
}

/** Where the page fetches fixtures: answered by tests/e2e/engine-suite-page.ts. */
export const FIXTURE_URL = '/__engine-suite/fixtures/';

export function makeFile(name: string, content: string | Uint8Array): File {
  return new File([content as BlobPart], name, { type: 'text/csv' });
}
