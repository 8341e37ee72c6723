/**
 * Reads InfiAgent-DABench (validation set) from a local clone of github.com/InfiAgent/InfiAgent.
 * Layout (examples/DA-Agent/README.md): examples/DA-Agent/data/da-dev-questions.jsonl,
 * da-dev-labels.jsonl and the tables folder da-dev-tables/. The data are CC BY-NC: they are read
 * from the clone, never copied here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DabenchLabel } from '../scoring/dabench.ts';
import type { BenchQuestion } from './types.ts';

export const DABENCH_DATA_DIR = join('examples', 'DA-Agent', 'data');
export const DABENCH_QUESTIONS = 'da-dev-questions.jsonl';
export const DABENCH_LABELS = 'da-dev-labels.jsonl';
export const DABENCH_TABLES = 'da-dev-tables';

/** One line of da-dev-questions.jsonl. */
export interface DabenchRawQuestion {
  id: number;
  question: string;
  concepts: string[];
  constraints: string;
  format: string;
  file_name: string;
  level: string;
}

interface DabenchRawLabel {
  id: number;
  common_answers: Array<[string, string]>;
}

/**
 * The text to ask. DABench's own agent run (pipeline/activities/eval.py, main()) sends
 * `f"Question: {input_text}\n{constraints}\n"` and leaves the format out: its answers are then
 * rewritten into `@name[value]` form by a second model (examples/DA-Agent/reformat.py), whose
 * prompt (reformat_template) gives the format. With no such second pass here, the format is
 * given at once, in reformat_template's words.
 */
export function dabenchPrompt(
  q: Pick<DabenchRawQuestion, 'question' | 'constraints' | 'format'>,
): string {
  return (
    `Question: ${q.question}\n${q.constraints}\n\n` +
    'Your answer should contain all the "@answer_name[answer]" in the order mentioned, ' +
    'each "answer" should be in the range of value as required. \n' +
    `The format requirements of this question is:\n${q.format}.`
  );
}

// utils/utils.py, read_jsonl(): one JSON object a line (blank lines, which upstream would
// fail on, are skipped here).
function readJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as T;
      } catch (error) {
        throw new Error(`DABench: line ${i + 1} of ${path} is not JSON (${String(error)})`);
      }
    });
}

/**
 * Every question that has a label (eval_closed_form.py scores by label), in the questions
 * file's order; `expected` is the label's `common_answers` (a DabenchLabel).
 * @param root the clone's root (a folder holding examples/DA-Agent/data also works)
 */
export function readDabench(root: string): BenchQuestion[] {
  const clone = resolve(root);
  if (!existsSync(clone)) {
    throw new Error(
      `DABench: no clone at ${clone} (git clone https://github.com/InfiAgent/InfiAgent)`,
    );
  }
  const dataDir = existsSync(join(clone, DABENCH_DATA_DIR)) ? join(clone, DABENCH_DATA_DIR) : clone;
  const questionsPath = join(dataDir, DABENCH_QUESTIONS);
  if (!existsSync(questionsPath)) {
    throw new Error(
      `DABench: the questions file ${join(clone, DABENCH_DATA_DIR, DABENCH_QUESTIONS)} is missing`,
    );
  }
  const labelsPath = join(dataDir, DABENCH_LABELS);
  if (!existsSync(labelsPath)) {
    throw new Error(`DABench: the labels file ${join(dataDir, DABENCH_LABELS)} is missing`);
  }
  const tables = join(dataDir, DABENCH_TABLES);

  const labels = new Map<number, DabenchLabel>();
  for (const label of readJsonl<DabenchRawLabel>(labelsPath))
    labels.set(label.id, label.common_answers);

  const out: BenchQuestion[] = [];
  for (const q of readJsonl<DabenchRawQuestion>(questionsPath)) {
    const expected = labels.get(q.id);
    if (expected === undefined) continue;
    // pipeline/activities/eval.py: os.path.join('data/da-dev-tables', q['file_name']).
    const files = [join(tables, q.file_name)];
    const missing = files.filter((f) => !existsSync(f));
    out.push({
      id: String(q.id),
      question: dabenchPrompt(q),
      files,
      category: q.concepts.join(', '),
      expected,
      ...(missing.length ? { missing } : {}),
    });
  }
  return out;
}
