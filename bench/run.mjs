#!/usr/bin/env node
/**
 * `npm run bench`: native DuckDB vs Sift in Chromium on generated CSVs, written to BENCHMARKS.md.
 *
 *   node bench/run.mjs [--quick] [--no-experiments] [--runs N] [--exp-runs N]
 *
 * --quick skips the 1 GB file (and its native runs); --no-experiments skips "Where the time goes";
 * --same-version installs @duckdb/node-api at the browser's DuckDB version (1.4.3) into bench/out
 * if missing (npm) — once installed, every run also measures it.
 * Expects dist/ to be built (the npm script runs `vite build` first). Raw numbers go to
 * bench/out/results.json.
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ensureCsv } from './lib/generate.mjs';
import { benchNative, nativeAppSequence, nativeVersion } from './lib/native.mjs';
import {
  cpuDelta,
  loadFile,
  openSession,
  runSql,
  startPreview,
  waitForProfile,
} from './lib/browser.mjs';
import { buildAndServeHarness } from './lib/harness.mjs';
import { progressUnderCsp, revisitExperiment, runExperiments } from './lib/experiments.mjs';
import { AGGREGATE_SQL, HUGE, SIZES } from './lib/workload.mjs';
import { log, median } from './lib/stats.mjs';
import { writeReport } from './lib/report.mjs';
import { CpuMonitor } from './lib/cpu-monitor.mjs';
import {
  benchSameVersion,
  installSameVersion,
  SAME_VERSION,
  sameVersionInstalled,
} from './lib/same-version.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const num = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Math.max(1, Number(argv[i + 1])) : fallback;
};
const opts = {
  quick: flag('--quick'),
  sameVersion: flag('--same-version'),
  experiments: !flag('--no-experiments'),
  runs: Math.max(3, num('--runs', 3)),
  expRuns: num('--exp-runs', 3),
};

/** Share of the machine's CPU that was busy over `ms` (from /proc/stat), before we start. */
async function busyShare(ms = 2000) {
  const { readFileSync } = await import('node:fs');
  const read = () =>
    readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  const d = b.map((v, i) => v - a[i]);
  const total = d.reduce((x, y) => x + y, 0);
  return total > 0 ? 1 - (d[3] + d[4]) / total : null;
}

