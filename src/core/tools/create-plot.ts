import { z } from 'zod';
import { checkPlotSpec } from './plot-spec.ts';
import { defineTool, fail, ok } from './tool.ts';

export const createPlot = defineTool({
  name: 'create_plot',
  description:
    'Show the person a chart. Give a Vega-Lite v6 spec with the data inline in data.values (at most 100 rows: ' +
    'aggregate with sql_query first). Every field the encoding names must be a key of the values. ' +
    'No URLs, images or links. If the spec is rejected you are told why; fix it and call again.',
  schema: z.object({
    title: z.string().describe('What the chart shows.'),
    vega_lite_spec: z
      .record(z.string(), z.unknown())
      .describe('A Vega-Lite spec with inline data.values.'),
  }),
  async run({ title, vega_lite_spec }, ctx) {
    const checked = checkPlotSpec(vega_lite_spec);
    if (!checked.ok) return fail(`Chart rejected: ${checked.reason}`);
    ctx.emit({ type: 'plot', turnId: ctx.turnId, callId: ctx.callId, title, spec: checked.spec });
    return ok(`Chart shown to the person: "${title}".`);
  },
});
