#!/usr/bin/env node
/**
 * Measures the analyst (issue 49): `npm run eval -- --bench <dabench|qrdata|sift> --provider …`
 * (eval/runner/args.ts has every option). Each question is asked of the production build in
 * headless Chromium, as a person would (eval/runner/drive.ts); the reply is scored by the
 * benchmark's own rule; one JSON line a question goes to --out, its session beside it as .sift,
 * and a summary to bench/out/ (and to BENCHMARKS.md, "Analyst accuracy", with --record).
 * The oracle and wrong providers script the tests' mock of the Messages API (eval/runner/oracle.ts):
 * CI runs `--bench sift` with both, which must score 100 % and 0 %.
 * The TypeScript is loaded through Vite's SSR loader, as bench/agent.mjs does.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, preview } from 'vite';
import { launchChromium } from '../scripts/chromium.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const loader = await createServer({
  // No HMR socket: a second run at once would find its port taken.
  server: { middlewareMode: true, hmr: false },
  logLevel: 'warn',
  root: ROOT,
});
const load = (path) => loader.ssrLoadModule(path);
const { parseArgs } = await load('/eval/runner/args.ts');
const { loadBench } = await load('/eval/runner/questions.ts');
const { scriptOf } = await load('/eval/runner/oracle.ts');
const { PageWorker } = await load('/eval/runner/drive.ts');
const { summarise, summaryTable } = await load('/eval/runner/summary.ts');
const { estimate } = await load('/eval/runner/estimate.ts');

let options;
try {
  options = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(e.message);
  await loader.close();
  process.exit(2);
}
if (!existsSync(join(ROOT, 'dist/index.html'))) {
  console.error('No build in dist/: run `npx vite build` first (npm run eval does).');
  await loader.close();
  process.exit(2);
}

let bench;
try {
  bench = await loadBench(options.bench, options.data);
} catch (e) {
  console.error(e.message);
  await loader.close();
  process.exit(2);
}
for (const s of bench.skipped)
  console.log(`skipped ${s.id}: the clone lacks ${s.missing.join(', ')}`);
const questions = options.limit ? bench.questions.slice(0, options.limit) : bench.questions;

const out = join(ROOT, options.out);
const sessions = join(dirname(out), `${basename(out, '.jsonl')}-sessions`);
mkdirSync(sessions, { recursive: true });
const done = new Map();
if (options.resume && existsSync(out))
  for (const line of readFileSync(out, 'utf8').split('\n').filter(Boolean)) {
    const l = JSON.parse(line);
    done.set(l.id, l);
  }
else writeFileSync(out, '');
const todo = questions.filter((q) => !done.has(q.id));
if (options.provider !== 'oracle' && options.provider !== 'wrong')
  console.log(estimate(todo.length, options.model ?? 'claude-sonnet-5-5').words);
if (done.size) console.log(`Resuming: ${done.size} questions already in ${options.out}.`);

// The scripted providers speak through one mock each per worker; the others go to the server
// the person named, which the page's policy must allow (vite.config.ts, SIFT_CONNECT_SRC).
const scripted = options.provider === 'oracle' || options.provider === 'wrong';
const workers = Math.min(options.concurrency, Math.max(1, todo.length));
const mocks = [];
if (scripted) {
  const { startMockAnthropic } = await load('/tests/mock-anthropic/server.ts');
  for (let i = 0; i < workers; i++) mocks.push(await startMockAnthropic());
  process.env.SIFT_CONNECT_SRC = mocks.map((m) => m.url).join(' ');
} else if (options.baseUrl) process.env.SIFT_CONNECT_SRC = new URL(options.baseUrl).origin;
const server = await preview({ root: ROOT, preview: { port: 0 }, logLevel: 'warn' });
const url = server.resolvedUrls.local[0];
const browser = await launchChromium();

let stopping = false;
process.on('SIGINT', () => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log('\nStopping after the questions being asked; the summary is still written.');
});

const lines = [...done.values()];
const bar = () => {
  const right = lines.filter((l) => l.correct).length;
  const width = 30;
  const filled = Math.round((lines.length / questions.length) * width);
  const accuracy = lines.length ? ((right / lines.length) * 100).toFixed(1) : '–';
  process.stdout.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${lines.length}/${questions.length}, ${accuracy} % right `,
  );
};

const modelFor = (worker) =>
  scripted
    ? { provider: 'gateway', key: 'sk-ant-eval-oracle', baseUrl: mocks[worker].url }
    : {
        provider: options.provider,
        key: options.key,
        baseUrl: options.baseUrl,
        model: options.model,
      };

async function ask(q, worker, page) {
  if (scripted) {
    mocks[worker].reset();
    mocks[worker].script(scriptOf(q, options.provider));
  }
  const base = { id: q.id, category: q.category, question: q.question, expected: q.expected };
  try {
    const asked = await page.ask(q);
    const file = join(sessions, `${q.id.replace(/[^\w.-]/g, '_')}.sift`);
    writeFileSync(file, asked.sift);
    const score = q.score(asked.answer);
    const failedTurn =
      asked.state !== 'done'
        ? `the turn ended ${asked.state}${asked.error ? `: ${asked.error}` : ''}`
        : null;
    return {
      ...base,
      answer: asked.answer,
      correct: score.correct && !failedTurn,
      ...(failedTurn || score.reason ? { reason: failedTurn ?? score.reason } : {}),
      steps: asked.steps,
      tokens: asked.inputTokens + asked.outputTokens,
      cost: asked.cost,
      seconds: asked.seconds,
      session: file.slice(ROOT.length),
    };
  } catch (e) {
    return {
      ...base,
      answer: '',
      correct: false,
      reason: String(e.message ?? e),
      steps: 0,
      tokens: 0,
      cost: 0,
      seconds: 0,
    };
  }
}

const queue = [...todo];
bar();
await Promise.all(
  Array.from({ length: workers }, async (_, worker) => {
    let page = await PageWorker.open(browser, url, modelFor(worker));
    while (queue.length && !stopping) {
      const q = queue.shift();
      const line = await ask(q, worker, page);
      lines.push(line);
      appendFileSync(out, `${JSON.stringify(line)}\n`);
      bar();
      // After a failure the page may be anywhere: the next question starts on a fresh one.
      if (!line.session) {
        await page.close();
        page = await PageWorker.open(browser, url, modelFor(worker));
      }
    }
    await page.close();
  }),
);
process.stdout.write('\n');

const summary = summarise(lines);
const modelName = scripted
  ? `${options.provider} (scripted)`
  : (options.model ?? 'the default model');
const table = summaryTable(summary, {
  bench: options.bench,
  provider: options.provider,
  model: modelName,
  date: new Date().toISOString().slice(0, 10),
  version: options.bench === 'sift' ? 'Sift’s own, eval/sift' : `a clone at ${options.data}`,
});
writeFileSync(out.replace(/\.jsonl$/, '') + '-summary.md', table);
writeFileSync(out.replace(/\.jsonl$/, '') + '-summary.json', JSON.stringify(summary, null, 2));
console.log(table);
for (const l of lines.filter((l) => !l.correct).slice(0, 10))
  console.log(`wrong: ${l.id}: ${l.reason ?? ''}`);
if (options.record) {
  const report = join(ROOT, 'BENCHMARKS.md');
  const text = readFileSync(report, 'utf8');
  const heading = '## Analyst accuracy';
  writeFileSync(
    report,
    text.includes(heading)
      ? `${text.trimEnd()}\n\n${table}`
      : `${text.trimEnd()}\n\n${heading}\n\nMeasured with \`npm run eval\` (eval/run.mjs).\n\n${table}`,
  );
}

await browser.close();
await new Promise((r) => server.httpServer.close(r));
for (const m of mocks) await m.close();
await bench.cleanup();
await loader.close();
const percent = summary.accuracy * 100;
if (options.require !== undefined && Math.abs(percent - options.require) > 1e-9) {
  console.error(`Required ${options.require} % right; this run scored ${percent.toFixed(1)} %.`);
  process.exit(1);
}
process.exit(0);
