/**
 * validate_finding in the agent loop, on the worker's own engine in Node (duckdb-wasm, through the
 * real read-only guard) with the sample: the person sees a card with the verdict, Claude reads the
 * verdict and each check, and a query the check cannot use comes back as an error to fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reduceAll } from '../../src/core/events/view.ts';
import { resultsOf, turn } from '../helpers/agent-turn.ts';
import {
  describeLoaded,
  openNodeAgentEngine,
  type NodeAgentEngine,
} from '../helpers/node-agent-engine.ts';
import type { DatasetTable } from '../../src/core/tools/tool.ts';

let engine: NodeAgentEngine;
let tables: DatasetTable[];

beforeAll(async () => {
  engine = await openNodeAgentEngine('public/data/weather.csv');
  tables = await describeLoaded(engine);
}, 60_000);
afterAll(() => engine.close());

const check = (finding: string, query: string, more: Record<string, string> = {}) => ({
  name: 'validate_finding',
  input: { finding, query, ...more },
});
const done = { tools: [{ name: 'finalize', input: { session_title: null } }] };

describe('validate_finding in the loop', () => {
  it('shows a card per finding with the verdict the data gives', async () => {
    const run = await turn(
      [
        {
          tools: [
            check(
              'It rains on more days in Seattle than in New York',
              'SELECT (precipitation > 0)::INT AS value, location AS grp FROM data',
            ),
            check(
              'Seattle gets more rain per day than New York',
              'SELECT precipitation AS value, location AS grp FROM data',
              { higher: 'Seattle', unit: 'mm' },
            ),
            check(
              'It rains on more days in New York than in Seattle',
              'SELECT (precipitation > 0)::INT AS value, location AS grp FROM data',
              { higher: 'New York' },
            ),
          ],
        },
        done,
      ],
      { engine: engine as never, tables },
    );
    expect(run.state).toBe('done');
    const cards = reduceAll(run.events).turns[0]!.items.filter((i) => i.type === 'validation');
    expect(cards.map((c) => c.type === 'validation' && [c.finding, c.verdict])).toEqual([
      ['It rains on more days in Seattle than in New York', 'holds'],
      ['Seattle gets more rain per day than New York', 'weak'],
      ['It rains on more days in New York than in Seattle', 'contradicted'],
    ]);
    const [rainyDays, perDay, reversed] = resultsOf(run.model.requests[1]!);
    expect(rainyDays!.content).toContain('Verdict: holds');
    expect(rainyDays!.content).toContain(
      '- Comparison (holds): Seattle 42.6% vs New York 32.2%, from 1,461 and 1,461 rows: the difference is 10.5 points, 95% CI 7.0 to 13.9 points.',
    );
    expect(perDay!.content).toContain('Verdict: weak');
    expect(perDay!.content).toContain('which includes no difference at all');
    expect(perDay!.content).toContain(
      '- Comparison (weak): Seattle 3.03 mm vs New York 2.86 mm, from 1,461 and 1,461 rows: the difference is 0.169 mm, 95% CI -0.389 to 0.728 mm, which includes no difference at all.',
    );
    expect(reversed!.content).toContain('Verdict: contradicted');
    expect(reversed!.content).toContain(
      '- Comparison (contradicted): New York 32.2% vs Seattle 42.6%, from 1,461 and 1,461 rows: the difference is -10.5 points, 95% CI -13.9 to -7.0 points: Seattle is higher, the opposite of the finding.',
    );
  });

  it('sends back a query it cannot use, with what to fix', async () => {
    const run = await turn([{ tools: [check('Wind is strong', 'SELECT wind FROM data')] }, done], {
      engine: engine as never,
      tables,
    });
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(result!.content).toBe(
      'The query must return the measure as a column named "value" (it returned wind). Fix the query and call validate_finding again.',
    );
    const refused = await turn(
      [{ tools: [check('x', 'SELECT wind AS value FROM data; DROP TABLE data')] }, done],
      { engine: engine as never, tables },
    );
    expect(resultsOf(refused.model.requests[1]!)[0]!.content).toMatch(/^The check could not run: /);
  });
});
