/**
 * Claude's question to the person (ask_user), asked instead of guessing what an ambiguous
 * question means: the turn waits for the answer, which becomes the call's result. The answer
 * comes as its own event (`answer`) and is shown on the question's card.
 */
import { z } from 'zod';
import { turnId } from '../ids.ts';
import { defineItem, defineUpdate, type Fields } from './item-kind.ts';

export const askEvent = z.object({
  type: z.literal('question'),
  turnId,
  callId: z.string(),
  question: z.string(),
  options: z.array(z.string()),
});

/** The person's answer to a question Claude asked (`callId` names the question). */
export const answerEvent = z.object({
  type: z.literal('answer'),
  turnId,
  callId: z.string(),
  answer: z.string(),
});

/** `answer` is null until the person answers. */
export type AskItem = { type: 'ask'; id: string; answer: string | null } & Fields<
  z.infer<typeof askEvent>
>;

export const askItem = defineItem({
  type: 'ask',
  event: askEvent,
  item: (e): AskItem => ({
    type: 'ask',
    id: e.callId,
    question: e.question,
    options: e.options,
    answer: null,
  }),
  updates: [
    defineUpdate({
      event: answerEvent,
      changes: (i: AskItem, e): AskItem => ({ ...i, answer: e.answer }),
    }),
  ],
  row: (e) => ({
    role: 'assistant',
    type: 'question',
    text: e.question,
    payload: { options: e.options },
  }),
  // What the person said the question meant is part of what the answer rests on.
  report: (items) =>
    items.map(
      (item) =>
        `Claude asked: "${item.question}" — the person answered: ${item.answer === null ? '(no answer)' : `"${item.answer}"`}`,
    ),
});
