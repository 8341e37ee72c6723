/**
 * Claude looks at its own charts: after create_plot draws one, the result carries the chart as a
 * base64 PNG Sift drew, so Claude can see overlapping labels or a wrong chart type and fix it once
 * (create_plot with `replaces`), which replaces the chart in place. The image is sent once, never
 * as a URL, and is not kept in the history; without the check (a setting) nothing changes.
 */
import { SIFT_TOOLS } from '../../src/core/tools/registry.ts';
import { describe, expect, it } from 'vitest';
import { outgoingProblem } from '../../src/core/model/outgoing.ts';
import type { Message } from '../../src/core/model/messages.ts';
import { IMAGE_SEEN } from '../../src/core/model/conversation.ts';
import { toolSpecs } from '../../src/core/agent/run-turn.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { expectValid, resultsOf, turn } from '../helpers/agent-turn.ts';

/** A 1×1 PNG, as the page's renderer returns it (base64, no data: prefix). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const values = [
  { month: 'Jan', mm: 120 },
  { month: 'Feb', mm: 95 },
];
const bars = (title: string, extra: Record<string, unknown> = {}) => ({
  name: 'create_plot',
  input: {
    title,
    vega_lite_spec: {
      data: { values },
      mark: 'bar',
      encoding: { x: { field: 'month' }, y: { field: 'mm' } },
    },
    ...extra,
  },
});
const done = { tools: [{ name: 'finalize', input: { session_title: null } }] };

describe('the chart check', () => {
  it('shows Claude its chart once, as a PNG, and a fix replaces the chart in place', async () => {
    const looked: unknown[] = [];
    const look = async (spec: Record<string, unknown>) => {
      looked.push(spec);
      return PNG;
    };
    const run = await turn(
      [
        { tools: [{ ...bars('Rain by month'), id: 'toolu_chart' }] },
        { tools: [bars('Rain by month, labelled', { replaces: 'toolu_chart' })] },
        done,
      ],
      { look },
    );
    expect(run.state).toBe('done');
    expect(looked).toHaveLength(1);
    const [, second, third] = run.model.requests;
    const [result] = resultsOf(second!);
    expect(Array.isArray(result!.content)).toBe(true);
    const blocks = result!.content as unknown as Array<Record<string, unknown>>;
    expect(blocks[0]).toMatchObject({ type: 'text' });
    expect(String(blocks[0]!.text)).toContain('Below is the chart as the person sees it');
    expect(String(blocks[0]!.text)).toContain('replaces: "toolu_chart"');
    expect(blocks[1]).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG },
    });
    expect(outgoingProblem(second!.messages, toolSpecs(SIFT_TOOLS))).toBeNull();
    expectValid(run.model.requests);
    // Sent once: the next request carries a note where the image was.
    expect(JSON.stringify(third!.messages)).not.toContain(PNG);
    expect(JSON.stringify(third!.messages)).toContain(IMAGE_SEEN);
    expect(JSON.stringify(run.conversation.messages)).not.toContain(PNG);
    // The fix was not looked at again, and it took the first chart's place.
    expect(String(resultsOf(third!)[0]!.content)).toContain('Chart toolu_chart replaced');
    const items = reduceAll(run.events).turns[0]!.items;
    expect(items.map((i) => (i.type === 'plot' ? i.title : i.type))).toEqual([
      'Rain by month, labelled',
    ]);
  });

  it('replaces the chart it fixes, where it was, in the view', () => {
    const t = 't1' as never;
    const plot = (callId: string, title: string, replaces?: string) => ({
      type: 'plot' as const,
      turnId: t,
      callId,
      title,
      spec: { mark: 'bar' },
      ...(replaces ? { replaces } : {}),
    });
    const view = reduceAll([
      { type: 'turn_start', turnId: t, kind: 'question', question: 'Q', model: 'm', at: 1 },
      plot('a', 'First'),
      { type: 'text', turnId: t, callId: 'x', text: 'Between' },
      plot('b', 'First, fixed', 'a'),
    ]);
    expect(view.turns[0]!.items.map((i) => [i.type, i.id])).toEqual([
      ['plot', 'b'],
      ['text', 'x'],
    ]);
  });

  it('sends no image when the check is off, or when drawing fails', async () => {
    const off = await turn([{ tools: [bars('Rain')] }, done]);
    expect(typeof resultsOf(off.model.requests[1]!)[0]!.content).toBe('string');
    const broken = await turn([{ tools: [bars('Rain')] }, done], {
      look: async () => {
        throw new Error('no canvas');
      },
    });
    const [result] = resultsOf(broken.model.requests[1]!);
    expect(result!.content).toBe(
      'Chart shown to the person: "Rain" (data typed in, not from a query).',
    );
  });
});

describe('images on their way to the model', () => {
  const withResult = (content: unknown): Message[] =>
    [
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'create_plot', input: {} }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content }] },
    ] as unknown as Message[];

  it.each([
    ['an image from a URL', { type: 'url', url: 'https://evil.example/x.png' }],
    ['a JPEG', { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' }],
    ['base64 that is not a PNG', { type: 'base64', media_type: 'image/png', data: 'R0lGODlh' }],
    [
      'a base64 image with a URL beside it',
      { type: 'base64', media_type: 'image/png', data: PNG, url: 'https://evil.example' },
    ],
  ])('refuses %s in a tool result', (_, source) => {
    const messages = withResult([
      { type: 'text', text: 'Here' },
      { type: 'image', source },
    ]);
    expect(outgoingProblem(messages, toolSpecs(SIFT_TOOLS))).toMatch(/never sends/);
  });

  it('lets a PNG Sift drew through', () => {
    const messages = withResult([
      { type: 'text', text: 'Here' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ]);
    expect(outgoingProblem(messages, toolSpecs(SIFT_TOOLS))).toBeNull();
  });
});
