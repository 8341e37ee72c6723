/**
 * InfiAgent-DABench's closed-form scoring, reimplemented from the upstream script
 * `examples/DA-Agent/eval_closed_form.py` (github.com/InfiAgent/InfiAgent). The labels come from
 * `examples/DA-Agent/data/da-dev-labels.jsonl`: `common_answers` is `[[name, value], ...]`, every
 * value a string.
 */
import type { ScorePart, ScoreResult } from '../benchmarks/types.ts';
import { pyFloat } from './py-float.ts';

/** A label's `common_answers`: `[[answer_name, answer], ...]`. */
export type DabenchLabel = ReadonlyArray<readonly [string, string]>;

export interface DabenchPair {
  name: string;
  value: string;
}

// eval_closed_form.py, extract_format(): re.findall(r"@(\w+)\[(.*?)\]", input_string).
// Python's `\w` on str is Unicode (letters, numbers, `_`), JS's is ASCII: hence \p{L}\p{N}_.
// Python's `.` stops only at "\n", JS's also at "\r", U+2028, U+2029: hence [^\n].
// The value is everything up to the FIRST `]`, untrimmed: `@a[[1, 2]]` gives "[1, 2".
const PAIR = /@([\p{L}\p{N}_]+)\[([^\n]*?)\]/gu;

/** Every `@name[value]` in the reply, in order (duplicates kept). */
export function extractDabenchPairs(reply: string): DabenchPair[] {
  return [...reply.matchAll(PAIR)].map((m) => ({ name: m[1]!, value: m[2]! }));
}

// eval_closed_form.py, is_equal(response, label): exact string equality first (case, spaces
// and all), else `abs(float(response) - float(label)) < 1e-6` with any exception meaning
// False, so a missing answer (None), "Yes" against "yes", or "34.65%" against "34.65" are
// wrong, while " 34.65 " or "34.650" against "34.65" are right (float() strips spaces).
export function dabenchEqual(response: string | undefined, label: string): boolean {
  if (response === label) return true;
  if (response === undefined) return false;
  const a = pyFloat(response);
  const b = pyFloat(label);
  if (a === null || b === null) return false;
  return Math.abs(a - b) < 1e-6;
}

/** The reason given for an empty reply, which upstream leaves out of every accuracy. */
export const DABENCH_EMPTY_REPLY =
  'empty reply: eval_closed_form.py evaluate_responses() skips it (not counted in any accuracy)';

/**
 * Scores one reply against its label. `correct` is DABench's per-question verdict
 * ("Accuracy by Question": every sub-question right); `parts` are the sub-questions.
 */
export function scoreDabench(reply: string, label: DabenchLabel): ScoreResult {
  // evaluate_responses(): `{ans[0]: ans[1] for ans in label["common_answers"]}`, a dict, so a
  // name listed twice keeps its first place and its last value. A Map does the same.
  const expected = new Map<string, string>();
  for (const [name, value] of label) expected.set(name, value);

  // evaluate_responses(): a response whose 'response' is falsy ("" or missing) is skipped,
  // so the question gets no result at all.
  if (!reply) {
    return {
      correct: false,
      parts: [...expected].map(([name, value]) => ({
        name,
        expected: value,
        got: null,
        correct: false,
      })),
      reason: DABENCH_EMPTY_REPLY,
    };
  }

  // evaluate_responses(): `dict(zip(answer_names, answers))`: a name given twice keeps the
  // LAST value the reply gave; names the label lacks are ignored.
  const given = new Map<string, string>();
  for (const pair of extractDabenchPairs(reply)) given.set(pair.name, pair.value);

  // evaluate_responses(): correctness per label name, `extracted_answers.get(ans_name)`
  // (names are matched case-sensitively).
  const parts: ScorePart[] = [...expected].map(([name, value]) => {
    const got = given.get(name);
    return { name, expected: value, got: got ?? null, correct: dabenchEqual(got, value) };
  });

  // evaluate_accuracy_by_question(): `all(result['correctness'].values())`; all([]) is True.
  const correct = parts.every((p) => p.correct);
  if (correct) return { correct, parts };
  const missing = parts.filter((p) => p.got === null).map((p) => p.name);
  const wrong = parts.filter((p) => p.got !== null && !p.correct).map((p) => p.name);
  const reason = [
    missing.length ? `no @name[value] for ${missing.join(', ')}` : '',
    wrong.length ? `wrong value for ${wrong.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return { correct, parts, reason };
}

export interface DabenchAccuracy {
  /** ABQ: questions with every sub-question right, over questions. */
  byQuestion: number;
  /** PSAQ: each question scores (right sub-questions / its sub-questions), averaged. */
  proportionalBySubQuestion: number;
  /** UASQ: right sub-questions over all sub-questions. */
  bySubQuestion: number;
  /** Questions counted (empty replies are not, as upstream). */
  counted: number;
}

// Python's round(x, 4) for the printed figures; toFixed differs from it only on exact binary ties.
const round4 = (x: number): number => Number(x.toFixed(4));

/**
 * The three accuracies DABench reports, as eval_closed_form.py computes them:
 * evaluate_accuracy_by_question(), evaluate_accuracy_proportional_by_sub_question_adjusted()
 * and evaluate_accuracy_by_sub_question(), each rounded to 4 places and 0 for no results.
 * Results whose reason is DABENCH_EMPTY_REPLY are left out, as upstream never makes them.
 */
export function dabenchAccuracy(results: readonly ScoreResult[]): DabenchAccuracy {
  const counted = results.filter((r) => r.reason !== DABENCH_EMPTY_REPLY);
  const n = counted.length;
  const right = counted.filter((r) => r.parts.every((p) => p.correct)).length;
  let subRight = 0;
  let subTotal = 0;
  let proportional = 0;
  for (const r of counted) {
    const ok = r.parts.filter((p) => p.correct).length;
    subRight += ok;
    subTotal += r.parts.length;
    // A label with no sub-questions scores 0 here but counts as right by question.
    proportional += r.parts.length > 0 ? ok * (1 / r.parts.length) : 0;
  }
  return {
    byQuestion: n > 0 ? round4(right / n) : 0,
    proportionalBySubQuestion: n > 0 ? round4(proportional / n) : 0,
    bySubQuestion: subTotal > 0 ? round4(subRight / subTotal) : 0,
    counted: n,
  };
}
