/** When a turn ends: each stop condition on its own, and the order in which they are asked. */
import { describe, expect, it } from 'vitest';
import {
  answeredWithoutTools,
  endingToolCalled,
  judge,
  repeatedCutOffs,
  stepLimit,
  stopRequested,
  turnConditions,
  type StepRecord,
} from '../../src/core/agent/stop-conditions.ts';
import { cutOffNote } from '../../src/core/agent/prompts.ts';
import { SIFT_TOOLS } from '../../src/core/tools/registry.ts';

const CUT_OFF_NOTE = cutOffNote(SIFT_TOOLS);

const step = (n: number, more: Partial<StepRecord> = {}): StepRecord => ({
  step: n,
  calls: [{ tool: 'sql_query', isError: false, endsTurn: false }],
  cutOff: false,
  stopReason: 'tool_use',
  ...more,
});
const steps = (n: number, more: Partial<StepRecord> = {}) =>
  Array.from({ length: n }, (_, i) => step(i + 1, more));

describe('stop conditions', () => {
  it('end the turn when finalize ran, not when it failed', () => {
    const ok = step(1, { calls: [{ tool: 'finalize', isError: false, endsTurn: true }] });
    const failed = step(1, { calls: [{ tool: 'finalize', isError: true, endsTurn: true }] });
    expect(endingToolCalled([ok])).toEqual({ end: { state: 'done' } });
    expect(endingToolCalled([failed])).toBeNull();
    expect(endingToolCalled([step(1)])).toBeNull();
  });

  it('take a reply without tools as the answer, and a refusal as an error', () => {
    expect(answeredWithoutTools([step(1, { calls: [], stopReason: 'end_turn' })])).toEqual({
      end: { state: 'done' },
    });
    expect(answeredWithoutTools([step(1, { calls: [], stopReason: 'refusal' })])).toMatchObject({
      end: { state: 'error', kind: 'refusal' },
    });
    // A reply cut off before any call is not an answer: the model goes on.
    expect(answeredWithoutTools([step(1, { calls: [], cutOff: true })])).toBeNull();
  });

  it('tell the model once about a cut-off reply and end at the second in a row', () => {
    const cut = repeatedCutOffs(2, CUT_OFF_NOTE);
    expect(cut([step(1, { cutOff: true })])).toEqual({ note: CUT_OFF_NOTE });
    expect(cut([step(1, { cutOff: true }), step(2)])).toBeNull();
    expect(cut([step(1, { cutOff: true }), step(2, { cutOff: true })])).toMatchObject({
      end: { state: 'error', kind: 'cut_off' },
    });
    // Not in a row: a whole reply between two cut ones resets the count.
    expect(cut([step(1, { cutOff: true }), step(2), step(3, { cutOff: true })])).toEqual({
      note: CUT_OFF_NOTE,
    });
  });

  it('warn at the step limit and end after the grace steps', () => {
    const limit = stepLimit(3, 2, (n) => `${n} steps`);
    expect(limit(steps(2))).toBeNull();
    expect(limit(steps(3))).toMatchObject({ note: expect.stringContaining('3 steps') });
    expect(limit(steps(4))).toBeNull();
    expect(limit(steps(5))).toMatchObject({
      end: { state: 'error', kind: 'step_limit', message: expect.stringContaining('5 steps') },
    });
  });

  it('are asked in order: Stop first, then finalize, then the limits', () => {
    const controller = new AbortController();
    // As the loop asks them: the person's Stop before the turn's conditions.
    const conditions = [stopRequested(controller.signal), ...turnConditions(SIFT_TOOLS, 1)];
    const calls = [{ tool: 'finalize', isError: false, endsTurn: true }];
    const finalized = [step(1, { calls, cutOff: true })];
    // finalize wins over a cut-off reply and the step limit in the same step.
    expect(judge(conditions, finalized)).toEqual({ end: { state: 'done' }, notes: [] });
    controller.abort();
    expect(judge(conditions, finalized).end).toEqual({ state: 'stopped' });
  });

  it('send every note that applies when none ends the turn', () => {
    const conditions = turnConditions(SIFT_TOOLS, 1);
    const { end, notes } = judge(conditions, [step(1, { cutOff: true })]);
    expect(end).toBeNull();
    expect(notes).toEqual([CUT_OFF_NOTE, expect.stringContaining('1 steps')]);
  });
});
