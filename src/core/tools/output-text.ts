import { z } from 'zod';
import { defineTool, ok, field, clip } from './tool.ts';

export const outputText = defineTool({
  name: 'output_text',
  label: 'Answer',
  description:
    'Show the person text: your findings, explanations and conclusions, in Markdown. This is the only text they read; ' +
    'anything you write outside tool calls is kept as private notes. Reference tables and charts rather than repeating them.',
  schema: z.object({
    text: z.string().min(1).describe('Markdown. No raw HTML; images are not shown.'),
  }),
  presents: 'answer',
  guidance: {
    rules: [
      'Text you write outside tool calls is private working notes: the person does not see it, so put everything meant for them in output_text.',
      'Every query result comes with an id (Q1, Q2, …). After each figure you state in output_text, cite the query it came from in square brackets, e.g. "642.5 mm [Q3]" or "up 12% [Q2, Q5]"; the person can click the citation to see the query. Cite only ids you were given. When a query filtered or sampled the rows, say which rows the figure rests on (e.g. "in Seattle, 2012–2015").',
    ],
    analysis: {
      step: 'present',
      text: 'output_text: a concise summary (3-5 sentences) of what this dataset is about and the most important insights or patterns you found. Keep it concise: highlight what matters, skip the obvious.',
    },
    question:
      'When presenting numbers, show your work: run the query, then explain the findings in output_text.',
  },
  describe: () => 'Wrote the answer',
  summarise: (input) => `- told the person: ${clip(field(input, 'text'), 1_500)}`,
  preview: 'text',
  async run({ text }, ctx) {
    ctx.emit({ type: 'text', turnId: ctx.turnId, callId: ctx.callId, text });
    return ok('Shown to the person.');
  },
});
