/**
 * The browser side: the built app (dist/) behind Vite's preview server (same headers and CSP as
 * `npm start`), driven by playwright-core on Debian Chromium. One fresh browser per measured run,
 * so each renderer's peak RSS (VmHWM) belongs to that run alone.
 */
import { chromium } from 'playwright-core';
import { cpSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { chromiumOptions } from '../../scripts/chromium.mjs';

/**
 * Serves a snapshot of dist/ (copied to `outDir`, bench/out/app-dist unless told, so a rebuild during
 * the run cannot pull files from under the page) with the app's vite.config (its preview headers,
 * CSP included).
 */
export async function startPreview(root, { outDir = 'bench/out/app-dist' } = {}) {
  const { preview } = await import('vite');
  rmSync(`${root}/${outDir}`, { recursive: true, force: true });
  cpSync(`${root}/dist`, `${root}/${outDir}`, { recursive: true });
  const server = await preview({ root, build: { outDir }, preview: { port: 0 }, logLevel: 'warn' });
  const url = server.resolvedUrls.local[0];
  const res = await fetch(url);
  if (!res.headers.get('content-security-policy'))
    throw new Error('The preview server sent no CSP header.');
  return { url, csp: res.headers.get('content-security-policy'), close: () => server.close() };
}

// ---- process memory -------------------------------------------------------------------------

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

function descendsFrom(pid, root) {
  for (let p = pid, hops = 0; p > 1 && hops < 20; p = parentOf(p), hops++)
    if (p === root) return true;
  return false;
}

function statusKb(pid, field) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'),
    );
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The renderer processes (`--type=renderer`) under the browser process `root`. */
export function rendererPids(root) {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    let cmd;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmd.includes('--type=renderer') && descendsFrom(pid, root)) out.push(pid);
  }
  return out;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * CPU time (ms) of every renderer thread under `root`, keyed by "pid/tid", with the thread's name:
 * "DedicatedWorker" threads run our worker and DuckDB's, "ThreadPoolForeg" threads run V8's
 * background (wasm tier-up) compilation.
 */
export function threadCpu(root) {
  const out = new Map();
  for (const pid of rendererPids(root)) {
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        out.set(`${pid}/${tid}`, { name, ms: (Number(f[11]) + Number(f[12])) * TICK_MS });
      } catch {
        // the thread ended
      }
    }
  }
  return out;
}

/** CPU spent between two threadCpu() snapshots: the busiest worker thread, V8 background, all. */
export function cpuDelta(before, after) {
  let worker = 0;
  let background = 0;
  let total = 0;
  for (const [key, t] of after) {
    const d = t.ms - (before.get(key)?.ms ?? 0);
    total += d;
    if (t.name.startsWith('DedicatedWorker')) worker = Math.max(worker, d);
    else if (t.name.startsWith('ThreadPool')) background += d;
  }
  return { workerMs: worker, backgroundMs: background, totalMs: total };
}

/** Samples renderer RSS / VmHWM every `everyMs` so a peak survives a renderer that dies. */
class MemoryWatch {
  constructor(root, everyMs = 200) {
    this.root = root;
    this.peak = 0;
    this.timer = setInterval(() => this.sample(), everyMs);
  }
  sample() {
    for (const pid of rendererPids(this.root)) {
      const v = Math.max(statusKb(pid, 'VmHWM') ?? 0, statusKb(pid, 'VmRSS') ?? 0);
      if (v > this.peak) this.peak = v;
    }
    return this.peak;
  }
  stop() {
    clearInterval(this.timer);
    return this.sample();
  }
}

// ---- one browser session ---------------------------------------------------------------------

/**
 * A fresh Chromium, a context, and a renderer-memory watch. Launched locally (not launchServer +
 * connect: a "remote" browser makes setInputFiles stream the whole file over the protocol), so
 * Chromium is a child of this Node process and its renderers are found under process.pid. Only one
 * bench browser runs at a time, so they are this run's.
 */
export async function openBrowser({ profileDir = null } = {}) {
  const root = process.pid;
  const memory = new MemoryWatch(root);
  const options = chromiumOptions();
  const viewport = { width: 1280, height: 900 };
  // A persistent profile (disk HTTP cache, V8's wasm code cache) when one is asked for.
  const context = profileDir
    ? await chromium.launchPersistentContext(profileDir, { ...options, viewport })
    : await (await chromium.launch(options)).newContext({ viewport });
  const browser = context.browser();
  return {
    browser,
    context,
    version: browser?.version() ?? null,
    peakRss: () => memory.sample(),
    cpu: () => threadCpu(root),
    async close() {
      const peak = memory.stop();
      await (profileDir ? context.close() : browser.close()).catch(() => {});
      return peak;
    },
  };
}