async function browserRuns(
  url,
  file,
  runs,
  { aggregate = true, memorySql = true, loadTimeoutMs } = {},
) {
  const all = [];
  let extra = {};
  for (let i = 0; i < runs; i++) {
    const s = await openSession(url);
    let load;
    try {
      const cpu0 = s.cpu();
      load = await loadFile(s, file, { timeoutMs: loadTimeoutMs });
      load.cpu = cpuDelta(cpu0, s.cpu());
      load.startupMs = s.startupMs;
      if (load.ok && aggregate) {
        load.profileWaitMs = await waitForProfile(s);
        const agg = [];
        for (let k = 0; k < 5; k++) agg.push(await runSql(s, AGGREGATE_SQL));
        const ok = agg.filter((a) => a.ok);
        load.aggregatePageMs = median(ok.map((a) => a.pageMs));
        load.aggregateWorkerMs = median(ok.map((a) => a.workerMs));
        load.aggregateRows = ok[0]?.rows ?? null;
        if (ok.length < agg.length) load.aggregateError = agg.find((a) => !a.ok)?.message;
        // The SQL box's fixed cost: a query with nothing to compute.
        const trivial = [];
        for (let k = 0; k < 5; k++) trivial.push(await runSql(s, 'SELECT 42 AS x'));
        load.trivialPageMs = median(trivial.filter((a) => a.ok).map((a) => a.pageMs));
        load.trivialWorkerMs = median(trivial.filter((a) => a.ok).map((a) => a.workerMs));
        if (memorySql && i === runs - 1) extra = await duckdbMemory(s);
      }
      load.peakRss = s.peakRss();
      load.version = s.version;
      load.engine = await s.page.getAttribute('.engine', 'title').catch(() => null);
      load.pageErrors = s.errors.slice(0, 3);
    } finally {
      await s.close();
    }
    all.push(load);
    log(
      `  browser run ${i + 1}/${runs}: ${all.at(-1).ok ? `load ${all.at(-1).loadMs} ms (worker), ${Math.round(all.at(-1).pageMs)} ms (page), group by ${Math.round(all.at(-1).aggregatePageMs ?? NaN)} ms, peak RSS ${Math.round(all.at(-1).peakRss / 2 ** 20)} MiB` : `FAILED: ${all.at(-1).message}`}`,
    );
    if (!all.at(-1).ok) break;
  }
  const ok = all.filter((r) => r.ok);
  return {
    runs: all,
    ok: ok.length === all.length,
    error: all.find((r) => !r.ok)?.message ?? null,
    rows: ok[0]?.rows ?? null,
    cols: ok[0]?.cols ?? null,
    loadMs: median(ok.map((r) => r.loadMs)),
    loadPageMs: median(ok.map((r) => r.pageMs)),
    loadWorkerCpuMs: median(ok.map((r) => r.cpu.workerMs)),
    loadBackgroundCpuMs: median(ok.map((r) => r.cpu.backgroundMs)),
    startupMs: median(ok.map((r) => r.startupMs)),
    aggregatePageMs: median(ok.map((r) => r.aggregatePageMs)),
    aggregateWorkerMs: median(ok.map((r) => r.aggregateWorkerMs)),
    trivialPageMs: median(ok.map((r) => r.trivialPageMs)),
    trivialWorkerMs: median(ok.map((r) => r.trivialWorkerMs)),
    profileWaitMs: median(ok.map((r) => r.profileWaitMs)),
    peakRss: Math.max(0, ...all.map((r) => r.peakRss ?? 0)),
    version: all[0]?.version ?? null,
    engine: all[0]?.engine ?? null,
    ...extra,
  };
}

/** DuckDB's own accounting, read through the SQL box (read-only SELECTs). */
async function duckdbMemory(s) {
  const out = {};
  const mem = await runSql(s, 'SELECT sum(memory_usage_bytes) AS bytes FROM duckdb_memory()');
  if (mem.ok) out.duckdbMemoryBytes = Number(mem.cells?.[0]?.[0]);
  const size = await runSql(s, 'SELECT memory_usage, memory_limit FROM pragma_database_size()');
  if (size.ok) {
    out.duckdbMemoryUsage = size.cells?.[0]?.[0];
    out.duckdbMemoryLimit = size.cells?.[0]?.[1];
  }
  return out;
}

