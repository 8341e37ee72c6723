/**
 * The benchmark runner's own parts (eval/runner/, issue 49): its options and their plain-word
 * refusals, Sift's scoring rule, what the scripted providers reply, the summary, and the cost said
 * before a run. The whole runner is run end to end by CI (.ci/run: the oracle at 100 %, the wrong
 * provider at 0 %).
 */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../eval/runner/args.ts';
import { estimate } from '../../eval/runner/estimate.ts';
import { ASKED_OPTIONS, scriptOf } from '../../eval/runner/oracle.ts';
import type { RunnerQuestion } from '../../eval/runner/questions.ts';
import { summarise, summaryTable, type ResultLine } from '../../eval/runner/summary.ts';
import { scoreSift } from '../../eval/scoring/sift.ts';
import { SIFT_QUESTIONS } from '../../eval/sift/questions.ts';

const NOW = new Date('2026-12-03T08:00:00Z');

describe('the options', () => {
  it('read a run, with a file named for it under bench/out/', () => {
    expect(parseArgs(['--bench', 'sift', '--provider', 'oracle', '--limit', '3'], NOW)).toEqual({
      bench: 'sift',
      provider: 'oracle',
      concurrency: 1,
      limit: 3,
      out: 'bench/out/eval-sift-oracle-2026-12-03T08-00-00.jsonl',
      resume: false,
      record: false,
    });
    expect(
      parseArgs(
        [
          '--bench',
          'dabench',
          '--data',
          '/c',
          '--provider',
          'local',
          '--base-url',
          'http://127.0.0.1:11434',
          '--resume',
          '--require',
          '0',
        ],
        NOW,
      ),
    ).toMatchObject({ data: '/c', baseUrl: 'http://127.0.0.1:11434', resume: true, require: 0 });
  });

  it.each([
    [['--bench', 'mmlu', '--provider', 'oracle'], /--bench must be one of dabench, qrdata, sift/],
    [['--bench', 'sift'], /--provider must be one of/],
    [['--bench', 'sift', '--provider', 'local'], /needs --base-url/],
    [['--bench', 'sift', '--provider', 'oracle', '--limit', '0'], /--limit must be a whole number/],
    [['--bench', 'sift', '--provider', 'oracle', '--limit'], /--limit needs a value/],
    [['--bench', 'sift', '--provider', 'oracle', '--colour', 'red'], /--colour is not an option/],
    [
      ['--bench', 'sift', '--provider', 'oracle', '--require', '101'],
      /--require must be a percentage/,
    ],
  ])('refuse %j in plain words', (argv, message) => {
    expect(() => parseArgs(argv, NOW)).toThrow(message);
  });
});

const question = (id: string) => SIFT_QUESTIONS.find((q) => q.id === id)!;

describe("Sift's own scoring rule", () => {
  const q = question('totals-revenue-by-region');
  const expected = Object.fromEntries(q.format.map((f, i) => [f.name, `${1000 + i}.25`]));
  const reply = (values: string[]) =>
    `Here it is. ${q.format.map((f, i) => `@${f.name}[${values[i]}]`).join(' ')}`;

  it('takes numbers as rounded, written with a currency sign or grouped', () => {
    const values = q.format.map((_, i) => `${1000 + i}.25`);
    expect(scoreSift(reply(values), q, expected).correct).toBe(true);
    expect(
      scoreSift(reply(values.map((v) => `$${Number(v).toLocaleString('en-US')}`)), q, expected)
        .correct,
    ).toBe(true);
    expect(
      scoreSift(reply(values.map((v) => String(Number(v) + 0.01))), q, expected),
    ).toMatchObject({
      correct: false,
      reason: expect.stringContaining('≠'),
    });
  });

  it('counts a missing pair as wrong, and names it', () => {
    const result = scoreSift('The north sold most.', q, expected);
    expect(result.correct).toBe(false);
    expect(result.reason).toContain(`no @${q.format[0]!.name}[…]`);
  });

  it('matches text ignoring case and spaces', () => {
    const top = question('top-3-products-by-revenue');
    const want = Object.fromEntries(top.format.map((f) => [f.name, 'Laptop Air']));
    const text = top.format.map((f) => `@${f.name}[ laptop air ]`).join(' ');
    expect(scoreSift(text, top, want).correct).toBe(true);
  });
});

describe('the scripted providers', () => {
  const runner = (overrides: Partial<RunnerQuestion['reference']>): RunnerQuestion => ({
    id: 'q',
    category: 'c',
    question: 'How much?',
    files: [],
    expected: {},
    score: () => ({ correct: true, parts: [] }),
    reference: { reply: 'right @x[1]', wrongReply: 'wrong @x[1003]', ...overrides },
  });

  it('ask first where the question needs it, run the reference SQL, then answer and end', () => {
    const steps = scriptOf(runner({ sql: 'SELECT 1 AS x', needsAsk: true }), 'oracle');
    const tools = steps.map((s) => ('reply' in s ? s.reply.tools?.map((t) => t.name) : null));
    expect(tools).toEqual([['ask_user'], ['sql_query'], ['output_text', 'finalize']]);
    expect(steps[0]).toMatchObject({ reply: { tools: [{ input: { options: ASKED_OPTIONS } }] } });
    expect(JSON.stringify(steps[2])).toContain('right @x[1]');
  });

  it('answer wrongly as the wrong provider, with no question and no SQL where there is none', () => {
    const steps = scriptOf(runner({}), 'wrong');
    expect(steps).toHaveLength(1);
    expect(JSON.stringify(steps[0])).toContain('wrong @x[1003]');
  });
});

describe('the summary', () => {
  const line = (category: string, correct: boolean, cost: number | null): ResultLine => ({
    id: `${category}-${String(correct)}`,
    category,
    question: '?',
    answer: '',
    expected: null,
    correct,
    steps: 3,
    tokens: 1000,
    cost,
    seconds: 2,
  });

  it('gives accuracy overall and by category, with tokens, cost and time', () => {
    const s = summarise([line('a', true, 0.01), line('a', false, 0.02), line('b', true, 0.03)]);
    expect(s).toMatchObject({ questions: 3, correct: 2, tokens: 3000, seconds: 6 });
    expect(s.accuracy).toBeCloseTo(2 / 3);
    expect(s.cost).toBeCloseTo(0.06);
    expect(s.byCategory).toEqual([
      { category: 'a', questions: 2, correct: 1, accuracy: 0.5 },
      { category: 'b', questions: 1, correct: 1, accuracy: 1 },
    ]);
    const table = summaryTable(s, {
      bench: 'sift',
      provider: 'anthropic',
      model: 'm',
      date: 'd',
      version: 'v',
    });
    expect(table).toContain('2 of 3 right: **66.7 %**');
    expect(table).toContain('| a | 2 | 1 | 50.0 % |');
  });

  it('says the cost is unknown when some call had no price', () => {
    expect(summarise([line('a', true, null), line('a', true, 0.1)]).cost).toBeNull();
  });
});

describe('the cost said before a run', () => {
  it('prices the questions at the model’s list price, and says when there is none', () => {
    const priced = estimate(10, 'claude-sonnet-5-5');
    expect(priced.dollars).toBeGreaterThan(0);
    expect(priced.words).toMatch(/^10 questions, about 320,000 tokens: about \$/);
    expect(estimate(10, 'llama3.1:8b').words).toContain('no price known for llama3.1:8b');
  });
});
