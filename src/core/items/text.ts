/** An answer the person reads (output_text): Markdown, streamed as a draft until it is whole. */
import { z } from 'zod';
import { turnId } from '../ids.ts';
import { defineItem, defineUpdate, type Fields } from './item-kind.ts';

/** Answers longer than this are cut when the report must summarise a turn. */
const ANSWER_CHARS_WHEN_SUMMARISED = 600;

export const textEvent = z.object({
  type: z.literal('text'),
  turnId,
  callId: z.string(),
  text: z.string(),
  /** The reply was cut (connection lost, or Stop) while or after this was written. */
  cutOff: z.boolean().optional(),
  /**
   * The call id of an answer this one corrects, after Sift found figures of it that are not in
   * the queries they cite (tools/output-text.ts): it takes that answer's place.
   */
  replaces: z.string().optional(),
});

/** The answer being written through output_text, so far (transient; a snapshot, not a delta). */
export const answerDraftEvent = z.object({
  type: z.literal('answer_draft'),
  turnId,
  callId: z.string(),
  text: z.string(),
});

/** A draft answer whose call was dropped (cut off by the output limit) leaves the page. */
export const answerWithdrawnEvent = z.object({
  type: z.literal('answer_withdrawn'),
  turnId,
  callId: z.string(),
});

/** `draft` while it streams (answer_draft); a draft whose call fails leaves the page. */
export type TextItem = { type: 'text'; id: string; draft: boolean } & Omit<
  Fields<z.infer<typeof textEvent>>,
  'replaces'
>;

export const textItem = defineItem({
  type: 'text',
  event: textEvent,
  item: (e): TextItem => ({
    type: 'text',
    id: e.callId,
    text: e.text,
    draft: false,
    ...(e.cutOff ? { cutOff: true } : {}),
  }),
  // A corrected answer takes the place of the one it corrects (the activity keeps the first).
  replaces: (items, e) =>
    e.replaces === undefined
      ? -1
      : items.findIndex((i) => i.type === 'text' && i.id === e.replaces),
  call: () => ({ status: 'done' }),
  updates: [
    defineUpdate({
      event: answerDraftEvent,
      shows: (e): TextItem => ({ type: 'text', id: e.callId, text: e.text, draft: true }),
    }),
    defineUpdate({
      event: answerWithdrawnEvent,
      changes: (i: TextItem) => (i.draft ? null : i),
    }),
  ],
  // A draft answer whose call failed must not stay on the page as if it had been given.
  callFailed: (i) => (i.draft ? null : i),
  // Cut short, what was written stands as the answer; nothing written, nothing shown.
  turnEnded: (i) => (!i.draft ? i : i.text.trim() ? { ...i, draft: false } : null),
  row: (e) => ({ role: 'assistant', type: 'text', text: e.text }),
  report: (items, detail) => {
    if (!items.length) return [];
    let answer = items.map((i) => i.text).join('\n\n');
    if (detail === 3 && answer.length > ANSWER_CHARS_WHEN_SUMMARISED)
      answer = `${answer.slice(0, ANSWER_CHARS_WHEN_SUMMARISED)}… (answer shortened to fit)`;
    return ['Answer given to the person:', answer];
  },
});
