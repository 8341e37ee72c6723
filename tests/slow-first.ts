/**
 * The order Vitest starts files in: its own (a file that failed last time first, then the longest
 * by its cache of durations, which a fresh clone has not, then the largest file), with the files
 * known to take longest put first. Both engine suites are small files that run for 25 to 60 s:
 * by size they started among the last, and ran on alone while the other worker had nothing left
 * (the integration engine suite finished 172nd of 177 files, 2026-12-03). Started first, the short
 * files fill in around them.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest files of a run (tests/summary-reporter.ts prints them), longest first. */
const SLOW = [
  'tests/e2e/engine-suite.test.ts',
  'tests/e2e/load.test.ts',
  'tests/e2e/sessions.test.ts',
  'tests/integration/engine-suite.test.ts',
];

const rank = (spec: TestSpecification) => {
  const at = SLOW.findIndex((path) => spec.moduleId.endsWith(path));
  return at < 0 ? SLOW.length : at;
};

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep Vitest's own order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
