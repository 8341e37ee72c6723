#!/usr/bin/env node
/**
 * Reopening a stored session, the last part of `npm run bench`, or alone:
 *
 *   node bench/reopen.mjs [--runs N] [--size 1GB]
 *
 * Per run, in a fresh Chromium with a fresh on-disk profile (so storage starts empty): the app
 * loads the 100 MB CSV through its file input (fresh), waits until the session holds the file in
 * IndexedDB, then reloads the page, which reopens the session and reads the stored file back into
 * DuckDB (reopen). Then, on a blank page of another local origin, the same File is written to
 * IndexedDB (one put) and to OPFS and read back from each. Medians of the runs. Expects dist/ to be
 * built (the npm script runs `vite build` first). Raw numbers go to bench/out/reopen.json; the
 * section of BENCHMARKS.md between its markers is replaced (or appended, as bench/run.mjs rewrites
 * the whole file first).
 *
 * With `--size 1GB` the 1 GB CSV instead, which the app keeps in a database file in OPFS (past a
 * quarter of DuckDB's memory limit): the reload reopens that file rather than reading the CSV
 * again (issue 30). No storage comparison then; its own section (reopen-1gb-bench) and
 * bench/out/reopen-1GB.json.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ensureCsv } from './lib/generate.mjs';
import { cpuDelta, openBrowser, runSql, startPreview } from './lib/browser.mjs';
import { HUGE, SIZES } from './lib/workload.mjs';
import { fmtMs, fmtRatio, log, median } from './lib/stats.mjs';
import { writeReopenLargeSection, writeReopenSection } from './lib/reopen-report.mjs';
import { scratchServer, storageRun } from './lib/storage-compare.mjs';
import { CpuMonitor } from './lib/cpu-monitor.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const REPORT = `${ROOT}BENCHMARKS.md`;
const COUNT_SQL = 'SELECT count(*) AS n FROM data';
const TIMEOUT = 5 * 60_000;
/** A person takes a while to choose the file; the engine's warm-up at boot runs meanwhile. */
const PICK_MS = 3000;

const argv = process.argv.slice(2);
const i = argv.indexOf('--runs');
const large = argv.includes('--size') && argv[argv.indexOf('--size') + 1] === '1GB';
const SIZE = large ? HUGE : SIZES.find((s) => s.label === '100 MB');
const runs = i >= 0 ? Math.max(1, Number(argv[i + 1])) : large ? 3 : 5;

/**
 * Runs in every document of the app (an init script): the epoch time (ms) at which each state was
 * first seen, from a MutationObserver, so the times do not depend on how often the bench polls.
 */
function watchPage(fileBytes) {
  const marks = (window.__reopenMarks = {});
  const $ = (s) => document.querySelector(s);
  const checks = {
    ready: () => $('.engine[data-state="ready"]'),
    sessions: () => $('main[data-sessions-started="true"]'),
    table: () => $('[data-testid="table-summary"][data-table="data"]'),
    error: () => $('[data-testid="load-error"]'),
    profile: () =>
      $('[data-testid="profile-table"][data-table="data"][data-complete]') ||
      $('.alert')?.textContent?.includes('profile could not'),
    stored: () => Number($('[data-testid="storage-usage"]')?.dataset.bytes) >= fileBytes,
    notice: () => $('[data-testid="session-notice"]'),
  };
  const seen = () => {
    for (const [name, check] of Object.entries(checks))
      if (!(name in marks) && check()) marks[name] = performance.timeOrigin + performance.now();
  };
  const opts = { subtree: true, childList: true, attributes: true, characterData: true };
  new MutationObserver(seen).observe(document, opts);
}

const epoch = () => performance.timeOrigin + performance.now();

/** Waits until the page has seen all of `names` (or a load error, or a crash); their marks. */
async function marks(page, names) {
  const crashed = new Promise((_, reject) =>
    page.once('crash', () => reject(new Error('the renderer crashed'))),
  );
  crashed.catch(() => {}); // handled by the race below; a later crash must not go unhandled
  const seen = page.waitForFunction(
    (names) => {
      const m = window.__reopenMarks;
      return m && (m.error || names.every((n) => n in m)) ? m : null;
    },
    names,
    { timeout: TIMEOUT, polling: 'raf' },
  );
  const m = await Promise.race([seen, crashed])
    .then((h) => h.jsonValue())
    .catch(async (e) => {
      throw new Error(
        `waiting for ${names.join(', ')}: ${e.message.split('\n')[0]}; ${await state(page)}`,
      );
    });
  if (m.error)
    throw new Error(
      `load failed: ${(await page.textContent('[data-testid="load-error"]'))?.trim()}`,
    );
  return m;
}

