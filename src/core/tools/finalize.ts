import { z } from 'zod';
import { defineTool, field, ok } from './tool.ts';

/** How many follow-up questions a turn may offer, and how long each may be. */
export const MAX_SUGGESTIONS = 3;
const MAX_SUGGESTION_CHARS = 120;

export const finalize = defineTool({
  name: 'finalize',
  label: 'Done',
  description:
    'End your turn once the person has their answer. After the initial analysis pass a short session title ' +
    '(e.g. "Seattle Weather 2012–2015"); after a question pass null. ' +
    `Also pass up to ${MAX_SUGGESTIONS} short follow-up questions the person could ask next about this data ` +
    '(each under 12 words, answerable from these tables, not already answered).',
  schema: z.object({
    session_title: z.string().max(120).nullable().describe('A short title, or null.'),
    suggestions: z
      .array(z.string())
      .optional()
      .describe(`Up to ${MAX_SUGGESTIONS} next questions, shown as buttons the person can click.`),
  }),
  guidance: {
    analysis: {
      step: 'end',
      text: `Call finalize with a short descriptive session title (e.g. "E-commerce Sales Q4 2024", "Customer Churn Analysis") and up to ${MAX_SUGGESTIONS} follow-up questions worth asking of this data.`,
    },
    question: `Call finalize with null when you have fully answered the question, with up to ${MAX_SUGGESTIONS} short follow-up questions that would take the analysis further (insights, not just more results).`,
    compact: { order: 5, text: 'Call finalize to end your turn.' },
  },
  describe: (input) => {
    const title = field(input, 'session_title');
    return title ? `Titled the session “${title}”` : 'Answer complete';
  },
  endsTurn: true,
  async run({ session_title, suggestions }, ctx) {
    const title = session_title?.trim() || null;
    if (title) ctx.emit({ type: 'session_update', turnId: ctx.turnId, title });
    // Tidied rather than refused: a bad suggestion is not worth a retry of the whole turn.
    const next = [...new Set((suggestions ?? []).map((s) => s.replace(/\s+/g, ' ').trim()))]
      .filter((s) => s.length > 0 && s.length <= MAX_SUGGESTION_CHARS)
      .slice(0, MAX_SUGGESTIONS);
    if (next.length) ctx.emit({ type: 'suggestions', turnId: ctx.turnId, suggestions: next });
    return ok('Turn finished.');
  },
});
