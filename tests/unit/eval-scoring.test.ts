import { describe, expect, it } from 'vitest';
import {
  DABENCH_EMPTY_REPLY,
  dabenchAccuracy,
  dabenchEqual,
  extractDabenchPairs,
  scoreDabench,
  type DabenchLabel,
} from '../../eval/scoring/dabench.ts';
import { pyFloat } from '../../eval/scoring/py-float.ts';
import {
  qrdataFirstNumber,
  qrdataMatch,
  qrdataPrediction,
  scoreQrdata,
  type QrdataExpected,
} from '../../eval/scoring/qrdata.ts';

describe("Python's float()", () => {
  it('takes what Python takes and refuses what it refuses', () => {
    expect(pyFloat(' 34.65\n')).toBe(34.65);
    expect(pyFloat('1_000')).toBe(1000);
    expect(pyFloat('.5')).toBe(0.5);
    expect(pyFloat('5.')).toBe(5);
    expect(pyFloat('-1E+3')).toBe(-1000);
    expect(pyFloat('Infinity')).toBe(Infinity);
    expect(pyFloat('-inf')).toBe(-Infinity);
    expect(pyFloat('NaN')).toBeNaN();
    for (const bad of ['', '1,000', '34.65%', '$3', '1__0', '_1', '0x10', '1e', 'yes', '\ufeff1'])
      expect(pyFloat(bad), bad).toBeNull();
  });
});

