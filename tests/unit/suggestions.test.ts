/**
 * Follow-up suggestions : finalize carries up to three next questions;
 * they become a durable event, the turn's view shows them, and a stored session shows them again.
 */
import { describe, expect, it } from 'vitest';
import { TRANSIENT, agentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { displayRow } from '../../src/core/session/display-row.ts';
import { turn } from '../helpers/agent-turn.ts';

const answer = (suggestions: unknown) => ({
  tools: [
    { name: 'output_text', input: { text: 'November is wettest.' } },
    { name: 'finalize', input: { session_title: null, suggestions } },
  ],
});

describe('follow-up suggestions', () => {
  it('are offered at the end of the turn, tidied, at most three', async () => {
    const run = await turn([
      answer([
        '  How does wind   vary by season? ',
        'How does wind vary by season?',
        '',
        'Which year was driest?',
        'Is Seattle rain more frequent or heavier?',
        'One too many?',
      ]),
    ]);
    expect(run.state).toBe('done');
    const view = reduceAll(run.events).turns[0]!;
    expect(view.suggestions).toEqual([
      'How does wind vary by season?',
      'Which year was driest?',
      'Is Seattle rain more frequent or heavier?',
    ]);
  });

  it('survive storage: the durable events, validated as they are read back, show them again', async () => {
    const run = await turn([answer(['Which year was driest?'])]);
    const stored = run.events
      .filter((e) => !TRANSIENT.has(e.type))
      .map((e, seq) => displayRow('s', seq, e))
      .map((row) => agentEvent.parse(JSON.parse(JSON.stringify(row.event))));
    expect(reduceAll(stored).turns[0]!.suggestions).toEqual(['Which year was driest?']);
    const row = displayRow(
      's',
      0,
      stored.find((e) => e.type === 'suggestions')!,
    );
    expect(JSON.parse(row.plot_data!)).toEqual({ suggestions: ['Which year was driest?'] });
  });

  it('are optional: a finalize without them offers none', async () => {
    const run = await turn([answer(undefined)]);
    expect(run.state).toBe('done');
    expect(reduceAll(run.events).turns[0]!.suggestions).toEqual([]);
    expect(run.events.some((e) => e.type === 'suggestions')).toBe(false);
  });
});
