import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDabench } from '../../eval/benchmarks/dabench.ts';
import { readQrdata } from '../../eval/benchmarks/qrdata.ts';
import { scoreDabench, type DabenchLabel } from '../../eval/scoring/dabench.ts';
import { scoreQrdata, type QrdataExpected } from '../../eval/scoring/qrdata.ts';

// Made-up questions in the upstream layouts and formats (examples/DA-Agent/README.md and
// QRData's README.md); none of the benchmarks' own data.

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sift-eval-'));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

const jsonl = (rows: unknown[]): string => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

function fakeDabench(): string {
  const root = tempDir();
  const data = join(root, 'examples', 'DA-Agent', 'data');
  const base = { constraints: 'Round to two decimal places.', level: 'easy' };
  write(
    join(data, 'da-dev-questions.jsonl'),
    jsonl([
      {
        id: 1,
        question: 'What is the mean price?',
        concepts: ['Summary Statistics'],
        format: '@mean_price[value]',
        file_name: 'shop.csv',
        ...base,
      },
      {
        id: 4,
        question: 'Correlate price and size.',
        concepts: ['Correlation Analysis', 'Feature Engineering'],
        format: '@r[value] where "value" is between -1 and 1',
        file_name: 'gone.csv',
        ...base,
      },
      {
        id: 7,
        question: 'Count the outliers.',
        concepts: ['Outlier Detection'],
        format: '@count[n]',
        file_name: 'shop.csv',
        ...base,
      },
      {
        id: 9,
        question: 'A question with no label.',
        concepts: ['Summary Statistics'],
        format: '@x[y]',
        file_name: 'shop.csv',
        ...base,
      },
    ]),
  );
  write(
    join(data, 'da-dev-labels.jsonl'),
    jsonl([
      { id: 1, common_answers: [['mean_price', '12.50']] },
      { id: 4, common_answers: [['r', '0.31']] },
      {
        id: 7,
        common_answers: [
          ['count', '3'],
          ['column', 'price'],
        ],
      },
    ]),
  );
  write(join(data, 'da-dev-tables', 'shop.csv'), 'price,size\n1,2\n');
  return root;
}

function fakeQrdata(opts: { data?: boolean; zip?: boolean } = {}): string {
  const root = tempDir();
  const bench = join(root, 'benchmark');
  const entries = [
    {
      data_description: 'The CSV file shop.csv lists sales.',
      question: 'What share of sales were refunded? Please round to the nearest hundredth.',
      answer: '0.12',
      data_files: ['shop.csv'],
      meta_data: {
        reference: 'made up',
        keywords: ['Statistics', 'Probability'],
        question_type: 'numerical',
      },
    },
    {
      data_description: 'Two tables, a.csv and b.csv.',
      question:
        'Which cause-and-effect relationship is more likely?\nA. x causes y\nB. y causes x\nC. No causal relationship exists\nPlease answer with A, B, or C.',
      answer: 'B',
      data_files: ['shop.csv', 'missing.csv'],
      meta_data: {
        reference: 'made up',
        keywords: ['Causality', 'Pairwise causal discovery'],
        question_type: 'multiple_choice',
        multiple_choices: ['a', 'b', 'c'],
      },
    },
    {
      data_description: 'The CSV file shop.csv lists sales.',
      question: 'Which group spent more? Please answer with "members" or "guests".',
      answer: 'members',
      data_files: ['shop.csv'],
      meta_data: {
        reference: 'made up',
        keywords: ['Statistics'],
        question_type: 'multiple_choice',
        multiple_choices: ['members', 'guests'],
      },
    },
  ];
  write(join(bench, 'QRData.json'), JSON.stringify(entries, null, 2));
  if (opts.data ?? true) write(join(bench, 'data', 'shop.csv'), 'sale,refund\n1,0\n');
  if (opts.zip) write(join(bench, 'data.zip'), 'PK not really a zip');
  return root;
}

