/**
 * A bare DuckDB-WASM page for the "Where the time goes" experiments: the same bundles as the app
 * (Vite `?url` imports of duckdb-wasm 1.32), served with the app's headers, with the knobs the app
 * fixes (polling interval, progress bar, file handle vs buffer, send vs query) left open.
 * It runs the app's own load sequence (head slice, sniff_csv, header row, CREATE, count) step by
 * step so each step can be timed. Exposed as `window.harness` for page.evaluate().
 */
import { AsyncDuckDB, DuckDBDataProtocol, selectBundle, VoidLogger } from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import coiWasm from '@duckdb/duckdb-wasm/dist/duckdb-coi.wasm?url';
import coiWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-coi.worker.js?url';
import coiPthread from '@duckdb/duckdb-wasm/dist/duckdb-browser-coi.pthread.worker.js?url';

const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
const qi = (s) => `"${String(s).replaceAll('"', '""')}"`;

let db = null;
let conn = null;
let worker = null;
let via = 'send';
let progressEvents = 0;

function plain(v) {
  if (typeof v === 'bigint') return Number(v);
  if (v && typeof v === 'object' && 'toArray' in v) return Array.from(v.toArray(), plain);
  return v;
}

function rowsOf(batches) {
  const rows = [];
  for (const batch of batches) {
    const names = batch.schema.fields.map((f) => f.name);
    for (let r = 0; r < batch.numRows; r++) {
      const row = {};
      names.forEach((n, c) => (row[n] = plain(batch.getChildAt(c)?.get(r))));
      rows.push(row);
    }
  }
  return rows;
}

async function exec(sql) {
  if (via === 'query') return rowsOf((await conn.query(sql)).batches);
  const batches = [];
  for await (const b of await conn.send(sql)) batches.push(b);
  return rowsOf(batches);
}

async function timed(sql) {
  const t0 = performance.now();
  const rows = await exec(sql);
  return { ms: performance.now() - t0, rows };
}

function theFile() {
  const f = document.getElementById('file').files?.[0];
  if (!f) throw new Error('no file chosen');
  return f;
}

