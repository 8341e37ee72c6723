// The command line shared by the benches that take `--runs N` and `--size 10MB|100MB`.
import { SIZES } from './workload.mjs';

/** Runs (at least 1, `runs` by default) and the file size (100 MB by default) asked for. */
export function runsAndSize(argv, { runs = 3 } = {}) {
  const runsAt = argv.indexOf('--runs');
  const sizeAt = argv.indexOf('--size');
  const wanted = sizeAt >= 0 ? argv[sizeAt + 1] : '100MB';
  const size = SIZES.find((s) => s.label.replace(' ', '') === wanted);
  if (!size) throw new Error('--size is 10MB or 100MB');
  return { runs: Math.max(1, runsAt >= 0 ? Number(argv[runsAt + 1]) : runs), size };
}
