/**
 * The suite's assertions. The cases run in Node and in a Chromium page alike, where vitest's
 * `expect` is not at hand, so a failed check throws an Error whose message says what differed;
 * each runner reports that message as the case's failure.
 */
import type { QueryResult } from '../../src/core/data/engine.ts';

export type Rows = Extract<QueryResult, { ok: true }>;
export type Refusal = Extract<QueryResult, { ok: false }>;

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

export function fail(what: string): never {
  throw new Error(what);
}

/** Equal as JSON: the cases compare plain values that crossed (or could cross) a worker. */
export function equal(actual: unknown, expected: unknown, what: string): void {
  if (show(actual) !== show(expected))
    fail(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

export function match(text: unknown, pattern: RegExp, what: string): void {
  if (typeof text !== 'string' || !pattern.test(text))
    fail(`${what}: expected text matching ${pattern}, got ${show(text)}`);
}

export function truthy(condition: unknown, what: string): void {
  if (!condition) fail(what);
}

/** The result has rows; otherwise the failure names the query and DuckDB's message. */
export function rows(result: QueryResult, sql: string): Rows {
  if (!result.ok) fail(`${sql}: expected rows, got ${result.kind}: ${result.message}`);
  return result;
}

/** The result is a refusal of `kind`; otherwise the failure names the query and what came. */
export function refused(result: QueryResult, kind: Refusal['kind'], sql: string): Refusal {
  if (result.ok) fail(`${sql}: expected ${kind}, got ${result.rows.length} row(s)`);
  if (result.kind !== kind) fail(`${sql}: expected ${kind}, got ${result.kind}: ${result.message}`);
  return result;
}

/** Settles with the promise's value, or with `late` after `ms`: "is it still running?". */
export function within<T>(work: Promise<T>, ms: number): Promise<T | 'still running'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
