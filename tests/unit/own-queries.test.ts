/**
 * The person's queries in the SQL box (issue 33, item 2): ids of the session's one series shared
 * with the model's, kept in the session's view, told to the model at its next turn, citable by
 * its answers, and listed in the report's input.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events/events.ts';
import type { OwnQuery } from '../../src/core/events/own-query.ts';
import { citableQueries } from '../../src/core/events/query-ids.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { checkFigures } from '../../src/core/figures/check-figures.ts';
import { buildReportInput } from '../../src/core/report/report-input.ts';
import { SessionLog } from '../../src/state/session-log.svelte.ts';
import { FakeEngine, rowsResult, WEATHER } from '../helpers/fake-engine.ts';
import { turn } from '../helpers/agent-turn.ts';
import { qid, tid } from '../helpers/ids.ts';

function ownQuery(n: number, rows: (string | number)[][], more: Partial<OwnQuery> = {}) {
  return {
    type: 'own_query',
    queryId: qid(`Q${n}`),
    query: `SELECT location, round(avg(precipitation), 2) AS mm FROM data GROUP BY 1 -- ${n}`,
    columns: ['location', 'mm'],
    rows,
    rowCount: rows.length,
    truncated: false,
    durationMs: 4,
    isError: false,
    at: 1_000 + n,
    ...more,
  } satisfies AgentEvent;
}

describe('the person’s own queries', () => {
  it('take the next id of the session’s series, after the model’s and before its next ones', () => {
    const turnId = tid('t1');
    const log = new SessionLog('writer', [
      { type: 'turn_start', turnId, kind: 'question', question: 'q', model: 'm', at: 1 },
      {
        type: 'query_result',
        turnId,
        callId: 'c1',
        queryId: qid('Q2'),
        description: 'd',
        query: 'SELECT 1',
        columns: ['n'],
        rows: [[1]],
        rowCount: 1,
        truncated: false,
        durationMs: 1,
        isError: false,
      },
    ]);
    const mine = log.nextQueryId();
    expect(mine).toBe('Q3');
    log.record(ownQuery(3, [['Seattle', 3.03]]));
    // A turn's query, numbered by the same counter, comes after.
    expect(log.nextQueryId()).toBe('Q4');
    // An id given in another tab moves this one's counter past it.
    const follower = new SessionLog('follower');
    follower.follow(ownQuery(9, []));
    expect(follower.nextQueryId()).toBe('Q10');
    expect(log.view.ownQueries.map((q) => [q.queryId, q.afterTurns])).toEqual([['Q3', 1]]);
  });

  it('are told to the model at its next turn, and its own query is numbered after them', async () => {
    const asked: OwnQuery[] = [
      {
        ...ownQuery(1, [
          ['Seattle', 3.03],
          ['New York', 3.22],
        ]),
        afterTurns: 0,
      },
      { ...ownQuery(2, [], { isError: true, error: 'no such column' }), afterTurns: 0 },
    ];
    let next = 2;
    const engine = new FakeEngine(() => rowsResult(['n'], [[2922]]));
    const run = await turn(
      [
        {
          tools: [
            {
              name: 'sql_query',
              input: { query: 'SELECT count(*) FROM data', description: 'Count' },
            },
          ],
        },
        { text: 'New York is wetter: 3.22 mm a day against 3.03 [Q1].' },
      ],
      { engine, ownQueries: asked, nextQueryId: () => qid(`Q${++next}`), tables: [WEATHER] },
    );
    const first = run.model.requests[0]!.messages.at(-1)!;
    const text = JSON.stringify(first.content);
    expect(text).toContain('Q1, run by the person');
    expect(text).toContain('New York');
    expect(text).toContain('3.22');
    // A failed query gives nothing to cite, and is not told.
    expect(text).not.toContain('-- 2');
    const result = run.events.find((e) => e.type === 'query_result');
    expect(result).toMatchObject({ queryId: 'Q3' });
  });

  it('are citable: a figure cited to the person’s query is checked against its rows', () => {
    const view = reduceAll([
      ownQuery(1, [
        ['Seattle', 3.03],
        ['New York', 3.22],
      ]),
    ]);
    const queries = citableQueries(view);
    expect([...queries.keys()]).toEqual(['Q1']);
    const good = checkFigures('New York gets 3.22 mm a day [Q1].', queries).figures;
    const bad = checkFigures('New York gets 4.5 mm a day [Q1].', queries).figures;
    expect(good.map((f) => f.state)).toEqual(['checked']);
    expect(bad.map((f) => f.state)).toEqual(['mismatch']);
  });

  it('are listed in what the report is written from, with their ids', () => {
    const view = reduceAll([ownQuery(4, [['Seattle', 3.03]])]);
    const input = buildReportInput({
      title: 'Rain',
      view,
      tables: [WEATHER],
      profiles: {},
    });
    expect(input.text).toContain('## Queries the person ran in the SQL box');
    expect(input.text).toContain('Q4');
    expect(input.queryIds).toContain('Q4');
  });
});
