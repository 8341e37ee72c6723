/**
 * Reads QRData from a local clone of github.com/xxxiaol/QRData (README.md): the questions are
 * benchmark/QRData.json, their data files are in benchmark/data.zip, which unzips (in
 * benchmark/) to benchmark/data/. No zip library here: the person unzips it. The data are
 * CC BY-NC: they are read from the clone, never copied here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { QrdataExpected } from '../scoring/qrdata.ts';
import type { BenchQuestion } from './types.ts';

export const QRDATA_QUESTIONS = join('benchmark', 'QRData.json');
export const QRDATA_DATA_DIR = join('benchmark', 'data');
export const QRDATA_ZIP = join('benchmark', 'data.zip');

/** One entry of benchmark/QRData.json (keys as README.md lists them). */
export interface QrdataRawQuestion {
  data_description: string;
  question: string;
  answer: string;
  data_files: string[];
  meta_data: {
    reference: string;
    keywords: string[];
    question_type: 'numerical' | 'multiple_choice';
    multiple_choices?: string[];
  };
}

/**
 * The text to ask: the data description, then the question, which carries QRData's own answer
 * instructions ("Please round to the nearest hundredth.", "Please answer with A, B, or C.").
 * The repository has no agent prompt; the closing "Final Answer:" line is ours, so that
 * `qrdataPrediction()` can find the prediction benchmark/eval.py expects.
 */
export function qrdataPrompt(q: Pick<QrdataRawQuestion, 'data_description' | 'question'>): string {
  return (
    `${q.data_description}\nQuestion: ${q.question}\n\n` +
    'End your reply with one line "Final Answer: <answer>", the answer alone in the form the ' +
    'question asks for (for a number, just the number).'
  );
}

/**
 * Every question of QRData.json in file order; the id is its position there (from 0), as the
 * file has no ids. `expected` is a QrdataExpected.
 * @param root the clone's root
 */
export function readQrdata(root: string): BenchQuestion[] {
  const clone = resolve(root);
  if (!existsSync(clone)) {
    throw new Error(`QRData: no clone at ${clone} (git clone https://github.com/xxxiaol/QRData)`);
  }
  const questionsPath = join(clone, QRDATA_QUESTIONS);
  if (!existsSync(questionsPath))
    throw new Error(`QRData: the questions file ${questionsPath} is missing`);
  const dataDir = join(clone, QRDATA_DATA_DIR);
  const zip = join(clone, QRDATA_ZIP);
  if (!existsSync(dataDir)) {
    if (existsSync(zip)) {
      throw new Error(
        `QRData: the data files are still zipped in ${zip}; unzip them first: ` +
          `cd ${join(clone, 'benchmark')} && unzip data.zip (this makes ${dataDir})`,
      );
    }
    throw new Error(`QRData: the clone has neither the data folder ${dataDir} nor ${zip}`);
  }

  let raw: QrdataRawQuestion[];
  try {
    raw = JSON.parse(readFileSync(questionsPath, 'utf8')) as QrdataRawQuestion[];
  } catch (error) {
    throw new Error(`QRData: ${questionsPath} is not JSON (${String(error)})`);
  }
  return raw.map((q, index) => {
    const files = q.data_files.map((name) => join(dataDir, name));
    const missing = files.filter((f) => !existsSync(f));
    const expected: QrdataExpected = {
      type: q.meta_data.question_type,
      answer: q.answer,
      ...(q.meta_data.multiple_choices ? { choices: q.meta_data.multiple_choices } : {}),
    };
    return {
      id: String(index),
      question: qrdataPrompt(q),
      files,
      category: q.meta_data.keywords[0] ?? '',
      expected,
      ...(missing.length ? { missing } : {}),
    };
  });
}
