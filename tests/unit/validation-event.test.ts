/**
 * The validation event beyond the tool: the view folds it into a card of the turn (and the trail
 * marks the call done), the stored display row keeps its verdict, the report is given the
 * verdicts, an exported session carries it, and a stored event with no known verdict is refused.
 */
import { describe, expect, it } from 'vitest';
import { agentEvent, type AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { buildReportInput } from '../../src/core/report/report-input.ts';
import { buildArchive, readArchive } from '../../src/core/session/archive.ts';
import { displayRow } from '../../src/core/session/display-row.ts';
import { WEATHER } from '../helpers/fake-engine.ts';
import { tid } from '../helpers/ids.ts';

const turnId = tid('t1');
const finding = 'Seattle has rain on **more days** than New York';
const checks = [
  { label: 'Rows', text: '2,922 rows behind the finding.', verdict: 'holds' as const },
  {
    label: 'Within weather',
    text: 'Seattle is higher in 1 of 5 levels of weather; it reverses (Simpson’s paradox).',
    verdict: 'contradicted' as const,
  },
];
const validation: AgentEvent = {
  type: 'validation',
  turnId,
  callId: 'v1',
  finding,
  verdict: 'contradicted',
  checks,
};
const events: AgentEvent[] = [
  { type: 'turn_start', turnId, kind: 'question', question: 'Wetter?', model: 'm', at: 1 },
  {
    type: 'tool_call',
    turnId,
    callId: 'v1',
    tool: 'validate_finding',
    input: { finding, query: 'SELECT 1 AS value' },
    label: 'Check',
    line: `Checked: “${finding}”`,
  },
  validation,
  { type: 'tool_end', turnId, callId: 'v1', tool: 'validate_finding', isError: false },
  { type: 'text', turnId, callId: 'a1', text: 'Not as it first looked.' },
  { type: 'done', turnId, state: 'done', at: 2 },
];

describe('the validation event', () => {
  it('becomes a card in the answer, before the text written after it', () => {
    const [turn] = reduceAll(events).turns;
    expect(turn!.items.map((i) => i.type)).toEqual(['validation', 'text']);
    expect(turn!.items[0]).toEqual({
      type: 'validation',
      id: 'v1',
      finding,
      verdict: 'contradicted',
      checks,
    });
    expect(turn!.activity).toMatchObject([
      { type: 'tool', tool: 'validate_finding', status: 'done', summary: `Checked: “${finding}”` },
    ]);
  });

  it('keeps its verdict and checks in the stored display row', () => {
    const row = displayRow('s1', 3, validation);
    expect(row).toMatchObject({ role: 'assistant', type: 'validation', text: finding });
    expect(JSON.parse(row.plot_data!)).toEqual({ verdict: 'contradicted', checks });
  });

  it('gives the report the finding, its verdict and each check', () => {
    const { text } = buildReportInput({
      title: 'Rain',
      tables: [WEATHER],
      profiles: {},
      view: reduceAll(events),
    });
    expect(text).toContain(`Finding checked against the data: "${finding}" — contradicted`);
    expect(text).toContain('  - Within weather: Seattle is higher in 1 of 5 levels of weather');
  });

  it('travels in an exported session, and a verdict Sift does not know is refused', async () => {
    const history = { messages: [], turnStarts: [], lastInputTokens: null };
    const session = { title: 'Rain', titleSource: 'file' as const, createdAt: 1, updatedAt: 2 };
    const blob = buildArchive({ session, tables: [], events, history, exportedAt: 3 });
    expect((await readArchive(blob)).manifest.events).toEqual(events);
    expect(agentEvent.safeParse({ ...validation, verdict: 'maybe' }).success).toBe(false);
    expect(
      agentEvent.safeParse({
        ...validation,
        checks: [{ label: 'Rows', text: 1, verdict: 'holds' }],
      }).success,
    ).toBe(false);
  });
});
