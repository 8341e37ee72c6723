/** What every side of the benchmark runs: the files and the one GROUP BY. */
export const SIZES = [
  { label: '10 MB', bytes: 10_000_000, file: 'sift-bench-10MB.csv' },
  { label: '100 MB', bytes: 100_000_000, file: 'sift-bench-100MB.csv' },
];
export const HUGE = { label: '1 GB', bytes: 1_000_000_000, file: 'sift-bench-1GB.csv' };

export const AGGREGATE_SQL =
  'SELECT category, count(*) AS n, avg(amount) AS avg_amount, sum(qty) AS sum_qty, min(ts) AS first_ts, max(ts) AS last_ts FROM data GROUP BY category ORDER BY category';
