/** Arrow results as plain rows, for Sift's own statements (profile, loading, counts). */
import type { RecordBatch } from 'apache-arrow';
import type { Row } from '../src/core/sql/profile.ts';

/** Arrow values as plain JS: BigInt to number, vectors (lists) to arrays. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value && typeof value === 'object' && 'toArray' in value) {
    return Array.from((value as { toArray(): ArrayLike<unknown> }).toArray(), plain);
  }
  return value;
}

export function rowsOf(batches: Iterable<RecordBatch>): Row[] {
  const rows: Row[] = [];
  for (const batch of batches) {
    const names = batch.schema.fields.map((f) => f.name);
    for (let r = 0; r < batch.numRows; r++) {
      const row: Row = {};
      names.forEach((name, c) => (row[name] = plain(batch.getChildAt(c)?.get(r))));
      rows.push(row);
    }
  }
  return rows;
}
