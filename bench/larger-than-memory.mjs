#!/usr/bin/env node
/**
 * Tables larger than memory (issue 30), part of `npm run bench`, or alone:
 *
 *   node bench/larger-than-memory.mjs [--runs N] [--no-5gb]
 *
 * The app as shipped (a session's large tables in a DuckDB database file in OPFS, workers/
 * resilient-engine.ts FILE_AT and work-database.ts) against
 * the same app built with its tables in memory (VITE_SIFT_TABLES=memory, what Sift did before),
 * alternating, each run in a fresh Chromium: the file chosen through the file input until its
 * summary shows, then the bench's GROUP BY from the SQL box, and the renderer's peak RSS. Native
 * DuckDB (@duckdb/node-api, 1 thread, in memory) reads the same files in the same run. The 5 GB
 * file is generated once (about 4 minutes) and read once per variant. Raw numbers go to
 * bench/out/larger-than-memory.json; the section of BENCHMARKS.md between its markers is replaced.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { ensureCsv } from './lib/generate.mjs';
import { openSession, loadFile, runSql, waitForProfile } from './lib/browser.mjs';
import { benchNative } from './lib/native.mjs';
import { nativePeakRss } from './lib/native-peak.mjs';
import { writeSection } from './lib/report-section.mjs';
import { fmtBytes, fmtMs, fmtRatio, log, median } from './lib/stats.mjs';
import { AGGREGATE_SQL, HUGE, SIZES } from './lib/workload.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const argv = process.argv.slice(2);
const at = argv.indexOf('--runs');
const runs = at >= 0 ? Math.max(1, Number(argv[at + 1])) : 2;
const FIVE = { label: '5 GB', bytes: 5_000_000_000, file: 'sift-bench-5GB.csv' };

/** The two builds: dist/ as shipped, and the same sources with the tables in memory. */
async function servers() {
  execFileSync('npx', ['vite', 'build', '--outDir', 'bench/out/app-dist-memory', '--emptyOutDir'], {
    cwd: ROOT,
    env: { ...process.env, VITE_SIFT_TABLES: 'memory' },
    stdio: 'ignore',
  });
  const serve = async (outDir) =>
    preview({ root: ROOT, build: { outDir }, preview: { port: 0 }, logLevel: 'warn' });
  return { file: await serve('dist'), memory: await serve('bench/out/app-dist-memory') };
}

async function browserRun(url, path) {
  const s = await openSession(url);
  try {
    const load = await loadFile(s, path, { timeoutMs: 20 * 60_000 });
    // The automatic profile is part of what a load costs the tab: its peak is counted too.
    const profileMs = load.ok ? await waitForProfile(s, 15 * 60_000).catch(() => null) : null;
    const group = load.ok ? await runSql(s, AGGREGATE_SQL) : null;
    return {
      ok: load.ok,
      message: load.ok ? null : load.message,
      pageMs: load.pageMs,
      rows: load.rows ?? null,
      groupMs: group?.ok ? group.pageMs : null,
      profileMs,
      peakRss: s.peakRss(),
    };
  } finally {
    await s.close();
  }
}

const served = await servers();
const files = [];
for (const size of [SIZES[1], HUGE, ...(argv.includes('--no-5gb') ? [] : [FIVE])]) {
  const csv = await ensureCsv(`${OUT}${size.file}`, size.bytes);
  const repeat = size === FIVE ? 1 : runs;
  const got = { file: [], memory: [] };
  for (let i = 0; i < repeat; i++) {
    for (const variant of i % 2 ? ['memory', 'file'] : ['file', 'memory']) {
      const r = await browserRun(served[variant].resolvedUrls.local[0], csv.path);
      log(`${size.label} ${variant}: ${JSON.stringify(r)}`);
      got[variant].push(r);
    }
  }
  const native = await benchNative(csv.path, {
    threads: 1,
    runs: 1,
    aggregateSql: AGGREGATE_SQL,
    aggregateRuns: 3,
  });
  const nativePeak = nativePeakRss(csv.path, 'read_csv');
  files.push({ size, bytes: csv.bytes, rows: csv.rows, got, native, nativePeak });
}
for (const s of Object.values(served)) await s.close();
writeFileSync(`${OUT}larger-than-memory.json`, JSON.stringify(files, null, 2));

const cell = (list, key, fmt) => {
  const ok = list.filter((r) => r.ok && r[key] !== null);
  if (!ok.length) return list.some((r) => !r.ok) ? 'failed' : '—';
  return fmt(median(ok.map((r) => r[key])));
};
const lines = [
  '## Larger than memory',
  '',
  `\`node bench/larger-than-memory.mjs\` (part of \`npm run bench\`), ${new Date().toISOString()}. Sift as shipped keeps`,
  "a session's tables in memory until its files pass a quarter of DuckDB's limit (about 790 MB), then in a DuckDB",
  'database file in OPFS; "in memory" is the same app built with `VITE_SIFT_TABLES=memory`',
  '(what Sift did before issue 30). Alternating runs, a fresh Chromium each: from choosing the file to its summary,',
  `then the automatic profile to its end, then the bench GROUP BY from the SQL box; medians of ${runs} runs (the`,
  '5 GB file: one each). The peak renderer RSS covers all of it. Native: DuckDB (@duckdb/node-api), 1 thread, in',
  'memory, in the same run; its peak RSS (the load alone) includes Node.',
  '',
  '| File | Rows | Variant | Load (page) | Load / native | Profile | GROUP BY (page) | Peak renderer RSS | Result |',
  '|---|---|---|---|---|---|---|---|---|',
];
for (const f of files) {
  for (const variant of ['file', 'memory']) {
    const list = f.got[variant];
    const load = median(list.filter((r) => r.ok).map((r) => r.pageMs));
    lines.push(
      `| ${f.size.label} | ${f.rows.toLocaleString('en-US')} | ${variant === 'file' ? 'shipped' : 'in memory'} | ${cell(list, 'pageMs', fmtMs)} | ${Number.isFinite(load) ? fmtRatio(load, f.native.ingestMedian) : '—'} | ${cell(list, 'profileMs', fmtMs)} | ${cell(list, 'groupMs', fmtMs)} | ${fmtBytes(Math.max(...list.map((r) => r.peakRss)))} | ${list.every((r) => r.ok) ? 'loaded' : (list.find((r) => !r.ok)?.message ?? '').slice(0, 120)} |`,
    );
  }
  lines.push(
    `| ${f.size.label} | ${f.native.rows?.toLocaleString('en-US') ?? '—'} | native 1 thread | ${fmtMs(f.native.ingestMedian)} | 1.00× | — | ${fmtMs(f.native.aggregateMedian)} | ${fmtBytes(f.nativePeak)} | loaded |`,
  );
}
writeSection(`${ROOT}BENCHMARKS.md`, 'larger-than-memory', lines.join('\n'));
log('Wrote the "Larger than memory" section of BENCHMARKS.md');