/** What the page shows about its session and storage, for an error message. */
const state = (page) =>
  page
    .evaluate(() => {
      const $ = (s) => document.querySelector(s);
      const text = (s) => $(s)?.textContent?.trim() ?? 'none';
      return `seen: ${JSON.stringify(window.__reopenMarks)}; session ${$('main')?.dataset.session || 'none'}, storage-usage ${$('[data-testid="storage-usage"]')?.dataset.bytes} bytes, problem: ${text('[data-testid="storage-problem"]')}, notice: ${text('[data-testid="session-notice"]')}`;
    })
    .catch((e) => `(page state unavailable: ${e.message})`);

/** The `data` table as its summary shows it. */
const table = (page) =>
  page.$eval('[data-testid="table-summary"][data-table="data"]', (el) => ({
    rows: Number(el.dataset.rows),
    loadMs: Number(el.dataset.loadMs),
  }));

/**
 * From `t0` (file chosen, or reload): table summary, count(*) answered, profile finished; and the
 * CPU time of V8's background threads (wasm compilation) from `cpu0` to the summary.
 */
async function untilQueryable(page, t0, rows, cpu, cpu0) {
  const m1 = await marks(page, ['table']);
  const compileCpuMs = cpuDelta(cpu0, cpu()).backgroundMs;
  const t = await table(page);
  if (t.rows !== rows) throw new Error(`the table has ${t.rows} rows, not ${rows}`);
  const r = await runSql({ page }, COUNT_SQL, { timeoutMs: TIMEOUT });
  const queryableMs = epoch() - t0;
  const n = r.ok ? Number(String(r.cells?.[0]?.[0]).replace(/\D/g, '')) : NaN;
  if (n !== rows) throw new Error(`count(*) answered ${r.ok ? n : r.message}, expected ${rows}`);
  const m = await marks(page, ['profile']);
  const profileMs = m.profile - t0;
  return { summaryMs: m1.table - t0, queryableMs, profileMs, loadMs: t.loadMs, compileCpuMs };
}

/**
 * The 1 GB session opened again from the session list, as a person switching back to it: a blank
 * page first ("New session", which keeps the session's database file), then its item clicked.
 * Also what the list says the session takes (its stored CSV and its database file).
 */
async function openFromList(page, hash, file, cpu) {
  const item = `[data-testid="session-item"][data-session-id="${decodeURIComponent(hash.slice('#session='.length))}"]`;
  const bytes = Number(
    await page.getAttribute(`${item} [data-testid="session-bytes"]`, 'data-bytes'),
  );
  await page.click('[data-testid="new-session"]');
  await page.waitForSelector('[data-testid="table-summary"]', {
    state: 'detached',
    timeout: TIMEOUT,
  });
  await page.evaluate(() => {
    for (const k of ['table', 'profile', 'notice']) delete window.__reopenMarks[k];
  });
  // A person takes a moment to find the session in the list, as to choose a file.
  await page.waitForTimeout(PICK_MS);
  const cpu0 = cpu();
  const t0 = epoch();
  await page.click(`${item} button.open`);
  return { ...(await untilQueryable(page, t0, file.rows, cpu, cpu0)), sessionBytes: bytes };
}

/**
 * A second tab opened on the 1 GB session while the first still writes it (the address the
 * person would copy): it follows, and asks the writer's DuckDB for the tables, the count and the
 * profile (state/tab-engine.svelte.ts). Before, it read the stored CSV into a DuckDB of its own:
 * the fresh load's time again, and a second copy of the tables.
 */
