/**
 * "Where the time goes": the knobs the app fixes, varied one at a time on the bench harness
 * (bench/harness: the app's DuckDB-WASM bundles and load sequence, without the UI), each config
 * in a fresh browser per run, median of `runs`, the configs taking turns.
 *
 * Per run: boot → register the file → the app's load sequence into `data` (cold: the first heavy
 * statements of this engine) → the same sequence again into `data2` (warm) → the GROUP BY ×5.
 */
import { openHarness } from './harness.mjs';
import { cpuDelta, openBrowser } from './browser.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGGREGATE_SQL } from './workload.mjs';
import { log, median } from './stats.mjs';

export const CONFIGS = [
  {
    id: 'app',
    label:
      "Baseline: the app's load sequence in a fresh engine, file handle, send() polled every 25 ms, no progress bar",
    boot: { pollingInterval: 25 },
  },
  { id: 'poll100', label: 'queryPollingInterval 100 ms', boot: { pollingInterval: 100 } },
  { id: 'poll1000', label: 'queryPollingInterval 1000 ms', boot: { pollingInterval: 1000 } },
  { id: 'query', label: 'conn.query() (one blocking call, no polling)', boot: { via: 'query' } },
  {
    id: 'handleBuffered',
    label: 'registerFileHandle without direct IO (DuckDB-WASM page cache)',
    boot: { pollingInterval: 25 },
    register: 'handle-buffered',
    runs: 1,
  },
  {
    id: 'buffer',
    label: 'registerFileBuffer (file copied into wasm memory) instead of a handle',
    boot: { pollingInterval: 25 },
    register: 'buffer',
  },
  {
    id: 'sniffOnce',
    label: "CREATE from sniff_csv's Prompt (auto_detect=false: one sniff, not two)",
    boot: { pollingInterval: 25 },
    sniffOnce: true,
  },
  {
    id: 'plain',
    label: 'Plain CREATE TABLE AS SELECT * FROM read_csv(file) (what native runs)',
    boot: { pollingInterval: 25 },
    plain: true,
  },
  {
    id: 'idle',
    label: 'Control for warm-up: 3 s idle after boot, then load',
    boot: { pollingInterval: 25 },
    idleMs: 3000,
  },
  {
    id: 'warmup',
    label: 'Warm-up at boot (20k-row synthetic CSV read + aggregated), 3 s idle, then load',
    boot: { pollingInterval: 25 },
    warmUp: true,
    idleMs: 3000,
  },
  {
    id: 'progressOff',
    label: 'No CSP, progress bar off',
    boot: { pollingInterval: 25 },
    noCsp: true,
  },
  {
    id: 'progressOn',
    label: 'No CSP, progress bar on (progress_bar_time 200, as lockdown.ts first had it)',
    boot: { pollingInterval: 25, progressBar: true },
    noCsp: true,
  },
];

async function oneRun(url, file, cfg) {
  const h = await openHarness(url, file);
  try {
    const boot = await h.call('boot', cfg.boot);
    const out = { bootMs: boot.bootMs, version: boot.version };
    if (cfg.warmUp) Object.assign(out, await h.call('warmUp'));
    if (cfg.idleMs) await h.call('sleep', cfg.idleMs);
    const mode = cfg.register ?? 'handle';
    const reg = await h.call('register', mode, 'uploads/1-bench.csv', { stats: mode !== 'buffer' });
    out.registerMs = reg.registerMs;
    out.readMs = reg.readMs;
    const cpu0 = h.cpu();
    if (cfg.plain) {
      const sql = "CREATE TABLE data AS SELECT * FROM read_csv('uploads/1-bench.csv')";
      out.cold = { totalMs: (await h.call('run', sql)).ms, cpu: cpuDelta(cpu0, h.cpu()) };
      out.cold.bytesRead = (await h.call('fileStats', reg.path)).totalFileReadsCold;
      out.warm = { totalMs: (await h.call('run', sql.replace('data', 'data2'))).ms };
    } else {
      out.cold = await h.call('appLoad', reg.path, 'data', {
        sniffOnce: !!cfg.sniffOnce,
        stepBytes: mode !== 'buffer',
      });
      out.cold.cpu = cpuDelta(cpu0, h.cpu());
      if (mode !== 'buffer')
        out.cold.bytesRead = (await h.call('fileStats', reg.path)).totalFileReadsCold;
      out.warm = await h.call('appLoad', reg.path, 'data2', { sniffOnce: !!cfg.sniffOnce });
    }
    const agg = [];
    for (let i = 0; i < 5; i++) agg.push((await h.call('run', AGGREGATE_SQL)).ms);
    out.aggregateMs = median(agg);
    out.peakRss = h.peakRss();
    return out;
  } catch (e) {
    return { error: (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 300) };
  } finally {
    await h.close();
  }
}

const STEP_KEYS = ['sniffMs', 'headerMs', 'createMs', 'countMs', 'totalMs'];