describe('DABench: examples/DA-Agent/eval_closed_form.py', () => {
  // Label shape and the first label of examples/DA-Agent/data/da-dev-labels.jsonl (id 0).
  const meanFare: DabenchLabel = [['mean_fare', '34.65']];
  // The answer example in examples/DA-Agent/reformat.py (demons).
  const shapiro: DabenchLabel = [
    ['shapiro_wilk_statistic', '0.56'],
    ['shapiro_wilk_p_value', '0.0002'],
  ];

  it('reads @name[value] pairs as extract_format() does', () => {
    // The response shape in examples/DA-Agent/README.md.
    expect(extractDabenchPairs('The response with @answer_name[answer] for question 0')).toEqual([
      { name: 'answer_name', value: 'answer' },
    ]);
    // reformat.py's demo answer, with its trailing spaces.
    expect(
      extractDabenchPairs('@shapiro_wilk_statistic[0.56]\n@shapiro_wilk_p_value[0.0002]   '),
    ).toEqual([
      { name: 'shapiro_wilk_statistic', value: '0.56' },
      { name: 'shapiro_wilk_p_value', value: '0.0002' },
    ]);
    // Non-greedy up to the first "]", untrimmed; no pair across a newline; "\r" is inside
    // Python's "."; Python's \w takes Unicode letters; a space before "[" breaks the pair.
    expect(extractDabenchPairs('@a[[1, 2]] @b[ x ] @c[3\n] @d[4\r] @médiane[5] @e [6]')).toEqual([
      { name: 'a', value: '[1, 2' },
      { name: 'b', value: ' x ' },
      { name: 'd', value: '4\r' },
      { name: 'médiane', value: '5' },
    ]);
  });

  it('matches by exact string, else by float within 1e-6 (is_equal())', () => {
    expect(dabenchEqual('34.65', '34.65')).toBe(true);
    expect(dabenchEqual('34.650', '34.65')).toBe(true);
    expect(dabenchEqual(' 34.65 ', '34.65')).toBe(true);
    expect(dabenchEqual('34.6500001', '34.65')).toBe(true);
    expect(dabenchEqual('34.651', '34.65')).toBe(false);
    expect(dabenchEqual('34.65%', '34.65')).toBe(false);
    expect(dabenchEqual('$34.65', '34.65')).toBe(false);
    expect(dabenchEqual('3.465e1', '34.65')).toBe(true);
    expect(dabenchEqual('1_000', '1000')).toBe(true);
    // 1e-6 edge, in doubles: |0.000201 - 0.0002| is 9.99...97e-7, so it passes.
    expect(dabenchEqual('0.000201', '0.0002')).toBe(true);
    expect(dabenchEqual('0.000202', '0.0002')).toBe(false);
    // Text is compared exactly: case and spaces count.
    expect(dabenchEqual('Yes', 'yes')).toBe(false);
    expect(dabenchEqual(' yes', 'yes')).toBe(false);
    expect(dabenchEqual('yes, yes', 'yes,yes')).toBe(false);
    expect(dabenchEqual('', '')).toBe(true);
    expect(dabenchEqual('nan', 'nan')).toBe(true);
    expect(dabenchEqual('NaN', 'nan')).toBe(false);
    expect(dabenchEqual('inf', 'Infinity')).toBe(false);
    expect(dabenchEqual(undefined, '34.65')).toBe(false);
  });

  it('scores a right reply', () => {
    const result = scoreDabench('So the mean fare is @mean_fare[34.65].', meanFare);
    expect(result).toEqual({
      correct: true,
      parts: [{ name: 'mean_fare', expected: '34.65', got: '34.65', correct: true }],
    });
  });

  it('needs every sub-question right, and says which were wrong or missing', () => {
    const one = scoreDabench(
      '@shapiro_wilk_statistic[0.56]\n@shapiro_wilk_p_value[0.0003]',
      shapiro,
    );
    expect(one.correct).toBe(false);
    expect(one.parts.map((p) => p.correct)).toEqual([true, false]);
    expect(one.reason).toBe('wrong value for shapiro_wilk_p_value');

    const missing = scoreDabench(
      '@shapiro_wilk_statistic[0.56] and the p-value is 0.0002',
      shapiro,
    );
    expect(missing.correct).toBe(false);
    expect(missing.parts[1]).toEqual({
      name: 'shapiro_wilk_p_value',
      expected: '0.0002',
      got: null,
      correct: false,
    });
    expect(missing.reason).toBe('no @name[value] for shapiro_wilk_p_value');

    // Names are case-sensitive; answers in another order are fine; extra names are ignored.
    expect(scoreDabench('@Mean_Fare[34.65]', meanFare).correct).toBe(false);
    expect(
      scoreDabench('@extra[1] @shapiro_wilk_p_value[0.0002] @shapiro_wilk_statistic[0.56]', shapiro)
        .correct,
    ).toBe(true);
  });

  it('keeps the last value of a name given twice (dict(zip(...)))', () => {
    expect(scoreDabench('@mean_fare[30.00] no wait: @mean_fare[34.65]', meanFare).correct).toBe(
      true,
    );
    expect(scoreDabench('@mean_fare[34.65] no wait: @mean_fare[30.00]', meanFare).correct).toBe(
      false,
    );
  });

  it('keeps the first place and last value of a name the label lists twice', () => {
    const label: DabenchLabel = [
      ['a', '1'],
      ['b', '2'],
      ['a', '3'],
    ];
    const result = scoreDabench('@a[3] @b[2]', label);
    expect(result.parts.map((p) => [p.name, p.expected])).toEqual([
      ['a', '3'],
      ['b', '2'],
    ]);
    expect(result.correct).toBe(true);
  });

  it('leaves an empty reply out, as evaluate_responses() skips it', () => {
    const result = scoreDabench('', meanFare);
    expect(result.correct).toBe(false);
    expect(result.reason).toBe(DABENCH_EMPTY_REPLY);
  });

  it('computes ABQ, PSAQ and UASQ as the script does', () => {
    const results = [
      scoreDabench('@mean_fare[34.65]', meanFare),
      scoreDabench('@shapiro_wilk_statistic[0.56] @shapiro_wilk_p_value[1]', shapiro),
      scoreDabench('nothing', shapiro),
      scoreDabench('', meanFare),
    ];
    // 3 counted: by question 1/3; proportional (1 + 0.5 + 0) / 3; by sub-question 2/5.
    expect(dabenchAccuracy(results)).toEqual({
      byQuestion: 0.3333,
      proportionalBySubQuestion: 0.5,
      bySubQuestion: 0.4,
      counted: 3,
    });
    expect(dabenchAccuracy([])).toEqual({
      byQuestion: 0,
      proportionalBySubQuestion: 0,
      bySubQuestion: 0,
      counted: 0,
    });
    // all([]) is True: a label with no answers is right by question, 0 proportionally.
    expect(dabenchAccuracy([scoreDabench('x', [])])).toMatchObject({
      byQuestion: 1,
      proportionalBySubQuestion: 0,
      bySubQuestion: 0,
    });
  });
});

