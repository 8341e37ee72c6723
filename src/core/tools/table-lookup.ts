/** Finding the table a tool call names, or saying which ones there are. */
import { closestMatch } from '../closest.ts';
import type { DatasetTable } from './tool.ts';

export type TableLookup = { ok: true; table: DatasetTable } | { ok: false; message: string };

/** The table called `name` (the first table when none is named), or a message with the names. */
export function lookupTable(
  tables: readonly DatasetTable[],
  name: string | undefined,
): TableLookup {
  const wanted = name ?? tables[0]?.name;
  const table = tables.find((t) => t.name === wanted);
  if (table) return { ok: true, table };
  const names = tables.map((t) => t.name);
  const best = name ? closestMatch(name, names) : null;
  return {
    ok: false,
    message: `There is no table "${name ?? ''}".${best ? ` Did you mean "${best}"?` : ''} Tables: ${names.join(', ') || 'none loaded'}`,
  };
}