/** The app, opened in a fresh browser, with its data engine ready. */
export async function openSession(url, { timeoutMs = 120_000 } = {}) {
  const b = await openBrowser();
  const page = await b.context.newPage();
  const errors = [];
  let crashed = false;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('crash', () => {
    crashed = true;
  });
  const t0 = performance.now();
  await page.goto(url);
  await page.waitForSelector('.engine[data-state="ready"]', { timeout: timeoutMs });
  const startupMs = performance.now() - t0;
  return {
    page,
    version: b.version,
    startupMs,
    errors,
    get crashed() {
      return crashed;
    },
    peakRss: b.peakRss,
    cpu: b.cpu,
    close: b.close,
  };
}

/**
 * Loads `file` through the file input. Resolves { ok, loadMs (worker), pageMs (input → summary),
 * rows, cols } or { ok: false, message }.
 */
export async function loadFile(session, file, { timeoutMs = 15 * 60_000 } = {}) {
  const { page } = session;
  const t0 = performance.now();
  await page.setInputFiles('input[data-testid="file-input"]', file);
  const done = await Promise.race([
    page.waitForSelector('[data-testid="table-summary"]', { timeout: timeoutMs }).then(() => 'ok'),
    page.waitForSelector('[data-testid="load-error"]', { timeout: timeoutMs }).then(() => 'error'),
    new Promise((resolve) => page.once('crash', () => resolve('crash'))),
  ]);
  const pageMs = performance.now() - t0;
  if (done === 'crash') return { ok: false, message: 'The renderer crashed (tab died).', pageMs };
  if (done === 'error') {
    return {
      ok: false,
      message: (await page.textContent('[data-testid="load-error"]'))?.trim(),
      pageMs,
    };
  }
  const s = await page.$eval('[data-testid="table-summary"]', (el) => ({ ...el.dataset }));
  return {
    ok: true,
    table: s.table,
    rows: Number(s.rows),
    cols: Number(s.cols),
    loadMs: Number(s.loadMs),
    pageMs,
  };
}

/** Waits for the automatic profile to finish (or fail), so it does not share the worker. */
export async function waitForProfile(session, timeoutMs = 10 * 60_000) {
  const t0 = performance.now();
  await session.page.waitForFunction(
    () =>
      document.querySelector('[data-testid="profile-table"][data-complete]') ||
      document.querySelector('.alert')?.textContent?.includes('profile could not'),
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
  return performance.now() - t0;
}

/**
 * Runs `text` through the SQL box. pageMs is measured in the page, from the click to the DOM
 * showing the finished result; workerMs is the app's own data-duration-ms.
 */
export async function runSql(session, text, { timeoutMs = 10 * 60_000 } = {}) {
  const { page } = session;
  // The SQL editor replaces the plain box once its code has loaded (adapters/sql-editor.ts).
  await page.waitForSelector('[data-testid="sql-editor"]:not([data-editor="loading"])', {
    state: 'attached',
  });
  await page.fill('[data-testid="sql-input"]', text);
  const r = await page.evaluate(
    (limit) =>
      new Promise((resolve) => {
        const root = document.querySelector('section.sql') ?? document.body;
        const run = document.querySelector('[data-testid="sql-run"]');
        let seenRunning = false;
        const t0 = performance.now();
        const finish = () => {
          const busy = document.querySelector('[data-testid="sql-cancel"]');
          if (busy) {
            seenRunning = true;
            return false;
          }
          if (!seenRunning) return false;
          const pageMs = performance.now() - t0;
          observer.disconnect();
          clearTimeout(timer);
          const res = document.querySelector('[data-testid="sql-result"]');
          const err = document.querySelector('[data-testid="sql-error"]');
          if (res) {
            const cells = [...res.querySelectorAll('tbody tr')].map((tr) =>
              [...tr.querySelectorAll('td')].map((td) => td.textContent),
            );
            resolve({
              ok: true,
              pageMs,
              workerMs: Number(res.dataset.durationMs),
              rows: Number(res.dataset.rows),
              cells,
            });
          } else resolve({ ok: false, pageMs, message: err?.textContent?.trim() ?? 'no result' });
          return true;
        };
        const observer = new MutationObserver(() => finish());
        observer.observe(root, { childList: true, subtree: true, attributes: true });
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve({ ok: false, message: 'timed out' });
        }, limit);
        run.click();
        finish();
      }),
    timeoutMs,
  );
  return r;
}

/** A fresh session at 1280×800 with `file` loaded and its profile done: the person's first view. */
export async function openProfiled(url, file) {
  const session = await openSession(url);
  try {
    const loaded = await loadFile(session, file);
    if (!loaded.ok) throw new Error(loaded.message);
    await session.page.setViewportSize({ width: 1280, height: 800 });
    await session.page.waitForSelector('[data-testid="profile-table"][data-complete]', {
      timeout: 600_000,
    });
    return { session, loaded };
  } catch (e) {
    await session.close();
    throw e;
  }
}