/** { [id]: { label, runs, cold: {step medians}, warm: {...}, aggregateMs, peakRss, error? } } */
export async function runExperiments({ cspUrl, noCspUrl, file, runs = 3, only = null }) {
  const configs = CONFIGS.filter((cfg) => !only || only.includes(cfg.id));
  const all = Object.fromEntries(configs.map((cfg) => [cfg.id, []]));
  // Round robin (run 1 of every config, then run 2, …) so that a slow spell on a shared machine
  // lands on every config alike instead of on whichever happened to be running.
  for (let i = 0; i < runs; i++) {
    for (const cfg of configs) {
      const done = all[cfg.id];
      if (i >= (cfg.runs ?? runs) || done.some((r) => r.error)) continue;
      done.push(await oneRun(cfg.noCsp ? noCspUrl : cspUrl, file, cfg));
    }
    log(`experiments: round ${i + 1}/${runs} done`);
  }
  const results = {};
  for (const cfg of configs) {
    const runsOf = all[cfg.id];
    const ok = runsOf.filter((r) => !r.error);
    const pick = (phase) =>
      Object.fromEntries(STEP_KEYS.map((k) => [k, median(ok.map((r) => r[phase]?.[k]))]));
    results[cfg.id] = {
      label: cfg.label,
      runs: runsOf,
      error: runsOf.find((r) => r.error)?.error ?? null,
      cold: {
        ...pick('cold'),
        workerCpuMs: median(ok.map((r) => r.cold?.cpu?.workerMs)),
        backgroundCpuMs: median(ok.map((r) => r.cold?.cpu?.backgroundMs)),
        bytesRead: median(ok.map((r) => r.cold?.bytesRead)),
        sniffBytes: median(ok.map((r) => r.cold?.sniffBytes)),
        headerBytes: median(ok.map((r) => r.cold?.headerBytes)),
        createBytes: median(ok.map((r) => r.cold?.createBytes)),
      },
      warm: pick('warm'),
      aggregateMs: median(ok.map((r) => r.aggregateMs)),
      registerMs: median(ok.map((r) => r.registerMs)),
      readMs: median(ok.map((r) => r.readMs)),
      warmUpMs: median(ok.map((r) => r.warmUpMs)),
      bootMs: median(ok.map((r) => r.bootMs)),
      peakRss: Math.max(0, ...ok.map((r) => r.peakRss ?? 0)),
    };
    const x = results[cfg.id];
    log(
      `experiment ${cfg.id}: cold ${Math.round(x.cold.totalMs ?? NaN)} ms, warm ${Math.round(x.warm.totalMs ?? NaN)} ms, aggregate ${Math.round(x.aggregateMs ?? NaN)} ms${x.error ? `, error: ${x.error}` : ''}`,
    );
  }
  return results;
}

/** Does the progress bar survive the app's CSP? (It did not in duckdb-wasm 1.32: EvalError.) */
export async function progressUnderCsp(cspUrl, file) {
  const r = await oneRun(cspUrl, file, { boot: { pollingInterval: 25, progressBar: true } });
  return r.error ? { ok: false, error: r.error } : { ok: true, ms: r.cold.totalMs };
}

/**
 * A returning visitor: one persistent Chromium profile (disk HTTP cache, so V8 may cache compiled
 * wasm), `visits` page loads in a row, each booting the engine and running the app's load sequence
 * once (cold for that engine). Does a later visit start with DuckDB's code already optimised?
 */
export async function revisitExperiment({ url, file, runs = 3, visits = 3 }) {
  const perVisit = Array.from({ length: visits }, () => []);
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'sift-bench-profile-'));
    const b = await openBrowser({ profileDir: dir });
    try {
      for (let v = 0; v < visits; v++) {
        const h = await openHarness(url, file, { browser: b });
        try {
          const boot = await h.call('boot', { pollingInterval: 25 });
          const reg = await h.call('register', 'handle', 'uploads/1-bench.csv');
          const cpu0 = h.cpu();
          const load = await h.call('appLoad', reg.path, 'data');
          perVisit[v].push({ bootMs: boot.bootMs, ...load, cpu: cpuDelta(cpu0, h.cpu()) });
        } finally {
          await h.close();
        }
      }
    } finally {
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const result = perVisit.map((all, v) => ({
    visit: v + 1,
    bootMs: median(all.map((r) => r.bootMs)),
    totalMs: median(all.map((r) => r.totalMs)),
    sniffMs: median(all.map((r) => r.sniffMs)),
    backgroundCpuMs: median(all.map((r) => r.cpu.backgroundMs)),
    workerCpuMs: median(all.map((r) => r.cpu.workerMs)),
  }));
  log(
    `experiment revisit: ${result.map((r) => `visit ${r.visit} ${Math.round(r.totalMs)} ms`).join(', ')}`,
  );
  return result;
}
