/**
 * The model is told, before its turn ends, which figures of its answer are not in the queries
 * they cite — once — and may correct the answer, which takes the first one's place on the page
 * while the activity keeps what the person read first (issue 31, item 2).
 */
import { describe, expect, it } from 'vitest';
import { reduceAll } from '../../src/core/events/view.ts';
import { expectValid, resultsOf, turn } from '../helpers/agent-turn.ts';
import { FakeEngine, rowsResult } from '../helpers/fake-engine.ts';

/** Wind by city, as DuckDB gives it for the sample (tests/unit/figure-checks.test.ts). */
const wind = () =>
  new FakeEngine(() =>
    rowsResult(
      ['location', 'avg_wind'],
      [
        ['New York', 4.96],
        ['Seattle', 3.24],
      ],
    ),
  );
const query = {
  tools: [{ name: 'sql_query', input: { query: 'SELECT …', description: 'Wind by city' } }],
};
const answer = (text: string, extra: Record<string, unknown> = {}, id?: string) => ({
  tools: [
    { name: 'output_text', input: { text, ...extra }, ...(id ? { id } : {}) },
    { name: 'finalize', input: { session_title: null } },
  ],
});
const finalize = { tools: [{ name: 'finalize', input: { session_title: null } }] };

describe('an answer that misquotes its query', () => {
  it('is told which figures, before the turn ends, and its correction takes the first one’s place', async () => {
    const run = await turn(
      [
        query,
        answer('New York 4.96 m/s, Seattle 3.28 m/s [Q1].', {}, 'toolu_first'),
        answer('New York 4.96 m/s, Seattle 3.24 m/s [Q1].', { replaces: 'toolu_first' }),
      ],
      { engine: wind() },
    );
    expect(run.state).toBe('done');
    // Three model calls: the finalize beside the misquote did not end the turn.
    expect(run.model.requests).toHaveLength(3);
    expectValid(run.model.requests);
    const [told] = resultsOf(run.model.requests[2]!);
    expect(told!.content).toContain('3.28 is not in Q1 — Q1 has 3.24, 4.96');
    expect(told!.content).toContain('replaces: "toolu_first"');
    expect(JSON.stringify(run.model.requests[2]!.messages.at(-1))).toContain(
      'Before this turn ends',
    );

    const [shown] = reduceAll(run.events).turns;
    const texts = shown!.items.filter((i) => i.type === 'text');
    expect(texts.map((t) => t.type === 'text' && t.text)).toEqual([
      'New York 4.96 m/s, Seattle 3.24 m/s [Q1].',
    ]);
    expect(shown!.activity).toContainEqual({
      type: 'note',
      text: 'Answer corrected after its figures were checked against the queries it cites. It first read: New York 4.96 m/s, Seattle 3.28 m/s [Q1].',
    });
  });

  it('is told once: a second misquote ends the turn as asked', async () => {
    const run = await turn(
      [query, answer('Seattle 3.28 m/s [Q1].'), answer('Seattle, again, 3.29 m/s [Q1].'), finalize],
      { engine: wind() },
    );
    expect(run.state).toBe('done');
    expect(run.model.requests).toHaveLength(3);
    expect(run.model.remaining).toBe(1);
  });

  it('may keep its answer: finalize alone ends the turn', async () => {
    const run = await turn([query, answer('Seattle 3.28 m/s [Q1].'), finalize], {
      engine: wind(),
    });
    expect(run.state).toBe('done');
    const [shown] = reduceAll(run.events).turns;
    expect(shown!.items.filter((i) => i.type === 'text')).toHaveLength(1);
  });

  it('ends at once when every figure is in its query', async () => {
    const run = await turn([query, answer('New York 4.96 m/s, Seattle 3.24 m/s [Q1].'), finalize], {
      engine: wind(),
    });
    expect(run.state).toBe('done');
    expect(run.model.requests).toHaveLength(2);
    expect(run.model.remaining).toBe(1);
  });
});
