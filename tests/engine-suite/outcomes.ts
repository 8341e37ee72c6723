/** Reading load outcomes and tables in the cases: the table a file became, or why it did not. */
import type { LoadOutcome, TableInfo } from '../../src/core/data/engine.ts';
import { equal, fail, rows } from './check.ts';
import type { SuiteContext } from './suite.ts';

export function loaded(outcome: LoadOutcome | undefined, what: string): TableInfo {
  if (!outcome) fail(`${what}: no outcome`);
  if (!outcome.ok) fail(`${what}: expected a table, got "${outcome.message}"`);
  return outcome.table;
}

/** The message of a refused file, which must be `fileName`. */
export function failed(outcome: LoadOutcome | undefined, fileName: string): string {
  if (!outcome) fail(`${fileName}: no outcome`);
  if (outcome.ok) fail(`${fileName}: expected a refusal, got the table ${outcome.table.name}`);
  equal(outcome.fileName, fileName, 'the refused file');
  return outcome.message;
}

export async function cells(ctx: SuiteContext, sql: string) {
  return rows(await ctx.engine.query(sql), sql).rows;
}

/** A table's columns as `name TYPE`, as DuckDB describes them. */
export const types = (t: TableInfo) => (t.schema ?? []).map((c) => `${c.name} ${c.type}`);

/** `text` gzipped, as `gzip` on the command line would write it. */
export async function gzipped(text: string | Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([text as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
