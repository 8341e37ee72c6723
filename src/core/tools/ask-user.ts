import { z } from 'zod';
import { defineTool, fail, field, ok } from './tool.ts';

export const MAX_ASK_OPTIONS = 4;

export const askUser = defineTool({
  name: 'ask_user',
  label: 'Question for you',
  description:
    'Ask the person a question when theirs can be read in materially different ways and the answer would change ' +
    'the analysis (which column is "revenue"? which year? per customer or per order?). Do not ask what a query ' +
    `can tell you, and ask at most once per turn. Offer up to ${MAX_ASK_OPTIONS} short options when there are ` +
    'natural choices; the person may also answer in their own words. Make it the last call of your reply: the ' +
    "turn waits, and the person's answer comes back as this call's result.",
  schema: z.object({
    question: z.string().min(1).max(500).describe('One short question, in the person’s terms.'),
    options: z
      .array(z.string().min(1).max(120))
      .max(MAX_ASK_OPTIONS)
      .optional()
      .describe('Answers to choose from, shown as buttons.'),
  }),
  guidance: {
    question:
      'If the question can be read in materially different ways and the reading changes the answer (which column, which period, which measure), ask with ask_user, once, offering the readings as options. Otherwise make a reasonable interpretation and state your assumption.',
  },
  describe: (input) => `Asked: “${field(input, 'question')}”`,
  summarise: (input) => `- asked the person: ${field(input, 'question')}`,
  async run({ question, options = [] }, ctx) {
    if (!ctx.ask)
      return fail(
        'No one can answer questions here. Make a reasonable interpretation, state it, and go on.',
      );
    const choices = [...new Set(options.map((o) => o.trim()).filter(Boolean))];
    const { turnId, callId } = ctx;
    ctx.emit({ type: 'question', turnId, callId, question, options: choices });
    ctx.emit({ type: 'status', turnId, message: 'Waiting for your answer…' });
    let answer: string;
    try {
      answer = (await ctx.ask(question, choices)).trim();
    } catch {
      return fail('The person stopped the turn before answering.');
    }
    ctx.emit({ type: 'answer', turnId, callId, answer });
    return ok(`The person answered: ${answer}`);
  },
});
