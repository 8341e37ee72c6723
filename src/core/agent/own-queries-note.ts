/**
 * What the model is told of the queries the person ran in the SQL box since its last turn
 * (core/events/own-query.ts): their ids, SQL and results, so that it can build on them and cite
 * them as it cites its own. Put before the question, in the same message.
 */
import type { OwnQuery } from '../events/own-query.ts';
import { compactResult } from '../data/compact-result.ts';

/** The latest this many are told; older ones the person ran stay in the session, uncited. */
export const OWN_QUERIES_TOLD = 5;

export function ownQueriesNote(
  queries: readonly OwnQuery[],
  limits: { rows: number; bytes: number },
): string | null {
  const told = queries.filter((q) => !q.isError).slice(-OWN_QUERIES_TOLD);
  if (told.length === 0) return null;
  const parts = told.map((q) =>
    [
      `${q.queryId}, run by the person:`,
      q.query.trim(),
      'Result:',
      compactResult(
        { columns: q.columns.map((name) => ({ name })), rows: q.rows, totalRows: q.rowCount },
        limits,
      ),
    ].join('\n'),
  );
  return [
    `Since your last answer the person ran ${told.length === 1 ? 'this query' : 'these queries'} themselves in the SQL box. ` +
      'If you use a figure from one, cite its id as you cite your own queries.',
    ...parts,
  ].join('\n\n');
}
