import { z } from 'zod';
import { defineTool } from './tool.ts';

export const finalize = defineTool({
  name: 'finalize',
  description:
    'End your turn once the person has their answer. After the initial analysis pass a short session title ' +
    '(e.g. "Seattle Weather 2012–2015"); after a question pass null.',
  schema: z.object({
    session_title: z.string().max(120).nullable().describe('A short title, or null.'),
  }),
  async run({ session_title }, ctx) {
    const title = session_title?.trim() || null;
    if (title) ctx.emit({ type: 'session_update', turnId: ctx.turnId, title });
    return { content: 'Turn finished.', finalize: { title } };
  },
});
