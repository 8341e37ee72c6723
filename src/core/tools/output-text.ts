/**
 * The answer the person reads. Its figures are checked against the queries they cite
 * (core/figures); when some are not there, the model is told at once, with what the queries
 * hold, and may correct the answer once — the correction takes its place, as a chart's fix does.
 */
import { z } from 'zod';
import { checkFigures, type CitableQueries } from '../figures/check-figures.ts';
import { defineTool, ok, field, clip, type ToolContext } from './tool.ts';

/** What the model is told of figures not in the queries they cite; null when there are none. */
function misquotes(text: string, ctx: ToolContext): string | null {
  const queries: CitableQueries = {
    get: (id) => ctx.queryRows(id),
    has: (id) => ctx.queryRows(id) !== undefined,
  };
  const wrong = checkFigures(text, queries).figures.filter((f) => f.state === 'mismatch');
  if (!wrong.length) return null;
  const lines = wrong.map((f) => `- ${f.note}`);
  return [
    `Shown to the person. Sift looked for each figure in the queries it cites, and ${wrong.length === 1 ? 'this one is' : `these ${wrong.length} are`} not there:`,
    ...lines,
    `If you misread them, call output_text again with replaces: "${ctx.callId}" and the whole corrected answer; it takes this one's place. If they are right (worked out from several results, or rounded), go on.`,
  ].join('\n');
}

export const outputText = defineTool({
  name: 'output_text',
  label: 'Answer',
  description:
    'Show the person text: your findings, explanations and conclusions, in Markdown. This is the only text they read; ' +
    'anything you write outside tool calls is kept as private notes. Reference tables and charts rather than repeating them.',
  schema: z.object({
    text: z.string().min(1).describe('Markdown. No raw HTML; images are not shown.'),
    replaces: z
      .string()
      .optional()
      .describe(
        "Only to correct an answer whose figures Sift found missing from the queries they cite: that output_text call's id. The corrected text takes its place.",
      ),
  }),
  presents: 'answer',
  guidance: {
    rules: [
      'Text you write outside tool calls is private working notes: the person does not see it, so put everything meant for them in output_text.',
      'Every query result comes with an id (Q1, Q2, …). After each figure you state in output_text, cite the query it came from in square brackets, e.g. "642.5 mm [Q3]" or "up 12% [Q2, Q5]"; the person can click the citation to see the query. Cite only ids you were given. When a query filtered or sampled the rows, say which rows the figure rests on (e.g. "in Seattle, 2012–2015").',
      "Sift checks every figure beside a citation against that query's result (a cell, a total, share, difference, ratio or change of two cells, in your rounding and unit) and marks it for the person. If some are not there, the output_text result says which, once: correct the answer with output_text and replaces set to that call's id, or go on if the figures are right.",
    ],
    analysis: {
      step: 'present',
      text: 'output_text: a concise summary (3-5 sentences) of what this dataset is about and the most important insights or patterns you found. Keep it concise: highlight what matters, skip the obvious.',
    },
    question:
      'When presenting numbers, show your work: run the query, then explain the findings in output_text.',
    compact: {
      order: 4,
      text: 'Call output_text to tell the person what you found, in a few sentences. Put the query id, like [Q1], right after each figure taken from it.',
    },
  },
  describe: () => 'Wrote the answer',
  summarise: (input) => `- told the person: ${clip(field(input, 'text'), 1_500)}`,
  preview: 'text',
  async run({ text, replaces }, ctx) {
    ctx.emit({
      type: 'text',
      turnId: ctx.turnId,
      callId: ctx.callId,
      text,
      ...(replaces === undefined ? {} : { replaces }),
    });
    // A correction is not checked again: the model is told once.
    if (replaces !== undefined) return ok(`Shown to the person in place of ${replaces}.`);
    const told = misquotes(text, ctx);
    return told ? { content: told, holdsTurn: true } : ok('Shown to the person.');
  },
});
