import { z } from 'zod';
import { cell } from '../data/cell.ts';
import { defineTool, fail, ok, field } from './tool.ts';

const MAX_ROWS = 2_000;

/** The per-column table the initial analysis ends with. */
export const COLUMN_TABLE_HEADERS = [
  'Column',
  'Type',
  'Non-Null Count',
  'Unique Count',
  'Description',
  'Typical Values',
  'Issues',
] as const;
const MAX_CELLS = 200_000;

export const outputTable = defineTool({
  name: 'output_table',
  label: 'Table',
  description:
    'Show the person a table (a preview of 5 rows that expands, sorts and downloads as CSV). ' +
    `At most ${MAX_ROWS.toLocaleString('en-US')} rows; each row has one cell per header.`,
  schema: z.object({
    title: z.string().describe('What the table shows.'),
    headers: z.array(z.string()).min(1),
    rows: z.array(z.array(cell)),
  }),
  presents: 'aside',
  guidance: {
    analysis: {
      step: 'present',
      text: `output_table: a per-column table with the headers ${COLUMN_TABLE_HEADERS.join(', ')} — one row for every column of every table, in table order. Its "Issues" flags high null rates, suspicious outliers, mixed types, constant columns and the like; write "None" if clean.`,
    },
    question: 'For tabular results, use output_table rather than a Markdown table in the text.',
  },
  describe: (input) => `Table: ${field(input, 'title')}`,
  summarise: (input) => `- showed table "${field(input, 'title')}"`,
  async run({ title, headers, rows }, ctx) {
    if (rows.length > MAX_ROWS || rows.length * headers.length > MAX_CELLS)
      return fail(
        `The table has ${rows.length} rows; the limit is ${MAX_ROWS} rows and ${MAX_CELLS} cells. Aggregate or show the top rows.`,
      );
    const bad = rows.findIndex((r) => r.length !== headers.length);
    if (bad >= 0)
      return fail(
        `Row ${bad + 1} has ${rows[bad]?.length} cells but there are ${headers.length} headers. Every row needs one cell per header.`,
      );
    ctx.emit({ type: 'table', turnId: ctx.turnId, callId: ctx.callId, title, headers, rows });
    return ok(`Shown to the person: "${title}", ${rows.length} rows.`);
  },
});