async function secondTab(page, file, cpu) {
  const second = await page.context().newPage();
  try {
    await second.addInitScript(watchPage, file.bytes);
    const cpu0 = cpu();
    const t0 = epoch();
    await second.goto(page.url());
    const r = await untilQueryable(second, t0, file.rows, cpu, cpu0);
    return {
      ...r,
      role: await second.getAttribute('main', 'data-session-role'),
      tablesIn: await second.getAttribute('main', 'data-tables-in'),
    };
  } finally {
    await second.close();
  }
}

/** Fresh load and storing, then reload → reopened and queryable: one browser, one profile. */
async function appRun(page, url, file, cpu) {
  await page.addInitScript(watchPage, file.bytes);
  const b0 = epoch();
  await page.goto(url);
  const boot = await marks(page, ['ready', 'sessions']);
  await page.waitForTimeout(PICK_MS);

  let cpu0 = cpu();
  const t0 = epoch();
  await page.setInputFiles('input[data-testid="file-input"]', file.path);
  const fresh = await untilQueryable(page, t0, file.rows, cpu, cpu0);
  const { stored } = await marks(page, ['stored']);
  const hash = new URL(page.url()).hash;
  if (!hash.startsWith('#session=')) throw new Error(`no #session= in ${page.url()}`);

  cpu0 = cpu();
  const r0 = epoch();
  await page.reload({ waitUntil: 'commit' });
  const reopen = await untilQueryable(page, r0, file.rows, cpu, cpu0);
  const again = await marks(page, ['ready', 'sessions']);
  const notice = await page.textContent('[data-testid="session-notice"]').catch(() => null);
  const fromList = large ? await openFromList(page, hash, file, cpu) : null;
  const follower = large ? await secondTab(page, file, cpu) : null;
  return {
    fresh: { ...fresh, bootMs: boot.ready - b0, storedMs: stored - t0 },
    reopen: {
      ...reopen,
      bootMs: again.ready - r0,
      sessionsMs: again.sessions - r0,
      notice: again.notice ? notice?.trim() : null,
    },
    ...(fromList ? { fromList } : {}),
    ...(follower ? { follower } : {}),
    sameSession: new URL(page.url()).hash === hash,
    role: await page.getAttribute('main', 'data-session-role'),
    chromium: await page.evaluate(
      async () =>
        (await navigator.userAgentData?.getHighEntropyValues(['uaFullVersion']))?.uaFullVersion,
    ),
  };
}

