/**
 * Query ids: every sql_query result of a session gets the next id, Q1, Q2, …, shown on
 * its card and sent to the model with the result so it can cite it; the next turn goes on from
 * the highest id the session has used.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { queriesSoFar } from '../../src/core/events/query-ids.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { FakeEngine, rowsResult } from '../helpers/fake-engine.ts';
import { resultsOf, turn } from '../helpers/agent-turn.ts';
import { qid, tid } from '../helpers/ids.ts';

const query = (sql: string) => ({ name: 'sql_query', input: { query: sql, description: sql } });
const done = { tools: [{ name: 'finalize', input: { session_title: null } }] };

describe('query ids', () => {
  it('number every result of the session, failed ones too, and reach the model', async () => {
    const engine = new FakeEngine((sql) =>
      sql.includes('oops')
        ? { ok: false, kind: 'error', message: 'Parser Error: syntax error', durationMs: 1 }
        : rowsResult(['n'], [[42]]),
    );
    const first = await turn([{ tools: [query('SELECT 1'), query('SELECT oops')] }, done], {
      engine,
    });
    const ids = first.events.flatMap((e) => (e.type === 'query_result' ? [e.queryId] : []));
    expect(ids).toEqual(['Q1', 'Q2']);
    const [ok, failed] = resultsOf(first.model.requests[1]!);
    expect(ok!.content).toMatch(/^Query Q1 \(cite it as \[Q1\]/);
    expect(failed!.content).toMatch(/^Q2 failed: Parser Error/);
    expect(reduceAll(first.events).turns[0]!.items.map((i) => 'queryId' in i && i.queryId)).toEqual(
      ['Q1', 'Q2'],
    );

    const second = await turn([{ tools: [query('SELECT 3')] }, done], {
      engine,
      conversation: first.conversation,
      queriesSoFar: queriesSoFar(first.events),
    });
    expect(second.events.find((e) => e.type === 'query_result')).toMatchObject({ queryId: 'Q3' });
  });

  it('go on from the highest id used, whatever the order of events', () => {
    const result = (queryId?: string): AgentEvent => ({
      type: 'query_result',
      turnId: tid('t'),
      callId: queryId ?? 'old',
      ...(queryId ? { queryId: qid(queryId) } : {}),
      description: '',
      query: '',
      columns: [],
      rows: [],
      rowCount: 0,
      truncated: false,
      durationMs: 1,
      isError: false,
    });
    expect(queriesSoFar([])).toBe(0);
    expect(queriesSoFar([result('Q2'), result(), result('Q11'), result('Q3')])).toBe(11);
  });
});
