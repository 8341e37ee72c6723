/**
 * A throw-away load right after boot. V8 first runs DuckDB's 32 MB of wasm in its baseline tier
 * and recompiles hot functions while they run, so the first real load paid for it. Measured on a
 * 95 MB CSV, 5 runs each (BENCHMARKS.md): a file chosen 3 s after the app is ready loaded in
 * 1.13 s instead of 1.49 s; one chosen at once, 1.37 s instead of 1.52 s. It costs about 0.6 s of
 * worker time while the person is still choosing a file.
 */
const ROWS = 20_000;
/**
 * The rows are one block of a thousand repeated: writing 20,000 lines one by one (a date and two
 * decimals formatted for each) took 230 ms of the worker's first, cold JavaScript in Chromium's
 * profile of the boot, time in which a file dropped at once waited.
 */
const BLOCK = 1_000;
const CATEGORIES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];

/** A small CSV with the column types real files have: integers, doubles, dates, text, booleans. */
export function warmUpFile(): File {
  const lines: string[] = [];
  for (let i = 0; i < BLOCK; i++) {
    const day = new Date(Date.UTC(2024, 0, 1 + (i % 366))).toISOString().slice(0, 10);
    const category = CATEGORIES[i % CATEGORIES.length] as string;
    lines.push(
      `${i},${day},${((i * 37) % 1000) / 10},${(i % 97) / 97},${category},"note ${i % 131}, more",${i % 3 === 0}`,
    );
  }
  const block = `${lines.join('\n')}\n`;
  const parts = [
    'id,day,amount,ratio,category,note,flag\n',
    ...Array<string>(ROWS / BLOCK).fill(block),
  ];
  return new File(parts, 'warm-up.csv', { type: 'text/csv' });
}

export const WARM_UP_TABLE = '__sift_warm_up';

export const warmUpQueries = (table: string) => [
  `SELECT category, count(*) AS n, avg(amount), sum(id), min(day), max(day) FROM ${table} GROUP BY category`,
  `SELECT count(DISTINCT note), approx_quantile(ratio, 0.5) FROM ${table}`,
  `DROP TABLE ${table}`,
];
