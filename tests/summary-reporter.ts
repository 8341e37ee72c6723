/**
 * Prints, after Vitest's own report, the ten slowest files (so that the slowest are seen on every
 * run, issue 47) and one closing line, `tests: N passed, N failed, N skipped`, so CI can read the
 * count without knowing Vitest's format.
 */
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 10;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) counts.failed++;
    }
    const slowest = modules
      .map((m) => ({ name: m.moduleId.replace(`${process.cwd()}/`, ''), s: seconds(m) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, SLOWEST)
      .map(({ name, s }) => `  ${s.toFixed(1).padStart(6)} s  ${name}`);
    process.stdout.write(
      `\nslowest files (tests and hooks, import included):\n${slowest.join('\n')}\n` +
        `\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}

/** A file's own time: importing it and running its tests and hooks. */
function seconds(module: TestModule): number {
  const d = module.diagnostic();
  return (d.collectDuration + d.duration) / 1000;
}
