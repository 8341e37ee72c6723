/**
 * The charts the person keeps of their own results (core/events/own-chart.ts,
 * state/kept-charts.svelte.ts): kept with the session as events, shown after the turns that had
 * started when they were kept, removed again on request; a follower tab keeps none; what comes
 * back from storage or another tab is checked.
 */
import { describe, expect, it } from 'vitest';
import { agentEvent, type AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { sessionCharts } from '../../src/core/charts/session-charts.ts';
import { chartsOf } from '../../src/core/report/report-charts.ts';
import { reportDocument, reportMarkdown } from '../../src/core/report/report-document.ts';
import { buildReportInput } from '../../src/core/report/report-input.ts';
import { KeptCharts } from '../../src/state/kept-charts.svelte.ts';
import { OWN_CHART_TITLE_MAX } from '../../src/core/events/own-chart.ts';
import { SessionLog } from '../../src/state/session-log.svelte.ts';
import { WEATHER } from '../helpers/fake-engine.ts';
import { qid, tid } from '../helpers/ids.ts';

const spec = { mark: { type: 'bar' }, data: { values: [{ x: 'Seattle', y: 3 }] } };

/** The `n`th chart kept, as KeptCharts records it. */
const kept = (chartId: string, n = 1): AgentEvent => ({
  type: 'own_chart',
  chartId,
  n,
  queryId: qid('Q1'),
  title: 'mm by location',
  spec,
  at: n,
});

describe('the charts the person keeps', () => {
  it('are listed after the turns begun when they were kept, once each, until removed', () => {
    const turnId = tid('t1');
    const view = reduceAll([
      kept('a'),
      { type: 'turn_start', turnId, kind: 'question', question: 'q', model: 'm', at: 2 },
      kept('b', 2),
      // The same event again (another tab's copy of it) keeps nothing more.
      kept('b', 2),
    ]);
    expect(view.ownCharts.map((c) => [c.chartId, c.afterTurns])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    const after = reduceAll([
      kept('a'),
      kept('b', 2),
      { type: 'own_chart_removed', chartId: 'a', at: 4 },
    ]);
    expect(sessionCharts(after).map((c) => c.id)).toEqual(['b']);
  });

  it('are kept in the session shown, as events that a reload folds back', () => {
    const log = new SessionLog('writer');
    const charts = new KeptCharts(log);
    expect(charts.writable).toBe(true);
    const id = charts.keep(qid('Q2'), 'mm by location', spec);
    expect(id).toMatch(/^own-chart-/);
    expect(charts.list).toMatchObject([{ chartId: id, queryId: 'Q2', n: 1 }]);
    expect(charts.has(qid('Q2'), spec)).toBe(true);
    // Kept again (the Chart button pressed off and on): the same chart, kept once.
    expect(charts.keep(qid('Q2'), 'mm by location', { ...spec })).toBe(id);
    expect(charts.list).toHaveLength(1);
    // Stored and read back: the same list.
    const reread = new SessionLog('writer', [...log.events]);
    expect(reread.view.ownCharts).toEqual(charts.list);

    charts.remove('own-chart-unknown');
    expect(log.events).toHaveLength(1);
    charts.remove(id!);
    expect(charts.list).toEqual([]);
    expect(charts.has(qid('Q2'), spec)).toBe(false);
    expect(sessionCharts(new SessionLog('writer', [...log.events]).view)).toEqual([]);
    // Kept again after its removal: a new chart, numbered after the first.
    charts.keep(qid('Q2'), 'mm by location', spec);
    expect(charts.list.map((c) => c.n)).toEqual([2]);
  });

  it('keep a title of long column names cut, so that storage and an export read it back', () => {
    const log = new SessionLog('writer');
    const charts = new KeptCharts(log);
    const long = `sum(CASE WHEN ${'x'.repeat(3_000)} THEN 1 END) by location`;
    expect(charts.keep(qid('Q1'), long, spec)).not.toBeNull();
    const [event] = log.events;
    expect(agentEvent.safeParse(event).success).toBe(true);
    expect(charts.list[0]!.title).toHaveLength(OWN_CHART_TITLE_MAX);
    expect(charts.list[0]!.title.endsWith('…')).toBe(true);
  });

  it('are neither kept nor removed by a tab that follows the session', () => {
    const charts = new KeptCharts(new SessionLog('follower', [kept('a')]));
    expect(charts.writable).toBe(false);
    expect(charts.keep(qid('Q1'), 't', spec)).toBeNull();
    charts.remove('a');
    expect(charts.list.map((c) => c.chartId)).toEqual(['a']);
  });

  it('coming back from storage, a chart without its query or with a spec that is not an object is refused', () => {
    expect(agentEvent.safeParse(kept('a')).success).toBe(true);
    const { queryId: _q, ...noQuery } = kept('a') as Extract<AgentEvent, { type: 'own_chart' }>;
    expect(agentEvent.safeParse(noQuery).success).toBe(false);
    expect(agentEvent.safeParse({ ...kept('a'), spec: '<svg onload=alert(1)>' }).success).toBe(
      false,
    );
    expect(agentEvent.safeParse({ ...kept('a'), chartId: '' }).success).toBe(false);
  });
});

describe('the charts the person kept, in the report', () => {
  const turnId = tid('t1');
  const drawn: AgentEvent[] = [
    { type: 'turn_start', turnId, kind: 'question', question: 'q', model: 'm', at: 1 },
    { type: 'plot', turnId, callId: 'p1', title: 'Rain by city', spec, queryId: qid('Q1') },
  ];

  it('are numbered K1, K2, … apart from the turns’ charts, by the number each was kept with', () => {
    const view = reduceAll([
      kept('a', 1),
      ...drawn,
      kept('b', 2),
      { type: 'own_chart_removed', chartId: 'a', at: 5 },
      // The third, read back without the second (an event storage could not read): still K3.
      kept('c', 3),
    ]);
    expect(chartsOf(view).map((c) => [c.id, c.removed ?? false])).toEqual([
      ['C1', false],
      ['K1', true],
      ['K2', false],
      ['K3', false],
    ]);
    expect(chartsOf(reduceAll([kept('a', 1), kept('c', 3)])).map((c) => c.id)).toEqual([
      'K1',
      'K3',
    ]);
  });

  it('removed after a report placed it, it stays where the report put it, and is not given to the next', () => {
    const view = reduceAll([
      ...drawn,
      kept('a', 1),
      kept('b', 2),
      { type: 'report_start', turnId: tid('r'), model: 'm', estimatedInputTokens: 1, at: 8 },
      {
        type: 'report_end',
        turnId: tid('r'),
        state: 'done',
        text: '# Rain\n\n[[K1]]\n',
        at: 9,
      },
      { type: 'own_chart_removed', chartId: 'a', at: 10 },
    ]);
    const doc = reportDocument(view, [], new Date(0))!;
    expect(doc.segments.map((s) => (s.type === 'chart' ? s.chart.id : 'text'))).toEqual([
      'text',
      'K1',
    ]);
    expect(doc.otherCharts.map((c) => c.id)).toEqual(['C1', 'K2']);
    const input = buildReportInput({ title: 'Rain', view, tables: [WEATHER], profiles: {} });
    expect(input.text).toContain('Chart K2:');
    expect(input.text).not.toContain('Chart K1:');
  });

  it('are told to the report at most ten, without their rows when those are long', () => {
    const wide = {
      ...spec,
      data: { values: Array.from({ length: 20 }, (_, i) => ({ x: 'w'.repeat(500) + i, y: i })) },
    };
    const many = Array.from({ length: 12 }, (_, i): AgentEvent => ({
      ...(kept(`k${i}`, i + 1) as Extract<AgentEvent, { type: 'own_chart' }>),
      spec: wide,
    }));
    const input = buildReportInput({
      title: 'Rain',
      view: reduceAll(many),
      tables: [WEATHER],
      profiles: {},
    });
    const block = input.text.slice(input.text.indexOf('## Charts the person kept'));
    expect(block.match(/^Chart K\d+:/gm)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Chart K${i + 3}:`),
    );
    expect(block).not.toContain('Data:');
  });

  it('are given to the report to place, and an export places or appends them, saying whose they are', () => {
    const report: AgentEvent[] = [
      { type: 'report_start', turnId: tid('r'), model: 'm', estimatedInputTokens: 1, at: 8 },
      {
        type: 'report_end',
        turnId: tid('r'),
        state: 'done',
        text: '# Rain\n\nSeattle first.\n\n[[K1]]\n',
        at: 9,
      },
    ];
    const view = reduceAll([...drawn, kept('a'), ...report]);
    const input = buildReportInput({ title: 'Rain', view, tables: [WEATHER], profiles: {} });
    expect(input.text).toMatch(
      /## Charts the person kept\nChart K1: "mm by location"; bar chart;.*drawn from Q1; kept by the person/,
    );
    const doc = reportDocument(view, [], new Date(0))!;
    expect(doc.segments.map((s) => (s.type === 'chart' ? s.chart.id : 'text'))).toEqual([
      'text',
      'K1',
    ]);
    // The model's chart, not placed, is appended; the kept one is where the text put it.
    expect(doc.otherCharts.map((c) => c.id)).toEqual(['C1']);
    expect(reportMarkdown(doc)).toContain(
      '**Chart K1: mm by location** (kept by the person from their query Q1;',
    );
  });
});

describe('the Charts tab', () => {
  it('gathers the model’s charts by turn and the person’s after the turns begun when they kept them', () => {
    const t1 = tid('t1');
    const t2 = tid('t2');
    const plot = (turnId: typeof t1, callId: string): AgentEvent => ({
      type: 'plot',
      turnId,
      callId,
      title: callId,
      spec,
    });
    const view = reduceAll([
      kept('k-before', 1),
      { type: 'turn_start', turnId: t1, kind: 'analysis', question: null, model: 'm', at: 2 },
      plot(t1, 'p1'),
      kept('k-during-1', 2),
      { type: 'turn_start', turnId: t2, kind: 'question', question: 'Rain?', model: 'm', at: 4 },
      plot(t2, 'p2'),
    ]);
    expect(sessionCharts(view).map((c) => [c.by, c.id])).toEqual([
      ['person', 'k-before'],
      ['model', 'p1'],
      ['person', 'k-during-1'],
      ['model', 'p2'],
    ]);
    expect(sessionCharts(view)[1]).toMatchObject({ turn: 1, question: 'Initial analysis' });
    expect(sessionCharts(view)[3]).toMatchObject({ turn: 2, question: 'Rain?' });
  });
});
