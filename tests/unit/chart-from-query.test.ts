/**
 * Charts drawn from their query: create_plot takes a query id, and that query's rows
 * become the chart's data, so a chart cannot show other numbers than its query card. Inline
 * values stay possible and are labelled as typed in.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { FakeEngine, rowsResult } from '../helpers/fake-engine.ts';
import { resultsOf, turn } from '../helpers/agent-turn.ts';

const MONTHS = Array.from({ length: 12 }, (_, i) => [i + 1, (i + 1) * 10.5]);
const engine = () =>
  new FakeEngine((sql) =>
    sql.includes('range(150)')
      ? rowsResult(
          ['n'],
          Array.from({ length: 150 }, (_, i) => [i]),
        )
      : rowsResult(['month', 'rain_mm'], MONTHS),
  );
const query = (sql = 'SELECT month, rain_mm FROM monthly') => ({
  name: 'sql_query',
  input: { query: sql, description: 'Rain by month' },
});
const bars = { mark: 'bar', encoding: { x: { field: 'month' }, y: { field: 'rain_mm' } } };
const plot = (input: Record<string, unknown>) => ({
  name: 'create_plot',
  input: { title: 'Rain', vega_lite_spec: bars, ...input },
});
const done = { tools: [{ name: 'finalize', input: { session_title: null } }] };
const plots = (events: AgentEvent[]) =>
  events.filter((e): e is Extract<AgentEvent, { type: 'plot' }> => e.type === 'plot');

describe('a chart drawn from a query', () => {
  it("takes the query's rows as its data and names its source", async () => {
    const run = await turn([{ tools: [query()] }, { tools: [plot({ query_id: 'Q1' })] }, done], {
      engine: engine(),
    });
    const [chart] = plots(run.events);
    expect(chart!.queryId).toBe('Q1');
    expect((chart!.spec.data as { values: unknown[] }).values).toEqual(
      MONTHS.map(([month, rain_mm]) => ({ month, rain_mm })),
    );
    expect(resultsOf(run.model.requests[2]!)[0]!.content).toBe(
      'Chart shown to the person: "Rain", drawn from Q1.',
    );
  });

  it('draws a query of an earlier turn', async () => {
    const first = await turn([{ tools: [query()] }, done], { engine: engine() });
    const queryRows = (id: string) =>
      first.events.find(
        (e): e is Extract<AgentEvent, { type: 'query_result' }> =>
          e.type === 'query_result' && e.queryId === id,
      );
    const second = await turn([{ tools: [plot({ query_id: 'Q1' })] }, done], {
      engine: engine(),
      conversation: first.conversation,
      queriesSoFar: 1,
      queryRows,
    });
    expect(plots(second.events)[0]!.queryId).toBe('Q1');
  });

  it('is refused, with a reason to act on, for an unknown id, a large result, data given twice or a missing column', async () => {
    const run = await turn(
      [
        { tools: [query(), query('SELECT * FROM range(150)')] },
        {
          tools: [
            plot({ query_id: 'Q7' }),
            plot({ query_id: 'Q2' }),
            plot({ query_id: 'Q1', vega_lite_spec: { ...bars, data: { values: [{ month: 1 }] } } }),
            plot({
              query_id: 'Q1',
              vega_lite_spec: { mark: 'bar', encoding: { x: { field: 'mm' } } },
            }),
          ],
        },
        done,
      ],
      { engine: engine() },
    );
    const reasons = resultsOf(run.model.requests[2]!).map((r) => [r.is_error, r.content]);
    expect(reasons).toEqual([
      [true, expect.stringMatching(/no successful query "Q7"/)],
      [true, expect.stringMatching(/Q2 has 150 rows; a chart may have at most 100/)],
      [true, expect.stringMatching(/either query_id or data, not both/)],
      [true, expect.stringMatching(/"mm", which is not in the data.*month, rain_mm/)],
    ]);
    expect(plots(run.events)).toEqual([]);
  });

  it('still accepts rows typed in, and says they came from no query', async () => {
    const inline = { ...bars, data: { values: [{ month: 1, rain_mm: 2 }] } };
    const run = await turn([{ tools: [plot({ vega_lite_spec: inline })] }, done]);
    expect(plots(run.events)[0]!.queryId).toBeUndefined();
    expect(resultsOf(run.model.requests[1]!)[0]!.content).toMatch(
      /data typed in, not from a query/,
    );
  });
});