window.harness = {
  /** options: { pollingInterval, progressBar, progressMs, lockdown, via, bundle } */
  async boot(options = {}) {
    if (worker) {
      await db.terminate();
      worker = null;
    }
    via = options.via ?? 'send';
    const bundle =
      options.bundle === 'coi'
        ? { mainModule: coiWasm, mainWorker: coiWorker, pthreadWorker: coiPthread }
        : options.bundle === 'mvp'
          ? { mainModule: mvpWasm, mainWorker: mvpWorker }
          : await selectBundle({
              mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
              eh: { mainModule: ehWasm, mainWorker: ehWorker },
            });
    const t0 = performance.now();
    worker = new Worker(bundle.mainWorker);
    db = new AsyncDuckDB(new VoidLogger(), worker);
    if (options.bundle === 'coi' && !globalThis.crossOriginIsolated)
      throw new Error('the threaded bundle needs a cross-origin isolated page');
    await db.instantiate(bundle.mainModule, bundle.pthreadWorker ?? null);
    const open = {};
    if (options.pollingInterval !== undefined)
      open.query = { queryPollingInterval: options.pollingInterval };
    await db.open(open);
    conn = await db.connect();
    progressEvents = 0;
    db._onExecutionProgress.push(() => progressEvents++);
    const statements = [];
    if (options.progressBar) {
      statements.push(
        'SET enable_progress_bar = true',
        `SET progress_bar_time = ${options.progressMs ?? 200}`,
      );
    }
    if (options.lockdown !== false) {
      statements.push(
        'SET autoinstall_known_extensions = false',
        'SET autoload_known_extensions = false',
        "SET allowed_directories = ['uploads/']",
        'SET enable_external_access = false',
        'SET lock_configuration = true',
      );
    }
    if (options.threads) statements.unshift(`SET threads = ${options.threads}`);
    for (const s of statements) await exec(s);
    const [v] = await exec('SELECT version() AS v');
    return {
      bootMs: performance.now() - t0,
      version: v.v,
      bundle: bundle.mainModule === ehWasm ? 'eh' : bundle.mainModule === coiWasm ? 'coi' : 'mvp',
      threads: Number((await exec("SELECT current_setting('threads') AS t"))[0].t),
    };
  },

  /**
   * mode: 'handle' (BROWSER_FILEREADER, direct IO, as the app), 'handle-buffered' (the same without
   * direct IO) or 'buffer' (the whole file read and copied into wasm memory).
   */
  async register(mode = 'handle', path = 'uploads/1-bench.csv', { stats = false } = {}) {
    const file = theFile();
    const t0 = performance.now();
    const head = new Uint8Array(await file.slice(0, 1 << 20).arrayBuffer());
    const headMs = performance.now() - t0;
    if (mode === 'buffer') {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const readMs = performance.now() - t0 - headMs;
      await db.registerFileBuffer(path, bytes);
      return {
        path,
        headMs,
        readMs,
        registerMs: performance.now() - t0 - headMs,
        bytes: file.size,
        headBytes: head.length,
      };
    }
    await db.registerFileHandle(
      path,
      file,
      DuckDBDataProtocol.BROWSER_FILEREADER,
      mode !== 'handle-buffered',
    );
    if (stats) await db.collectFileStatistics(path, true);
    return {
      path,
      headMs,
      registerMs: performance.now() - t0 - headMs,
      bytes: file.size,
      headBytes: head.length,
    };
  },

  /**
   * The app's load sequence (workers/load-csv.ts, first rung), each step timed. With `stepBytes`
   * (the file registered with statistics on), also the bytes each step read from the file; the
   * time those look-ups take is left out of totalMs.
   */
  async appLoad(path, table = 'data', { sniffOnce = false, stepBytes = false } = {}) {
    const steps = {};
    const t0 = performance.now();
    let statsMs = 0;
    let lastBytes = 0;
    const bytesSince = async (key) => {
      if (!stepBytes) return;
      const s0 = performance.now();
      const total = (await db.exportFileStatistics(path)).totalFileReadsCold;
      steps[key] = total - lastBytes;
      lastBytes = total;
      statsMs += performance.now() - s0;
    };
    const opt = "encoding = 'utf-8'";
    let r = await timed(
      `SELECT HasHeader AS h, Delimiter AS d, Quote AS q, Escape AS e, SkipRows AS s, len(Columns) AS n, Prompt AS p FROM sniff_csv(${q(path)}, ${opt})`,
    );
    steps.sniffMs = r.ms;
    await bytesSince('sniffBytes');
    const sniff = r.rows[0];
    const dialect = [`delim = ${q(sniff.d)}`, `skip = ${Number(sniff.s ?? 0)}`];
    if (typeof sniff.q === 'string' && sniff.q.length === 1) dialect.push(`quote = ${q(sniff.q)}`);
    if (typeof sniff.e === 'string' && sniff.e.length === 1) dialect.push(`escape = ${q(sniff.e)}`);
    r = await timed(
      `SELECT * FROM read_csv(${q(path)}, ${opt}, header = false, all_varchar = true, ${dialect.join(', ')}) LIMIT 1`,
    );
    steps.headerMs = r.ms;
    await bytesSince('headerBytes');
    const names = Object.values(r.rows[0]).map(String);
    // sniffOnce: sniff_csv's own Prompt (auto_detect=false, explicit columns) skips the second sniff.
    const source = sniffOnce
      ? String(sniff.p)
          .replace(/^FROM /, '')
          .replace(/;\s*$/, '')
      : `read_csv(${q(path)}, ${opt}, header = true, names = [${names.map(q).join(', ')}])`;
    r = await timed(`CREATE TABLE ${qi(table)} AS SELECT * FROM ${source}`);
    steps.createMs = r.ms;
    await bytesSince('createBytes');
    r = await timed(`SELECT count(*) AS n FROM ${qi(table)}`);
    steps.countMs = r.ms;
    steps.rows = r.rows[0].n;
    steps.totalMs = performance.now() - t0 - statsMs;
    steps.progressEvents = progressEvents;
    return steps;
  },

  /** Any statement, timed here (page side, no Comlink hop). */
  async run(sql) {
    const r = await timed(sql);
    return {
      ms: r.ms,
      rowCount: r.rows.length,
      first: r.rows[0] ?? null,
      rows: r.rows.length <= 100 ? r.rows : undefined,
    };
  },

  /**
   * A warm-up the app could run right after boot, before any file arrives: a small synthetic CSV
   * (same column kinds as the bench files) read, typed and aggregated, so V8 tiers DuckDB's hot
   * wasm functions up from Liftoff to TurboFan before the person's file is read.
   */
  async warmUp(rows = 20000) {
    const t0 = performance.now();
    const lines = ['id,ts,day,amount,price,score,qty,category,region,comment,active,code'];
    let x = 12345;
    const rnd = () => (x = (x * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let i = 1; i <= rows; i++) {
      const d = new Date(Date.UTC(2022, 0, 1) + Math.floor(rnd() * 9.4e10)).toISOString();
      lines.push(
        `${i},${d.slice(0, 10)} ${d.slice(11, 19)},${d.slice(0, 10)},${(rnd() * 2000).toFixed(2)},${rnd() < 0.05 ? '' : (rnd() * 99).toFixed(4)},${rnd().toPrecision(6)},${1 + Math.floor(rnd() * 40)},Cat ${Math.floor(rnd() * 50)},R${Math.floor(rnd() * 6)},"some, ""quoted"" text ${i}",${rnd() < 0.5},${rnd() < 0.8 ? '' : 'C-' + i}`,
      );
    }
    await db.registerFileBuffer('uploads/warmup.csv', new TextEncoder().encode(lines.join('\n')));
    await exec(`SELECT * FROM sniff_csv('uploads/warmup.csv')`);
    await exec(`CREATE TABLE warmup AS SELECT * FROM read_csv('uploads/warmup.csv')`);
    await exec(
      'SELECT category, count(*), avg(amount), sum(qty), min(ts), max(ts) FROM warmup GROUP BY category',
    );
    await exec('DROP TABLE warmup');
    await db.dropFile('uploads/warmup.csv');
    return { warmUpMs: performance.now() - t0 };
  },

  /** DuckDB-WASM's own read statistics for a registered file (collectFileStatistics). */
  async fileStats(path) {
    const s = await db.exportFileStatistics(path);
    const out = {};
    for (const k of Object.keys(s)) if (typeof s[k] === 'number') out[k] = s[k];
    return out;
  },

  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),

  setVia(next) {
    via = next;
  },
};
document.body.dataset.ready = 'yes';
