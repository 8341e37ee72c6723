/**
 * Results as the model reads them: at most 50 rows and about 8 KB, one JSON array per row, with
 * the true row count and a note when cut. The page keeps the full result; the model gets enough
 * to reason with and is told to aggregate for more (ARCHITECTURE.md, Lineage: "don't send all 1,000 rows to the model").
 */
import type { Cell } from './engine.ts';

export const MODEL_MAX_ROWS = 50;
export const MODEL_MAX_BYTES = 8_000;
const CELL_CHARS = 300;

export interface CompactInput {
  columns: Array<{ name: string; type?: string }>;
  rows: Cell[][];
  /** Rows in the full result, when known. */
  totalRows: number | null;
  /** Columns of the full result, when only the first were fetched. */
  totalColumns?: number;
}

/** Columns named in the header; a wider result names the first ones and counts the rest. */
const HEAD_COLUMNS = 100;

function clip(cell: Cell): Cell {
  if (typeof cell === 'string' && cell.length > CELL_CHARS)
    return `${cell.slice(0, CELL_CHARS)}… (${cell.length} chars)`;
  return cell;
}

const count = (n: number) => n.toLocaleString('en-US');

export function compactResult(
  { columns, rows, totalRows, totalColumns }: CompactInput,
  limits = { rows: MODEL_MAX_ROWS, bytes: MODEL_MAX_BYTES },
): string {
  const total = totalRows ?? rows.length;
  const width = Math.max(totalColumns ?? 0, columns.length);
  const named = columns
    .slice(0, HEAD_COLUMNS)
    .map((c) => (c.type ? `${c.name} (${c.type})` : c.name));
  const unnamed = width - named.length;
  const head = `columns: ${named.join(', ')}${unnamed > 0 ? `, … and ${count(unnamed)} more` : ''}`;
  const lines: string[] = [];
  let bytes = head.length;
  for (const row of rows.slice(0, limits.rows)) {
    const line = JSON.stringify(row.map(clip));
    if (bytes + line.length + 1 > limits.bytes && lines.length > 0) break;
    lines.push(line);
    bytes += line.length + 1;
  }
  const shown = lines.length;
  let summary: string;
  if (total === 0) summary = 'The query returned no rows.';
  else if (shown >= total && totalRows !== null)
    summary = `${count(total)} row${total === 1 ? '' : 's'}.`;
  else {
    const why =
      shown < Math.min(limits.rows, rows.length)
        ? `the ${limits.bytes / 1000} KB limit`
        : `the ${limits.rows}-row limit`;
    const of = totalRows === null ? 'more rows (count unknown)' : `${count(total)} rows`;
    summary = `Showing the first ${count(shown)} of ${of} (${why}). Aggregate, filter or LIMIT in SQL to see what you need; the person sees the full result.`;
  }
  const wide =
    width > columns.length
      ? `The result has ${count(width)} columns; only the first ${count(columns.length)} were fetched. Select the columns you need.`
      : null;
  return [summary, ...(wide ? [wide] : []), head, ...lines].join('\n');
}