async function main() {
  const started = performance.now();
  const monitor = new CpuMonitor();
  const phases = {};
  const phase = (name, since) => (phases[name] = monitor.summary(since));
  mkdirSync(OUT, { recursive: true });
  if (!existsSync(`${ROOT}/dist/index.html`))
    throw new Error('dist/ is missing: run `npx vite build` (npm run bench does).');
  const results = {
    date: new Date().toISOString(),
    command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
    options: opts,
    machine: {
      nproc: os.availableParallelism(),
      cpu: os.cpus()[0]?.model ?? 'unknown',
      memoryBytes: os.totalmem(),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      loadavgStart: os.loadavg(),
      busyShareStart: await busyShare(),
    },
    sizes: [],
    aggregateSql: AGGREGATE_SQL,
  };
  log(
    `machine busy ${Math.round((results.machine.busyShareStart ?? 0) * 100)}% before start, loadavg ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  results.machine.nativeDuckdb = await nativeVersion();

  const sizes = opts.quick ? SIZES : [...SIZES, HUGE];
  for (const size of sizes) {
    const t0 = performance.now();
    const f = await ensureCsv(`${OUT}${size.file}`, size.bytes);
    log(
      `${size.label}: ${f.path} (${f.bytes} bytes, ${f.rows} rows) ${f.reused ? 'reused' : `generated in ${Math.round(performance.now() - t0)} ms`}`,
    );
    results.sizes.push({ ...size, path: f.path, fileBytes: f.bytes, fileRows: f.rows });
  }

  // Native reference.
  if (opts.sameVersion && !sameVersionInstalled()) {
    log(`installing @duckdb/node-api@${SAME_VERSION} into bench/out/duckdb-1.4.3`);
    installSameVersion();
  }
  let since = Date.now();
  for (const s of results.sizes) {
    const huge = s.label === HUGE.label;
    const runs = huge ? 3 : Math.max(5, opts.runs);
    s.native = {};
    for (const threads of [1, os.availableParallelism()]) {
      s.native[threads === 1 ? 't1' : 'tN'] = await benchNative(s.path, {
        threads,
        runs,
        aggregateSql: AGGREGATE_SQL,
      });
      const n = s.native[threads === 1 ? 't1' : 'tN'];
      log(
        `${s.label} native ${threads} thread(s): ingest ${Math.round(n.ingestMedian)} ms, group by ${n.aggregateMedian.toFixed(1)} ms (${runs} run(s))`,
      );
    }
    if (sameVersionInstalled()) {
      const r = await benchSameVersion({
        file: s.path,
        threads: 1,
        runs,
        aggregateSql: AGGREGATE_SQL,
      });
      s.native.t1same = r;
      results.machine.sameVersionDuckdb = r.version;
      log(
        `${s.label} native ${r.version} 1 thread: ingest ${Math.round(r.ingestMedian)} ms, group by ${r.aggregateMedian.toFixed(1)} ms`,
      );
    }
    if (s.label === '100 MB') {
      s.native.appSequence = await nativeAppSequence(s.path, { threads: 1, runs: opts.runs });
      s.native.appSequenceSniffOnce = await nativeAppSequence(s.path, {
        threads: 1,
        runs: opts.runs,
        sniffOnce: true,
      });
    }
  }

  phase('native', since);

  // The app in Chromium.
  since = Date.now();
  const app = await startPreview(ROOT);
  results.csp = app.csp;
  try {
    for (const s of results.sizes) {
      const huge = s.label === HUGE.label;
      log(`${s.label} in the browser (${huge ? 1 : opts.runs} run(s), a fresh Chromium each)`);
      s.browser = await browserRuns(app.url, s.path, huge ? 1 : opts.runs, {
        loadTimeoutMs: 15 * 60_000,
      });
      results.chromium = results.chromium ?? s.browser.version;
      results.wasmEngine = results.wasmEngine ?? s.browser.engine;
    }
  } finally {
    await app.close();
  }

  phase('browser', since);

  // Where the time goes.
  since = Date.now();
  if (opts.experiments) {
    const s100 = results.sizes.find((s) => s.label === '100 MB');
    log(`experiments on ${s100.label} (${opts.expRuns} run(s) per config)`);
    const h = await buildAndServeHarness(ROOT);
    try {
      results.experiments = await runExperiments({
        cspUrl: h.url,
        noCspUrl: h.noCspUrl,
        file: s100.path,
        runs: opts.expRuns,
      });
      results.revisit = await revisitExperiment({
        url: h.url,
        file: s100.path,
        runs: opts.expRuns,
      });
      results.progressUnderCsp = await progressUnderCsp(h.url, s100.path);
      log(
        `progress bar under the app's CSP: ${results.progressUnderCsp.ok ? 'works' : results.progressUnderCsp.error}`,
      );
    } finally {
      await h.close();
    }
  }

  if (opts.experiments) phase('experiments', since);
  monitor.stop();
  results.foreignLoad = { whole: monitor.summary(0), ...phases };
  results.machine.loadavgEnd = os.loadavg();
  results.totalSeconds = (performance.now() - started) / 1000;
  writeFileSync(`${OUT}results.json`, JSON.stringify(results, null, 2));
  writeReport(`${ROOT}BENCHMARKS.md`, results);
  log(`done in ${Math.round(results.totalSeconds)} s: BENCHMARKS.md, bench/out/results.json`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