async function oneRun(appUrl, scratchUrl, file, k) {
  const dir = mkdtempSync(join(os.tmpdir(), 'sift-reopen-'));
  const b = await openBrowser({ profileDir: dir });
  const errors = [];
  try {
    const page = b.context.pages()[0] ?? (await b.context.newPage());
    page.on('pageerror', (e) => errors.push(e.message));
    const app = await appRun(page, appUrl, file, b.cpu);
    if (large) return { ...app, pageErrors: errors.slice(0, 3) };
    await page.goto('about:blank');
    const storage = await storageRun(
      page,
      scratchUrl,
      file,
      k % 2 ? ['opfs', 'idb'] : ['idb', 'opfs'],
    );
    for (const s of Object.values(storage))
      if (s.bytes !== file.bytes) throw new Error(`read back ${s.bytes} bytes, not ${file.bytes}`);
    return { ...app, storage, pageErrors: errors.slice(0, 3) };
  } finally {
    await b.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const started = performance.now();
  const monitor = new CpuMonitor();
  if (!existsSync(`${ROOT}/dist/index.html`))
    throw new Error('dist/ is missing: run `npx vite build` (npm run bench does).');
  mkdirSync(OUT, { recursive: true });
  const loadavgStart = os.loadavg();
  const f = await ensureCsv(`${OUT}${SIZE.file}`, SIZE.bytes);
  const file = { name: SIZE.file, path: f.path, bytes: f.bytes, rows: f.rows };
  log(
    `reopen: ${f.path} (${f.bytes} bytes, ${f.rows} rows), ${runs} run(s), a fresh Chromium each`,
  );
  const app = await startPreview(ROOT, { outDir: 'bench/out/reopen-dist' });
  if (large) {
    try {
      await largeRuns(app.url, file, started, monitor, loadavgStart);
    } finally {
      await app.close();
    }
    return;
  }
  const scratch = await scratchServer();
  const all = [];
  try {
    for (let k = 0; k < runs; k++) {
      const r = await oneRun(app.url, scratch.url, file, k);
      all.push(r);
      const s = r.storage;
      log(
        `  run ${k + 1}/${runs}: fresh summary ${fmtMs(r.fresh.summaryMs)} (load ${fmtMs(r.fresh.loadMs)}), count ${fmtMs(r.fresh.queryableMs)}; ` +
          `reopen ready ${fmtMs(r.reopen.bootMs)}, summary ${fmtMs(r.reopen.summaryMs)} (load ${fmtMs(r.reopen.loadMs)}), count ${fmtMs(r.reopen.queryableMs)}; ` +
          `write IDB ${fmtMs(s.idb.writeMs)} OPFS ${fmtMs(s.opfs.writeMs)}, read IDB ${fmtMs(s.idb.readMs)} OPFS ${fmtMs(s.opfs.readMs)}`,
      );
    }
  } finally {
    scratch.close();
    await app.close();
  }
  const results = resultsOf(all, file, { started, monitor, loadavgStart });
  writeFileSync(`${OUT}reopen.json`, JSON.stringify(results, null, 2));
  writeReopenSection(REPORT, results);
  const m = (pick) => median(all.map(pick));
  const r = (k, a, b) =>
    fmtRatio(
      m((x) => a(x)[k]),
      m((x) => b(x)[k]),
    );
  const [re, fr] = [(x) => x.reopen, (x) => x.fresh];
  const [op, idb] = [(x) => x.storage.opfs, (x) => x.storage.idb];
  log(
    `reopen / fresh: until summary ${r('summaryMs', re, fr)}, engine load ${r('loadMs', re, fr)}; ` +
      `OPFS / IndexedDB: write ${r('writeMs', op, idb)}, read ${r('readMs', op, idb)}`,
  );
  log(
    `done in ${(results.totalMs / 1000).toFixed(1)} s: BENCHMARKS.md (reopen section), bench/out/reopen.json`,
  );
}

/** What a run of this bench records (bench/out/reopen*.json); stops the CPU monitor. */
function resultsOf(runs, file, { started, monitor, loadavgStart }) {
  const results = {
    date: new Date().toISOString(),
    command: `node bench/reopen.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`,
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cpuCount: os.cpus().length,
      node: process.version,
      loadavgStart,
      loadavgEnd: os.loadavg(),
      foreignLoad: monitor.summary(0),
    },
    chromium: runs[0]?.chromium ?? null,
    file,
    pickMs: PICK_MS,
    runs,
    totalMs: performance.now() - started,
  };
  monitor.stop();
  return results;
}

/** The 1 GB runs: reopening from the database file, nothing else. */
async function largeRuns(url, file, started, monitor, loadavgStart) {
  const all = [];
  for (let k = 0; k < runs; k++) {
    const r = await oneRun(url, null, file, k);
    all.push(r);
    log(
      `  run ${k + 1}/${runs}: fresh summary ${fmtMs(r.fresh.summaryMs)} (load ${fmtMs(r.fresh.loadMs)}), count ${fmtMs(r.fresh.queryableMs)}; ` +
        `reopen ready ${fmtMs(r.reopen.bootMs)}, restore ${fmtMs(r.reopen.sessionsMs)}, summary ${fmtMs(r.reopen.summaryMs)}, count ${fmtMs(r.reopen.queryableMs)}` +
        `; from the list: summary ${fmtMs(r.fromList.summaryMs)}, count ${fmtMs(r.fromList.queryableMs)}` +
        `; second tab (${r.follower.role}, tables in ${r.follower.tablesIn}): summary ${fmtMs(r.follower.summaryMs)}, count ${fmtMs(r.follower.queryableMs)}, profile ${fmtMs(r.follower.profileMs)}` +
        (r.reopen.notice ? `; notice: ${r.reopen.notice}` : ''),
    );
  }
  const results = resultsOf(all, file, { started, monitor, loadavgStart });
  writeFileSync(`${OUT}reopen-1GB.json`, JSON.stringify(results, null, 2));
  writeReopenLargeSection(REPORT, results);
  log(`done in ${(results.totalMs / 1000).toFixed(1)} s: BENCHMARKS.md (reopen-1gb section)`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
