/**
 * Sift's own benchmark's rule (eval/sift/questions.ts): the reply ends with `@name[value]` pairs,
 * as DABench's do; each must be there. A number counts when it is within the question's
 * tolerance (absent: half a unit of the last decimal asked for — the value as rounded); text and
 * dates must match, ignoring case and the spaces around them.
 */
import type { ScoreResult } from '../benchmarks/types.ts';
import { parseAnswers, type SiftQuestion } from '../sift/questions.ts';

const number = (s: string): number | null => {
  const t = s
    .trim()
    .replace(/^[$€£]/, '')
    .replace(/%$/, '')
    .replaceAll(',', '');
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : null;
};

export function scoreSift(
  reply: string,
  q: Pick<SiftQuestion, 'format' | 'tolerance'>,
  expected: Readonly<Record<string, string>>,
): ScoreResult {
  const got = parseAnswers(reply);
  const parts = q.format.map((f) => {
    const want = expected[f.name] ?? '';
    const given = got[f.name] ?? null;
    let correct = false;
    if (given !== null) {
      const a = number(given);
      const b = number(want);
      if (a !== null && b !== null && (f.decimals !== undefined || q.tolerance !== undefined)) {
        const within = q.tolerance ?? 0.5 * 10 ** -(f.decimals ?? 0);
        correct = Math.abs(a - b) <= within + 1e-9;
      } else correct = given.trim().toLowerCase() === want.trim().toLowerCase();
    }
    return { name: f.name, expected: want, got: given, correct };
  });
  const wrong = parts.filter((p) => !p.correct);
  return {
    correct: wrong.length === 0,
    parts,
    ...(wrong.length
      ? {
          reason: wrong
            .map((p) =>
              p.got === null ? `no @${p.name}[…]` : `@${p.name}: ${p.got} ≠ ${p.expected}`,
            )
            .join('; '),
        }
      : {}),
  };
}
