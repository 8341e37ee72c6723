/**
 * What fresh memory costs on this machine: a new process writes 256 MiB it has just allocated,
 * then writes it again. On a VM whose host hands pages over lazily the first pass can be ten times
 * the second, and every browser start pays it (Chromium touches hundreds of MB while DuckDB
 * starts), so the figure goes beside the results it shapes.
 */
import { execFileSync } from 'node:child_process';
import { median } from './stats.mjs';

const PROBE = `
const n = 256 * 1024 * 1024;
const t0 = process.hrtime.bigint();
const b = Buffer.alloc(n);
b.fill(1);
const t1 = process.hrtime.bigint();
b.fill(2);
const t2 = process.hrtime.bigint();
console.log(JSON.stringify({ first: Number(t1 - t0) / 1e6 * 4, again: Number(t2 - t1) / 1e6 * 4 }));
`;

/** Milliseconds per GiB written, the first time (allocation included) and once touched: medians of 3. */
export function memoryTouch() {
  const runs = [0, 1, 2].map(() =>
    JSON.parse(execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' })),
  );
  return {
    firstMsPerGiB: median(runs.map((r) => r.first)),
    againMsPerGiB: median(runs.map((r) => r.again)),
  };
}
