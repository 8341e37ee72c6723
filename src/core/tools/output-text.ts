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
  describe: () => 'Wrote the answer',
  summarise: (input) => `- told the person: ${clip(field(input, 'text'), 1_500)}`,
  preview: 'text',
  async run({ text }, ctx) {
    ctx.emit({ type: 'text', turnId: ctx.turnId, callId: ctx.callId, text });
    return ok('Shown to the person.');
  },
});
