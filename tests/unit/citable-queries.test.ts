/**
 * The session's citable queries stay the same map while their results do: the page folds the view
 * anew at every event of a turn, and a new map made every answer check its figures again.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { citableQueries } from '../../src/core/events/query-ids.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { qid, tid } from '../helpers/ids.ts';

const turnId = tid('t1');
const query = (n: number): AgentEvent => ({
  type: 'query_result',
  turnId,
  callId: `q${n}`,
  queryId: qid(`Q${n}`),
  description: `Query ${n}`,
  query: 'SELECT 1',
  columns: ['n'],
  rows: [[n]],
  rowCount: 1,
  truncated: false,
  durationMs: 1,
  isError: false,
});
const start: AgentEvent = {
  type: 'turn_start',
  turnId,
  kind: 'question',
  question: 'How many?',
  model: 'm',
  at: 1,
};

describe('citable queries', () => {
  it('are the same map through events that change no result, and a new one when one comes', () => {
    const events: AgentEvent[] = [start, query(1)];
    const first = citableQueries(reduceAll(events));
    expect([...first.keys()]).toEqual(['Q1']);
    events.push({ type: 'answer_draft', turnId, callId: 'a1', text: 'It is 1 [Q1' });
    const streaming = citableQueries(reduceAll(events), first);
    // Folded anew, the view keeps the query's item, rows and all: nothing to check again.
    expect(streaming).toBe(first);
    events.push(query(2));
    const more = citableQueries(reduceAll(events), streaming);
    expect(more).not.toBe(first);
    expect([...more.keys()]).toEqual(['Q1', 'Q2']);
  });
});
