/**
 * Shared shapes for the benchmark readers (`eval/benchmarks/*.ts`) and scorers
 * (`eval/scoring/*.ts`). The benchmarks' data stay in a local clone (CC BY-NC): nothing here
 * holds any of it.
 */

/** One question of a benchmark, read from a local clone. */
export interface BenchQuestion {
  /** The benchmark's own id where it has one (DABench), else the position in its file (QRData). */
  id: string;
  /** The full text to ask, with the benchmark's answer-format instructions. */
  question: string;
  /** Absolute paths of the data files the question comes with. */
  files: string[];
  /** What the benchmark groups the question under (DABench: its concepts; QRData: first keyword). */
  category: string;
  /** Whatever the benchmark's scorer takes as the right answer. */
  expected: unknown;
  /** Files of `files` that the clone lacks: the runner skips such a question and says which. */
  missing?: string[];
}

/** One scored part of a reply: a DABench sub-question, or QRData's single answer. */
export interface ScorePart {
  name: string;
  expected: string;
  /** What the reply gave for it, `null` when nothing could be read. */
  got: string | null;
  correct: boolean;
}

export interface ScoreResult {
  /** The benchmark's own verdict for the whole question. */
  correct: boolean;
  parts: ScorePart[];
  /** Why it is wrong, or a note on how the benchmark treats this reply. */
  reason?: string;
}
