/**
 * An item kind is defined once (issue 29, item 2; core/items/): its event's schema is what the
 * page's item holds, one step folds every kind into a turn, and its stored row and its part of the
 * report come from its own file. Events stored by older Sifts keep reading through the union.
 */
import { describe, expect, it } from 'vitest';
import { agentEvent, type AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { ITEM_KINDS, type ItemEvent } from '../../src/core/items/kinds.ts';
import { buildReportInput } from '../../src/core/report/report-input.ts';
import { displayRow } from '../../src/core/session/display-row.ts';
import { qid, tid } from '../helpers/ids.ts';

const turnId = tid('turn-1');
const start: AgentEvent = {
  type: 'turn_start',
  turnId,
  kind: 'question',
  question: 'Which month is wettest?',
  model: 'm',
  at: 0,
};

/** One event of each kind, as a turn would record it. */
const SAMPLES: Record<keyof typeof ITEM_KINDS, ItemEvent> = {
  text: { type: 'text', turnId, callId: 'c-text', text: 'November is wettest [Q1].' },
  table: {
    type: 'table',
    turnId,
    callId: 'c-table',
    title: 'Rain by month',
    headers: ['month', 'mm'],
    rows: [['nov', 120]],
  },
  plot: {
    type: 'plot',
    turnId,
    callId: 'c-plot',
    title: 'Rain',
    spec: { mark: 'bar' },
    queryId: qid('Q1'),
  },
  query_result: {
    type: 'query_result',
    turnId,
    callId: 'c-query',
    queryId: qid('Q1'),
    description: 'Rain by month',
    query: 'SELECT month, mm FROM rain',
    columns: ['month', 'mm'],
    rows: [['nov', 120]],
    rowCount: 1,
    truncated: false,
    durationMs: 3,
    isError: false,
  },
  question: {
    type: 'question',
    turnId,
    callId: 'c-ask',
    question: 'Which year?',
    options: ['2014', '2015'],
  },
  validation: {
    type: 'validation',
    turnId,
    callId: 'c-check',
    finding: 'November is wetter than July',
    verdict: 'holds',
    checks: [{ label: 'Rows', text: '60 in each group', verdict: 'holds' }],
  },
  error: { type: 'error', turnId, kind: 'overloaded', message: 'The model is busy.' },
};

const samples = Object.entries(SAMPLES) as Array<[keyof typeof ITEM_KINDS, ItemEvent]>;
/** The kinds a tool call brings, under its id (an error belongs to the turn, not to a call). */
const ofCalls = samples.filter(
  (s): s is [keyof typeof ITEM_KINDS, Exclude<ItemEvent, { type: 'error' }>] =>
    s[1].type !== 'error',
);

describe('an item kind', () => {
  it('is read back through the event union, as storage, other tabs and imports read it', () => {
    for (const [, event] of samples) expect(agentEvent.parse(event)).toEqual(event);
    // An older Sift's query result had no query id: it still reads.
    const { queryId: _, ...older } = SAMPLES.query_result as Extract<
      ItemEvent,
      { type: 'query_result' }
    >;
    expect(agentEvent.safeParse(older).success).toBe(true);
  });

  it("is shown as its event's own fields under the call's id, and marks the call done", () => {
    for (const [name, event] of ofCalls) {
      const call: AgentEvent = {
        type: 'tool_call',
        turnId,
        callId: event.callId,
        tool: name,
        input: {},
      };
      const turn = reduceAll([start, call, event]).turns[0]!;
      const item = turn.items.find((i) => i.id === event.callId);
      expect(item?.type, name).toBe(ITEM_KINDS[name].type);
      const { type: _t, turnId: _u, callId: _c, ...fields } = event;
      expect(item, name).toMatchObject(fields);
      const line = turn.activity.find((a) => a.type === 'tool' && a.callId === event.callId);
      // A question waits for the person: its call is not done when it is shown.
      expect(line, name).toMatchObject({ status: name === 'question' ? 'running' : 'done' });
    }
  });

  it('is stored with the row the ancestor kept for it, beside the whole event', () => {
    const rows = samples.map(([, e]) => displayRow('s', 0, e));
    expect(rows.map((r) => [r.role, r.type, r.text])).toEqual([
      ['assistant', 'text', 'November is wettest [Q1].'],
      ['assistant', 'table', 'Rain by month'],
      ['assistant', 'plot', 'Rain'],
      ['assistant', 'query_result', 'Rain by month'],
      ['assistant', 'question', 'Which year?'],
      ['assistant', 'validation', 'November is wetter than July'],
      ['system', 'error', 'The model is busy.'],
    ]);
    expect(JSON.parse(rows[3]!.plot_data!)).toMatchObject({
      row_count: 1,
      columns: ['month', 'mm'],
    });
    expect(rows.every((r, i) => r.event === samples[i]![1])).toBe(true);
  });

  it("gives the report its own part of a turn, in the report's order", () => {
    const view = reduceAll([
      start,
      ...samples.map(([, e]) => e),
      { type: 'answer', turnId, callId: 'c-ask', answer: '2015' },
      { type: 'done', turnId, state: 'done', at: 1 },
    ]);
    const { text } = buildReportInput({ title: 'Rain', tables: [], profiles: {}, view });
    const at = (s: string) => text.indexOf(s);
    const parts = [
      'Claude asked: "Which year?" — the person answered: "2015"',
      'Finding checked against the data: "November is wetter than July" — holds',
      'Answer given to the person:\nNovember is wettest [Q1].',
      'Queries:\n- Q1 — Rain by month (1 row)',
      'Table shown: "Rain by month" (1 rows; columns month, mm)',
      'Chart C1: ',
    ];
    for (const part of parts) expect(at(part), part).toBeGreaterThan(0);
    expect(parts.map(at)).toEqual([...parts.map(at)].sort((a, b) => a - b));
  });

  it('shows its item in progress, and changes it once shown, by the events its kind names', () => {
    const items = (...events: AgentEvent[]) => reduceAll([start, ...events]).turns[0]!.items;
    const draft: AgentEvent = { type: 'answer_draft', turnId, callId: 'c-text', text: 'Nov' };
    expect(items(draft)).toEqual([{ type: 'text', id: 'c-text', text: 'Nov', draft: true }]);
    // A withdrawn draft goes; an answer already given is not a draft, and stays.
    expect(items(draft, { type: 'answer_withdrawn', turnId, callId: 'c-text' })).toEqual([]);
    const given = SAMPLES.text;
    expect(items(given, { type: 'answer_withdrawn', turnId, callId: 'c-text' })).toHaveLength(1);
    // A query's card shows it running until its result takes its place.
    const running: AgentEvent = {
      type: 'query_running',
      turnId,
      callId: 'c-query',
      description: 'Rain by month',
      query: 'SELECT 1',
    };
    expect(items(running)).toMatchObject([{ type: 'query_result', running: true }]);
    expect(items(running, SAMPLES.query_result)).toMatchObject([{ running: false, rowCount: 1 }]);
    // The person's answer goes on the question's card, and on no other kind's item of that id.
    const answer: AgentEvent = { type: 'answer', turnId, callId: 'c-ask', answer: '2015' };
    expect(items(SAMPLES.question, answer)).toMatchObject([{ type: 'ask', answer: '2015' }]);
    const text = { ...SAMPLES.text, callId: 'c-ask' } as AgentEvent;
    expect(items(text, answer)).toEqual(items(text));
    for (const e of [draft, running, answer]) expect(agentEvent.parse(e)).toEqual(e);
  });
});
