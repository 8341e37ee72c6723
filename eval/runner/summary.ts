/**
 * A run's result lines (one a question, JSON lines) and its summary: accuracy overall and by
 * category, tokens, cost and time, as a table for bench/out/ and BENCHMARKS.md.
 */
export interface ResultLine {
  id: string;
  category: string;
  question: string;
  /** The reply's text as the page showed it. */
  answer: string;
  expected: unknown;
  correct: boolean;
  /** Why it is wrong (the scorer's reason, or the turn's error, or the step cap). */
  reason?: string;
  steps: number;
  tokens: number;
  cost: number | null;
  seconds: number;
  /** The session exported beside the lines, for reading later. */
  session?: string;
}

export interface Summary {
  questions: number;
  correct: number;
  accuracy: number;
  byCategory: Array<{ category: string; questions: number; correct: number; accuracy: number }>;
  tokens: number;
  /** Null when some call's price is unknown. */
  cost: number | null;
  seconds: number;
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

export function summarise(lines: readonly ResultLine[]): Summary {
  const categories = [...new Set(lines.map((l) => l.category))].sort();
  const correct = lines.filter((l) => l.correct).length;
  return {
    questions: lines.length,
    correct,
    accuracy: ratio(correct, lines.length),
    byCategory: categories.map((category) => {
      const of = lines.filter((l) => l.category === category);
      const right = of.filter((l) => l.correct).length;
      return { category, questions: of.length, correct: right, accuracy: ratio(right, of.length) };
    }),
    tokens: lines.reduce((n, l) => n + l.tokens, 0),
    cost: lines.some((l) => l.cost === null) ? null : lines.reduce((n, l) => n + (l.cost ?? 0), 0),
    seconds: lines.reduce((n, l) => n + l.seconds, 0),
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The summary as Markdown, under a heading naming what was run. */
export function summaryTable(
  s: Summary,
  run: { bench: string; provider: string; model: string; date: string; version: string },
): string {
  const cost = s.cost === null ? 'unknown (a model without a price)' : `$${s.cost.toFixed(2)}`;
  return [
    `### ${run.bench} — ${run.provider}, ${run.model}, ${run.date}`,
    '',
    `Benchmark version: ${run.version}. ${s.correct} of ${s.questions} right: **${percent(s.accuracy)}**; ` +
      `${s.tokens.toLocaleString('en-US')} tokens, ${cost}, ${Math.round(s.seconds)} s of turns.`,
    '',
    '| Category | Questions | Right | Accuracy |',
    '| --- | ---: | ---: | ---: |',
    ...s.byCategory.map(
      (c) => `| ${c.category} | ${c.questions} | ${c.correct} | ${percent(c.accuracy)} |`,
    ),
    '',
  ].join('\n');
}
