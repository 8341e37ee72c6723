/** A table the model shows the person (output_table). */
import { z } from 'zod';
import { cell } from '../data/cell.ts';
import { turnId } from '../ids.ts';
import { defineItem, type Fields } from './item-kind.ts';

/** Rows of a shown table the report gives in full detail. */
const REPORT_ROWS = 10;

export const tableEvent = z.object({
  type: z.literal('table'),
  turnId,
  callId: z.string(),
  title: z.string(),
  headers: z.array(z.string()),
  rows: z.array(z.array(cell)),
});

export type TableItem = { type: 'table'; id: string } & Fields<z.infer<typeof tableEvent>>;

export const tableItem = defineItem({
  type: 'table',
  event: tableEvent,
  item: (e): TableItem => ({
    type: 'table',
    id: e.callId,
    title: e.title,
    headers: e.headers,
    rows: e.rows,
  }),
  call: () => ({ status: 'done' }),
  row: (e) => ({
    role: 'assistant',
    type: 'table',
    text: e.title,
    payload: { headers: e.headers, rows: e.rows },
  }),
  report: (items, detail) =>
    items.flatMap((item) => [
      `Table shown: "${item.title}" (${item.rows.length.toLocaleString('en-US')} rows; columns ${item.headers.join(', ')})`,
      ...(detail === 0 ? item.rows.slice(0, REPORT_ROWS).map((r) => `  ${JSON.stringify(r)}`) : []),
    ]),
});
