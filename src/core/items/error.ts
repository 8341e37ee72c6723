/**
 * A turn's failure, shown where it happened (a model error, the step limit, a reply cut off, a
 * bug of the page's): an item like any other, so the page, storage and the report read one shape.
 */
import { z } from 'zod';
import { turnId } from '../ids.ts';
import { defineItem } from './item-kind.ts';

export const errorEvent = z.object({
  type: z.literal('error'),
  turnId,
  /** A ModelErrorKind, or `step_limit` / `cut_off` / `internal`. */
  kind: z.string(),
  message: z.string(),
});

/** Numbered among the turn's errors (`error-0`, `error-1`, …). */
export type ErrorItem = { type: 'error'; id: string; kind: string; message: string };

export const errorItem = defineItem({
  type: 'error',
  event: errorEvent,
  // Numbered among the turn's errors, which are never removed: a position among all items could
  // be taken again once a withdrawn draft shortens the list.
  item: (e, items): ErrorItem => ({
    type: 'error',
    id: `error-${items.filter((i) => i.type === 'error').length}`,
    kind: e.kind,
    message: e.message,
  }),
  last: true,
  row: (e) => ({ role: 'system', type: 'error', text: e.message }),
});