describe('QRData: benchmark/eval.py calc_acc()', () => {
  // Answers in the shapes of benchmark/QRData.json: "0.20" (round to the nearest hundredth),
  // "5.36%", negative, "treatment group" / "control group", and letters A–C.
  const num = (answer: string): QrdataExpected => ({ type: 'numerical', answer });
  const group: QrdataExpected = {
    type: 'multiple_choice',
    answer: 'treatment group',
    choices: ['treatment group', 'control group'],
  };
  const letter: QrdataExpected = { type: 'multiple_choice', answer: 'C', choices: ['a', 'b', 'c'] };

  it('takes the first number, with "%" (extract_first_number())', () => {
    expect(qrdataFirstNumber('about 0.20 (95% CI)')).toBe('0.20');
    expect(qrdataFirstNumber('it is 12%')).toBe('12%');
    expect(qrdataFirstNumber('-4.91')).toBe('-4.91');
    expect(qrdataFirstNumber('1,234.5')).toBe('1');
    expect(qrdataFirstNumber('.5')).toBe('5');
    expect(qrdataFirstNumber('5.')).toBe('5.');
    expect(qrdataFirstNumber('none')).toBeNull();
  });

  it('takes numbers strictly within 3% of the answer', () => {
    expect(qrdataMatch('0.20', num('0.20')).correct).toBe(true);
    expect(qrdataMatch('0.195', num('0.20')).correct).toBe(true);
    expect(qrdataMatch('0.205', num('0.20')).correct).toBe(true);
    expect(qrdataMatch('0.19', num('0.20')).correct).toBe(false);
    expect(qrdataMatch('0.21', num('0.20')).correct).toBe(false);
    // The edges, in doubles: 0.2 * 0.97 is exactly 0.194 (out, the test is strict), while
    // 0.2 * 1.03 is 0.20600000000000002, so 0.206 is in.
    expect(qrdataMatch('0.194', num('0.20')).correct).toBe(false);
    expect(qrdataMatch('0.206', num('0.20')).correct).toBe(true);
    // Negative answers: min/max of the two bounds.
    expect(qrdataMatch('-4.95', num('-4.91')).correct).toBe(true);
    expect(qrdataMatch('4.91', num('-4.91')).correct).toBe(false);
    // An answer of 0 can never be matched.
    expect(qrdataMatch('0', num('0')).correct).toBe(false);
    // No number at all.
    expect(qrdataMatch('unknown', num('0.20'))).toEqual({ correct: false, got: null });
  });

  it('reads "%" on either side as a hundredth', () => {
    expect(qrdataMatch('5.36%', num('5.36%')).correct).toBe(true);
    expect(qrdataMatch('0.0536', num('5.36%')).correct).toBe(true);
    expect(qrdataMatch('5.36', num('5.36%')).correct).toBe(false);
    expect(qrdataMatch('20%', num('0.20')).correct).toBe(true);
  });

  it('takes a multiple choice that starts with the answer, case ignored', () => {
    expect(qrdataMatch('treatment group', group).correct).toBe(true);
    expect(qrdataMatch('Treatment Group.', group).correct).toBe(true);
    expect(qrdataMatch('control group', group).correct).toBe(false);
    expect(qrdataMatch('The treatment group', group).correct).toBe(false);
    expect(qrdataMatch(' treatment group', group).correct).toBe(false);
    // Letters: "C" and "c. No causal ..." are right; the option's words are not.
    expect(qrdataMatch('C', letter).correct).toBe(true);
    expect(qrdataMatch('c. No causal relationship exists', letter).correct).toBe(true);
    expect(qrdataMatch('No causal relationship exists', letter).correct).toBe(false);
    expect(qrdataMatch('B', letter).correct).toBe(false);
    // Any prediction starting with the letter passes.
    expect(qrdataMatch('cannot say', letter).correct).toBe(true);
    expect(qrdataMatch('', letter).correct).toBe(false);
  });

  it('cuts the prediction after the last "Final Answer:" (ours)', () => {
    expect(qrdataPrediction('Thought...\nFinal Answer: C')).toEqual({ pred: 'C', marked: true });
    expect(qrdataPrediction('final answer: A\nFinal Answer:  **B**')).toEqual({
      pred: 'B',
      marked: true,
    });
    expect(qrdataPrediction('**Final Answer:** `0.20`')).toEqual({ pred: '0.20', marked: true });
    expect(qrdataPrediction('  C  ')).toEqual({ pred: 'C', marked: false });
  });

  it('scores whole replies', () => {
    expect(scoreQrdata('The rate is 0.1951.\nFinal Answer: 0.20', num('0.20'))).toEqual({
      correct: true,
      parts: [{ name: 'numerical', expected: '0.20', got: '0.20', correct: true }],
    });
    // Without the line, the first number of the whole reply is taken.
    const unmarked = scoreQrdata('Of 43 patients, 0.23 were pain free.', num('0.23'));
    expect(unmarked.correct).toBe(false);
    expect(unmarked.parts[0]!.got).toBe('43');
    expect(unmarked.reason).toMatch(/no "Final Answer:" line/);
    expect(scoreQrdata('Final Answer: **C**', letter).correct).toBe(true);
    expect(scoreQrdata('Final Answer: TREATMENT GROUP', group).correct).toBe(true);
    const wrong = scoreQrdata('Final Answer: control group', group);
    expect(wrong.correct).toBe(false);
    expect(wrong.parts[0]!.got).toBe('control group');
    expect(wrong.reason).toBe(
      'the prediction does not start with "treatment group" (case ignored)',
    );
  });
});
