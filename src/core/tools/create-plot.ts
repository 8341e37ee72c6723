import { z } from 'zod';
import { rowObjects } from '../charts/chart-rows.ts';
import { checkPlotSpec } from '../charts/plot-spec.ts';
import { defineTool, fail, ok, field } from './tool.ts';
import { queryId as queryIdSchema } from '../ids.ts';
import { sqlQuery } from './sql-query.ts';

/** Rows a chart may hold: a chart's data is a small aggregate. */
export const CHART_MAX_ROWS = 100;

export const createPlot = defineTool({
  name: 'create_plot',
  label: 'Chart',
  description:
    'Show the person a chart. Draw it from a query: pass query_id (e.g. "Q3") and a Vega-Lite v6 spec without data; ' +
    `the query's rows (at most ${CHART_MAX_ROWS}: aggregate in SQL first) become the chart's data, so its fields are the query's columns. ` +
    'Only for numbers that came from no query, leave query_id out and put the rows inline in data.values. ' +
    'No URLs, images or links. If the spec is rejected you are told why; fix it and call again.',
  schema: z.object({
    title: z.string().describe('What the chart shows.'),
    vega_lite_spec: z
      .record(z.string(), z.unknown())
      .describe(
        'A Vega-Lite spec: without data when query_id is given, else with inline data.values.',
      ),
    query_id: z
      .string()
      .optional()
      .describe(`The id of the ${sqlQuery.name} result to draw (e.g. "Q3").`),
    replaces: z
      .string()
      .optional()
      .describe('To fix a chart after looking at it: the chart id its result gave you.'),
  }),
  presents: 'aside',
  // query_id names a result of sql_query, and its advice tells the model to run one.
  needs: [sqlQuery.name],
  guidance: {
    rules: [
      `Charts: draw each chart from a query. Run ${sqlQuery.name} for exactly the rows the chart needs (at most ${CHART_MAX_ROWS}: aggregate in SQL), then call create_plot with query_id set to that query's id and a Vega-Lite v6 spec without data, whose fields are the query's column names. Put rows inline in data.values only for numbers that came from no query. No URLs, images or links.`,
    ],
    question: 'For visual questions (distributions, trends, comparisons), prefer create_plot.',
    compact: { order: 3, text: 'Call create_plot when a chart shows it better than words.' },
  },
  describe: (input) => `Chart: ${field(input, 'title')}`,
  summarise: (input) => `- showed chart "${field(input, 'title')}"`,
  async run({ title, vega_lite_spec, query_id, replaces }, ctx) {
    let spec = vega_lite_spec;
    if (query_id !== undefined) {
      const result = ctx.queryRows(query_id);
      if (!result)
        return fail(
          `Chart rejected: there is no successful query ${JSON.stringify(query_id)} in this session. Use the id given with a query's result.`,
        );
      const total = result.rowCount ?? result.rows.length;
      if (total > CHART_MAX_ROWS || result.rows.length > CHART_MAX_ROWS)
        return fail(
          `Chart rejected: ${query_id} has ${total.toLocaleString('en-US')} rows; a chart may have at most ${CHART_MAX_ROWS}. Aggregate in a query (GROUP BY, binning, top N) and draw that query.`,
        );
      if ('data' in spec)
        return fail(
          'Chart rejected: give either query_id or data, not both. Leave data out: the query’s rows become the chart’s data.',
        );
      spec = { ...spec, data: { values: rowObjects(result) } };
    }
    const checked = checkPlotSpec(spec, { maxRows: CHART_MAX_ROWS, paints: 'sanitised' });
    if (!checked.ok) return fail(`Chart rejected: ${checked.reason}`);
    ctx.emit({
      type: 'plot',
      turnId: ctx.turnId,
      callId: ctx.callId,
      title,
      spec: checked.spec,
      ...(query_id === undefined ? {} : { queryId: queryIdSchema.parse(query_id) }),
      ...(replaces === undefined ? {} : { replaces }),
    });
    const shown = `Chart ${replaces === undefined ? 'shown to the person' : `${replaces} replaced`}: "${title}"${query_id === undefined ? ' (data typed in, not from a query)' : `, drawn from ${query_id}`}.`;
    // One look per chart: a fix is not looked at again, so a chart costs at most two calls.
    if (!ctx.look || replaces !== undefined) return ok(shown);
    let image: string;
    try {
      image = await ctx.look(checked.spec);
    } catch {
      return ok(shown);
    }
    return {
      content: `${shown} Its chart id is ${ctx.callId}. Below is the chart as the person sees it. If labels overlap, text is clipped, the legend is cramped, the axes are unreadable or the chart type does not suit the data, call create_plot once more with replaces: "${ctx.callId}" and the fixed spec. Otherwise go on.`,
      image,
    };
  },
});
