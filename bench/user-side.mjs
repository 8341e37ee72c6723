#!/usr/bin/env node
/**
 * What a person waits for, measured from their side of the screen (issue 15): the built app in a
 * fresh Chromium each run, every time taken in the page from the moment the file was chosen (or
 * the page was asked for) to the moment the answer showed, next to native DuckDB on the same file
 * in the same run.
 *
 *   node bench/user-side.mjs [--quick] [--runs N]
 *
 * --quick skips the 1 GB file. Expects dist/ built (npm run bench builds it). Raw numbers go to
 * bench/out/user-side.json; the section "From the person's side" of BENCHMARKS.md is rewritten.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createServer } from 'vite';
import { ensureCsv } from './lib/generate.mjs';
import { benchNative } from './lib/native.mjs';
import { openBrowser, startPreview } from './lib/browser.mjs';
import { MARKS_SCRIPT, readMarks, waitForMark } from './lib/page-marks.mjs';
import { nativeProfile } from './lib/native-profile.mjs';
import { writeUserSideSection } from './lib/user-side-report.mjs';
import { AGGREGATE_SQL, HUGE, SIZES } from './lib/workload.mjs';
import { log, median } from './lib/stats.mjs';
import { memoryTouch } from './lib/memory-touch.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const runsArg = argv.indexOf('--runs');
const RUNS = Math.max(3, runsArg >= 0 ? Number(argv[runsArg + 1]) : 3);

/** Cold start (a new profile: nothing cached) and the return visit (the same profile again). */
async function startRun(url) {
  const dir = mkdtempSync(join(tmpdir(), 'sift-start-'));
  const visit = async () => {
    const b = await openBrowser({ profileDir: dir });
    try {
      await b.context.addInitScript(MARKS_SCRIPT);
      const page = b.context.pages()[0] ?? (await b.context.newPage());
      await page.goto(url);
      await waitForMark(page, 'ready', 120_000);
      // Let the browser finish writing its caches, as it would while a person looks at the page.
      await page.waitForTimeout(1_500);
      return (await readMarks(page)).ready;
    } finally {
      await b.close();
    }
  };
  try {
    return { coldMs: await visit(), warmMs: await visit() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The worker's own time for the SQL box's run `run`, read while its result is the one shown. */
const workerMs = (page, run) =>
  page.$eval(`[data-testid="sql-result"][data-run="${run}"]`, (el) =>
    Number(el.getAttribute('data-duration-ms')),
  );

/**
 * A file chosen the moment the page shows, the GROUP BY typed into the SQL box the moment it is
 * usable, again while the profile runs, and again once everything is idle.
 */
async function fileRun(url, file) {
  const b = await openBrowser();
  try {
    await b.context.addInitScript(MARKS_SCRIPT);
    const page = await b.context.newPage();
    await page.goto(url);
    await page.waitForSelector('input[data-testid="file-input"]', { state: 'attached' });
    await page.setInputFiles('input[data-testid="file-input"]', file);
    await page.waitForSelector('[data-testid="sql-input"]', { timeout: 15 * 60_000 });
    await page.fill('[data-testid="sql-input"]', AGGREGATE_SQL);
    await page.click('[data-testid="sql-run"]');
    await waitForMark(page, 'result:1');
    // The same query again, sent while the profile runs (once its first column shows), then
    // once everything is idle: the difference is what it waited for background work.
    await waitForMark(page, 'firstColumn');
    await page.click('[data-testid="sql-run"]');
    await waitForMark(page, 'result:2');
    const duringWorkerMs = await workerMs(page, 2);
    await waitForMark(page, 'profile');
    await page.click('[data-testid="sql-run"]');
    await waitForMark(page, 'result:3');
    const idleWorkerMs = await workerMs(page, 3);
    const m = await readMarks(page);
    const errors = await page.$$eval(
      '[data-testid="sql-error"], [data-testid="load-error"]',
      (els) => els.map((e) => e.textContent?.trim()),
    );
    return {
      readyMs: m.ready,
      summaryMs: m.summary - m.drop,
      // The load alone: from the later of the drop and the engine being ready.
      loadReadyMs: m.summary - Math.max(m.drop, m.ready),
      groupByMs: m['result:1'] - m.drop,
      firstColumnMs: m.firstColumn - m.drop,
      profileMs: m.profile - m.drop,
      // The profile's own work: its window (table summary → profile complete) less the GROUP BYs
      // answered inside it, each counted at what the same query takes on an idle worker (run 3),
      // not at its wait, which was the profile's slice finishing.
      profileOwnMs:
        m.profile -
        m.summary -
        [1, 2].filter((k) => m[`result:${k}`] > m.summary && m[`result:${k}`] < m.profile).length *
          (m['result:3'] - m['run:3']),
      queryDuringProfileMs: m['result:2'] - m['run:2'],
      // The query's own run in the worker (the app's data-duration-ms), for context: the rest
      // of the page-side time is the wait in the worker's queue, the messages and the drawing.
      queryDuringWorkerMs: duringWorkerMs,
      queryIdleWorkerMs: idleWorkerMs,
      // Sent and answered before the profile was complete: it really ran during it.
      profileRunning: m.profile > m['result:2'],
      queryIdleMs: m['result:3'] - m['run:3'],
      errors,
      peakRss: b.peakRss(),
    };
  } finally {
    await b.close();
  }
}

const med = (runs, key) => median(runs.map((r) => r[key]));

async function main() {
  const started = performance.now();
  mkdirSync(OUT, { recursive: true });
  const sizes = quick ? SIZES : [...SIZES, HUGE];
  const loader = await createServer({
    root: ROOT,
    server: { middlewareMode: true, hmr: false, ws: false },
    logLevel: 'warn',
  });
  const results = {
    date: new Date().toISOString(),
    command: `node bench/user-side.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`,
    runs: RUNS,
    machine: {
      nproc: os.availableParallelism(),
      loadavgStart: os.loadavg(),
      memory: memoryTouch(),
    },
    aggregateSql: AGGREGATE_SQL,
    sizes: [],
  };
  try {
    const { profileTable } = await loader.ssrLoadModule('/src/core/sql/profile.ts');
    for (const size of sizes) {
      const f = await ensureCsv(`${OUT}${size.file}`, size.bytes);
      const entry = { label: size.label, fileBytes: f.bytes, rows: f.rows, native: {} };
      const runs = size === HUGE ? 3 : 5;
      for (const threads of [1, os.availableParallelism()]) {
        const n = await benchNative(f.path, { threads, runs, aggregateSql: AGGREGATE_SQL });
        const p = await nativeProfile(profileTable, f.path, {
          threads,
          runs: size === HUGE ? 1 : 3,
        });
        entry.native[threads === 1 ? 't1' : 'tN'] = {
          threads,
          ingestMs: n.ingestMedian,
          aggregateMs: n.aggregateMedian,
          profileMs: p.median,
        };
        log(
          `${size.label} native ${threads} thread(s): load ${Math.round(n.ingestMedian)} ms, group by ${Math.round(n.aggregateMedian)} ms, profile ${Math.round(p.median)} ms`,
        );
      }
      results.sizes.push({ ...entry, path: f.path });
    }
  } finally {
    await loader.close();
  }

  const app = await startPreview(ROOT);
  try {
    const starts = [];
    for (let i = 0; i < RUNS; i++) {
      starts.push(await startRun(app.url));
      log(
        `start run ${i + 1}: cold ${Math.round(starts.at(-1).coldMs)} ms, warm ${Math.round(starts.at(-1).warmMs)} ms`,
      );
    }
    results.start = { runs: starts, coldMs: med(starts, 'coldMs'), warmMs: med(starts, 'warmMs') };
    for (const s of results.sizes) {
      const runs = [];
      const count = s.label === HUGE.label ? Math.min(RUNS, 3) : RUNS;
      for (let i = 0; i < count; i++) {
        const r = await fileRun(app.url, s.path);
        runs.push(r);
        log(
          `${s.label} run ${i + 1}: summary ${Math.round(r.summaryMs)} ms, group by ${Math.round(r.groupByMs)} ms, profile ${Math.round(r.profileMs)} ms, query during profile ${Math.round(r.queryDuringProfileMs)} ms (idle ${Math.round(r.queryIdleMs)} ms)${r.errors.length ? `, errors: ${r.errors.join(' | ')}` : ''}`,
        );
      }
      const during = runs.filter((r) => r.profileRunning);
      s.browser = {
        runs,
        summaryMs: med(runs, 'summaryMs'),
        loadReadyMs: med(runs, 'loadReadyMs'),
        readyMs: med(runs, 'readyMs'),
        groupByMs: med(runs, 'groupByMs'),
        firstColumnMs: med(runs, 'firstColumnMs'),
        profileMs: med(runs, 'profileMs'),
        profileOwnMs: med(runs, 'profileOwnMs'),
        queryIdleMs: med(runs, 'queryIdleMs'),
        queryDuringProfileMs: during.length ? med(during, 'queryDuringProfileMs') : null,
        duringProfileRuns: during.length,
        queryDuringWorkerMs: during.length ? med(during, 'queryDuringWorkerMs') : null,
        queryIdleWorkerMs: med(runs, 'queryIdleWorkerMs'),
        // What the query waited for, outside its own run: its time beyond its run in the
        // worker, during the profile against idle.
        waitMs: during.length
          ? median(
              during.map(
                (r) =>
                  r.queryDuringProfileMs -
                  r.queryDuringWorkerMs -
                  (r.queryIdleMs - r.queryIdleWorkerMs),
              ),
            )
          : null,
        peakRss: Math.max(...runs.map((r) => r.peakRss ?? 0)),
      };
    }
  } finally {
    await app.close();
  }
  results.totalSeconds = (performance.now() - started) / 1000;
  results.machine.loadavgEnd = os.loadavg();
  writeFileSync(`${OUT}user-side.json`, JSON.stringify(results, null, 2));
  writeUserSideSection(`${ROOT}BENCHMARKS.md`, results);
  log(`done in ${Math.round(results.totalSeconds)} s: BENCHMARKS.md, bench/out/user-side.json`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