describe('readDabench', () => {
  it('reads the labelled questions with their tables, prompts and labels', () => {
    const root = fakeDabench();
    const questions = readDabench(root);
    expect(questions.map((q) => q.id)).toEqual(['1', '4', '7']);
    const tables = join(root, 'examples', 'DA-Agent', 'data', 'da-dev-tables');

    const [first, second, third] = questions;
    expect(first!.files).toEqual([join(tables, 'shop.csv')]);
    expect(first!.missing).toBeUndefined();
    expect(first!.category).toBe('Summary Statistics');
    expect(first!.question).toBe(
      'Question: What is the mean price?\nRound to two decimal places.\n\n' +
        'Your answer should contain all the "@answer_name[answer]" in the order mentioned, ' +
        'each "answer" should be in the range of value as required. \n' +
        'The format requirements of this question is:\n@mean_price[value].',
    );
    expect(first!.expected).toEqual([['mean_price', '12.50']]);

    expect(second!.missing).toEqual([join(tables, 'gone.csv')]);
    expect(second!.category).toBe('Correlation Analysis, Feature Engineering');

    const label = third!.expected as DabenchLabel;
    expect(scoreDabench('@count[3] @column[price]', label).correct).toBe(true);
    expect(scoreDabench('@count[3.0]', label).correct).toBe(false);
  });

  it('names the path when the clone or a file is missing', () => {
    const nowhere = join(tempDir(), 'no-clone');
    expect(() => readDabench(nowhere)).toThrow(`no clone at ${nowhere}`);
    const empty = tempDir();
    expect(() => readDabench(empty)).toThrow(
      join(empty, 'examples', 'DA-Agent', 'data', 'da-dev-questions.jsonl'),
    );
    const root = fakeDabench();
    const labels = join(root, 'examples', 'DA-Agent', 'data', 'da-dev-labels.jsonl');
    rmSync(labels);
    expect(() => readDabench(root)).toThrow(labels);
  });
});

describe('readQrdata', () => {
  it('reads the questions in file order with their files and expected answers', () => {
    const root = fakeQrdata();
    const questions = readQrdata(root);
    const data = join(root, 'benchmark', 'data');
    expect(questions.map((q) => q.id)).toEqual(['0', '1', '2']);
    expect(questions.map((q) => q.category)).toEqual(['Statistics', 'Causality', 'Statistics']);

    const [first, second, third] = questions;
    expect(first!.files).toEqual([join(data, 'shop.csv')]);
    expect(first!.missing).toBeUndefined();
    expect(first!.expected).toEqual({ type: 'numerical', answer: '0.12' });
    expect(first!.question).toMatch(
      /^The CSV file shop\.csv lists sales\.\nQuestion: What share .* nearest hundredth\.\n\nEnd your reply with one line "Final Answer: <answer>"/,
    );

    expect(second!.files).toEqual([join(data, 'shop.csv'), join(data, 'missing.csv')]);
    expect(second!.missing).toEqual([join(data, 'missing.csv')]);
    expect(second!.question).toContain(
      'C. No causal relationship exists\nPlease answer with A, B, or C.',
    );
    expect(second!.expected).toEqual({
      type: 'multiple_choice',
      answer: 'B',
      choices: ['a', 'b', 'c'],
    });

    expect(scoreQrdata('Final Answer: 12%', first!.expected as QrdataExpected).correct).toBe(true);
    expect(scoreQrdata('Final Answer: B', second!.expected as QrdataExpected).correct).toBe(true);
    expect(scoreQrdata('Final Answer: Members', third!.expected as QrdataExpected).correct).toBe(
      true,
    );
  });

  it('names the path when the clone or the questions file is missing', () => {
    const nowhere = join(tempDir(), 'no-clone');
    expect(() => readQrdata(nowhere)).toThrow(`no clone at ${nowhere}`);
    const empty = tempDir();
    expect(() => readQrdata(empty)).toThrow(join(empty, 'benchmark', 'QRData.json'));
  });

  it('asks for the zip to be unzipped when only data.zip is there', () => {
    const root = fakeQrdata({ data: false, zip: true });
    const bench = join(root, 'benchmark');
    expect(() => readQrdata(root)).toThrow(
      `the data files are still zipped in ${join(bench, 'data.zip')}; unzip them first: cd ${bench} && unzip data.zip`,
    );
  });

  it('says when neither the data folder nor the zip is there', () => {
    const root = fakeQrdata({ data: false });
    const bench = join(root, 'benchmark');
    expect(() => readQrdata(root)).toThrow(
      `neither the data folder ${join(bench, 'data')} nor ${join(bench, 'data.zip')}`,
    );
  });
});
