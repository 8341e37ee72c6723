/**
 * QRData's scoring, reimplemented from the upstream script `benchmark/eval.py`
 * (github.com/xxxiaol/QRData), function calc_acc(). That script takes a prediction `pred`
 * already cut out of the model's output; how QRData's own runs cut it out is not in the
 * repository, so `qrdataPrediction()` below is ours (the text after the last "Final Answer:").
 */
import type { ScoreResult } from '../benchmarks/types.ts';
import { pyFloat } from './py-float.ts';

/** What `readQrdata` puts in `expected`. */
export interface QrdataExpected {
  /** `meta_data.question_type` in benchmark/QRData.json. */
  type: 'numerical' | 'multiple_choice';
  /** `answer`: "0.20", "5.36%", "treatment group", "C", ... */
  answer: string;
  /** `meta_data.multiple_choices`, lower-case (for letters: ["a", "b", "c"]); not used by the rule. */
  choices?: string[];
}

// benchmark/eval.py, calc_acc(): `error_scale = 0.03`.
export const QRDATA_ERROR_SCALE = 0.03;

// benchmark/eval.py, extract_first_number(): re.search(r'-?\d+\.?\d*%?', string). The FIRST
// number anywhere in the prediction, with an optional "%"; "1,234" gives "1" and ".5" gives "5".
// (Python's \d also takes non-ASCII digits; JS's does not.)
const FIRST_NUMBER = /-?\d+\.?\d*%?/;

export function qrdataFirstNumber(text: string): string | null {
  return FIRST_NUMBER.exec(text)?.[0] ?? null;
}

// benchmark/eval.py, calc_acc(): a string ending in "%" is float(rest) / 100, else float(it).
function percentAware(text: string): number | null {
  if (text.endsWith('%')) {
    const v = pyFloat(text.slice(0, -1));
    return v === null ? null : v / 100;
  }
  return pyFloat(text);
}

/** Python's `s[:n]` counts code points, not UTF-16 units. */
const prefix = (s: string, n: number): string => Array.from(s).slice(0, n).join('');

/**
 * QRData's rule on a prediction, as calc_acc() applies it: both sides lower-cased, then
 * - numerical: the first number of the prediction ("%"-aware, "12%" is 0.12) lies STRICTLY
 *   inside gold × (1 ± 0.03) (min/max of the two, so negative golds work; a gold of 0 can
 *   never be matched); no number means wrong;
 * - multiple choice: the prediction STARTS WITH the gold answer (`gold == pred[:len(gold)]`):
 *   no trimming, so a leading space or "The answer is C" is wrong, "C. No causal ..." and
 *   "cannot say" against "c" are right, and the option's words against a letter gold are wrong.
 */
export function qrdataMatch(
  pred: string,
  expected: QrdataExpected,
): { correct: boolean; got: string | null } {
  const p = pred.toLowerCase();
  const gold = expected.answer.toLowerCase();
  if (expected.type === 'numerical') {
    const goldFloat = percentAware(gold);
    if (goldFloat === null)
      throw new Error(`QRData: numerical answer "${expected.answer}" is not a number`);
    const got = qrdataFirstNumber(p);
    if (got === null) return { correct: false, got: null };
    const predFloat = percentAware(got);
    if (predFloat === null) return { correct: false, got };
    const a = goldFloat * (1 - QRDATA_ERROR_SCALE);
    const b = goldFloat * (1 + QRDATA_ERROR_SCALE);
    const lower = Math.min(a, b);
    const upper = Math.max(a, b);
    return { correct: lower < predFloat && upper > predFloat, got };
  }
  const goldLength = Array.from(gold).length;
  // `got` shows the prediction's first line (cut at 80 characters), for the report.
  return { correct: gold === prefix(p, goldLength), got: prefix(pred.split('\n')[0]!, 80) };
}

// Ours, not upstream: the text after the last "Final Answer:" (the line readQrdata's prompt
// asks for), less spaces, markdown emphasis, backticks and quotes around it; the whole reply
// when there is no such line.
const FINAL = /final answer\s*\**\s*[:：]/gi;

export function qrdataPrediction(reply: string): { pred: string; marked: boolean } {
  let end = -1;
  for (const m of reply.matchAll(FINAL)) end = m.index + m[0].length;
  const rest = end >= 0 ? reply.slice(end) : reply;
  return {
    pred: rest.replace(/^[\s*_`"'“‘]+/u, '').replace(/[\s*_`"'”’]+$/u, ''),
    marked: end >= 0,
  };
}

/** Scores a whole reply: the prediction is cut out (ours), then QRData's rule applies. */
export function scoreQrdata(reply: string, expected: QrdataExpected): ScoreResult {
  const { pred, marked } = qrdataPrediction(reply);
  const { correct, got } = qrdataMatch(pred, expected);
  const part = { name: expected.type, expected: expected.answer, got, correct };
  if (correct) return { correct, parts: [part] };
  const notes: string[] = [];
  if (!marked) notes.push('no "Final Answer:" line, so the whole reply was the prediction');
  if (expected.type === 'numerical') {
    notes.push(
      got === null
        ? 'no number in the prediction'
        : `first number ${got} is not within 3% of ${expected.answer}`,
    );
  } else {
    notes.push(`the prediction does not start with "${expected.answer}" (case ignored)`);
  }
  return { correct, parts: [part], reason: notes.join('; ') };
}
