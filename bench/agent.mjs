#!/usr/bin/env node
/**
 * The agent loop's benchmark, the last part of `npm run bench`, or alone:
 *
 *   node bench/agent.mjs [--runs N] [--warmup N]
 *
 * (a) the loop's own time per step with an instant scripted model and an instant engine, against
 * the bare cost of serialising each request; (b) the size of every request of the scripted initial
 * analysis of the sample, on the worker's own engine (duckdb-wasm in Node), in characters and estimated tokens. The TypeScript
 * (bench/agent/*.ts) is loaded through Vite's SSR loader, as scripts/screenshots-analysis.mjs
 * does. Raw numbers go to bench/out/agent.json; the "Agent loop" section of BENCHMARKS.md, between
 * its markers, is replaced (or appended, as bench/run.mjs rewrites the whole file first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { writeSection } from './lib/report-section.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./out/', import.meta.url));
const REPORT = `${ROOT}BENCHMARKS.md`;
const SAMPLE = `${ROOT}public/data/weather.csv`;

const argv = process.argv.slice(2);
const num = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Math.max(1, Number(argv[i + 1])) : fallback;
};
const runs = num('--runs', 100);
const warmupRuns = num('--warmup', 20);

/** Milliseconds, in µs below 0.1 ms: the loop's steps take tens of microseconds. */
const ms = (x) =>
  !Number.isFinite(x)
    ? '—'
    : x >= 100
      ? `${Math.round(x)} ms`
      : x >= 1
        ? `${x.toFixed(1)} ms`
        : x >= 0.1
          ? `${x.toFixed(2)} ms`
          : `${Math.round(x * 1000)} µs`;
const us = (x) => `${Math.round(x * 1000)}`;
const range = (lo, hi) => (us(lo) === us(hi) ? `${us(lo)} µs` : `${us(lo)}–${us(hi)} µs`);
const int = (n) => Math.round(n).toLocaleString('en-US');
const pct = (part, whole) => `${Math.round((100 * part) / whole)}%`;

function loopSection(l) {
  const by = l.stepMsByStep;
  const middle = by.slice(1, -1);
  return [
    '### Loop overhead per step (model and query excluded)',
    '',
    `A question turn of ${l.steps} steps — ${l.steps - 1} × \`sql_query\`, then \`output_text\` + \`finalize\` — run ${l.runs} times after ${l.warmupRuns} warm-up turns. ` +
      `The model is tests/helpers/scripted-model.ts with every reply ready at once (its own time — cloning each request, ${ms(l.excluded.scriptedModelMsPerCall)} a call — is measured and taken out); ` +
      `the engine is a FakeEngine handing back the same precomputed ${int(l.resultRows)}-row × ${l.resultColumns}-column result (${ms(l.excluded.engineMsPerTurn)} a turn, also taken out). ` +
      'What is timed is the rest of `runTurn`: input checks, running the tools, compacting each result for the model, building the events and folding them into the view with `reduce` and keeping the event list as src/state/analyst.svelte.ts does, growing the history and building the next request. ' +
      'Rendering the view (Svelte, the 1,000-row table) is not part of it. A step runs from one model call to the next; the reference is `JSON.stringify` of the request that step sent (system + tools + messages), the least any client must do per call.',
    '',
    `| Per step (${int(l.runs * l.steps)} steps) | Median | p95 |`,
    '|---|---|---|',
    `| Loop's own work | ${ms(l.stepMs.median)} | ${ms(l.stepMs.p95)} |`,
    `| Reference: \`JSON.stringify\` of that step's request | ${ms(l.reference.median)} | ${ms(l.reference.p95)} |`,
    `| Ratio loop / reference | ${(l.stepMs.median / l.reference.median).toFixed(1)}× | ${(l.stepMs.p95 / l.reference.p95).toFixed(1)}× |`,
    `| Target: < ${l.target} ms per step | ${l.stepMs.median < l.target ? '**met**' : '**not met**'} | ${l.stepMs.p95 < l.target ? '**met**' : '**not met**'} |`,
    '',
    `Median by step, 1 to ${l.steps}, in µs: ${by.map(us).join(', ')} (slowest single step: ${ms(l.stepMs.max)}). ` +
      `Requests grew from ${int(l.requestChars.first)} to ${int(l.requestChars.last)} characters over the turn.`,
    '',
    `- **Where the time goes.** Of a median ${ms(l.stepMs.median)} per step, the page's side — \`reduce\` into the view and keeping the event list — takes a median ${ms(l.sinkMsPerStep)} (${pct(l.sinkShare, 1)} of all the loop's time). ` +
      `Timed on their own, compacting the ${int(l.resultRows)}-row result to ${int(l.compactChars)} characters for the model takes ${ms(l.compactMs)} and checking a tool input with zod ${(l.validateMs * 1000).toFixed(1)} µs; ` +
      'the rest is the history, building events and awaits. ' +
      `The cost barely grows with the history (steps 2–${l.steps - 1}: ${range(Math.min(...middle), Math.max(...middle))}); ` +
      `step 1 also builds the system prompt and opens the turn, step ${l.steps} handles the streamed \`output_text\` (its partial JSON re-read on every chunk, each draft folded into the view) and closes the turn.`,
    `- **In proportion.** The loop's work per step is ${(l.stepMs.median / l.reference.median).toFixed(1)}× a bare serialisation of the request (median) and ${((100 * l.stepMs.p95) / l.target).toFixed(1)}% of the ${l.target} ms budget at p95. ` +
      `Timings this small move with the load on the machine (see the load average above), and the tail — mean ${ms(l.stepMs.mean)}, p95, the slowest step — holds garbage collection and other processes: read them as an order of magnitude. ` +
      'A real step also waits for the model (seconds) and the query, and the page renders what arrived; neither is in these numbers.',
  ].join('\n');
}

function tokensSection(t) {
  const rows = t.calls.map(
    (c) =>
      `| ${c.call} | ${c.messages} | ${int(c.chars.system)} | ${int(c.chars.tools)} | ${int(c.chars.messages)} (${int(c.toolResultChars)}) | ${int(c.chars.total)} | ${int(c.tokens.total)} | ${int(c.cachedTokens)} | ${int(c.uncachedTokens)} |`,
  );
  const first = t.calls[0];
  const prefixTokens = first ? first.tokens.system + first.tokens.tools : 0;
  const prefixAll = t.calls.reduce((s, c) => s + c.tokens.system + c.tokens.tools, 0);
  const biggest = t.toolSpecs[0];
  const results = t.calls.reduce((m, c) => Math.max(m, c.toolResultChars), 0);
  const ok =
    t.state === 'done' && t.toolErrors.length === 0
      ? `The turn ended \`${t.state}\`; every tool call succeeded (${t.toolCalls.join(', ')}).`
      : `**The turn ended \`${t.state}\` with tool errors:** ${t.toolErrors.join('; ') || 'none'}.`;
  return [
    '### Input tokens of the initial analysis of the sample',
    '',
    `The scripted initial analysis (tests/fixtures/weather-script.ts, ${t.calls.length} model calls) played by the loop against the worker's own engine (duckdb-wasm in Node) on public/data/weather.csv (${int(t.rows)} rows × ${t.columns} columns), with the tables described as the page describes them. ${ok} ` +
      `Each request the loop sent is measured as it would stand in the API body (JSON of the system blocks, of the tool specs, of the messages). ` +
      `**Tokens are an estimate** — characters / ${t.charsPerToken}, the app's own budgeting rule (src/core/model/conversation.ts); no tokenizer is available offline. For English prose such as the system prompt it probably overestimates. ` +
      "The API's own tool-use preamble is not included. The app shows the API's real counts for every call.",
    '',
    '"From cache" is what a warm prompt cache serves: tools and system carry cache breakpoints, and each call marks its last block, so the next call re-reads everything up to it. Call 1 of a session writes its prefix (read only by a later analysis within the cache lifetime); "new" tokens are processed in full and written to the cache.',
    '',
    '| Call | Messages | System chars | Tools chars | Messages chars (of which tool results) | Total chars | Est. tokens | Est. from cache | Est. new |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    `| **Total** | | | | | ${int(t.totals.chars)} | ${int(t.totals.tokens)} | ${int(t.totals.cachedTokens)} | ${int(t.totals.uncachedTokens)} |`,
    '',
    `- **What dominates.** The fixed prefix — tool specs (${int(first?.tokens.tools ?? 0)} est. tokens; the largest, \`${biggest?.name}\`, is ${int(biggest?.chars ?? 0)} characters) and the system prompt with the dataset block (${int(first?.tokens.system ?? 0)}) — is ${pct(prefixAll, t.totals.tokens)} of everything the analysis sends. ` +
      `The data enters only through tool results: ${int(results)} characters in the largest call (the profile of every column and one GROUP BY); query results are cut to 50 rows / 8 KB before the model sees them.`,
    `- **Caching.** With the cache warm, ${pct(t.totals.cachedTokens, t.totals.tokens)} of the analysis's input is read from it. ` +
      `Whether anything is cached depends on the model's minimum cacheable prompt — Anthropic's prompt-caching docs list 1,024 to 4,096 tokens depending on the model; the tools + system prefix here is about ${int(prefixTokens)} est. tokens, above the lowest of those minimums and below the highest, so with some models this prefix is not cached at all.`,
  ].join('\n');
}

function section(r) {
  const m = r.machine;
  return [
    '## Agent loop',
    '',
    'Generated by `node bench/agent.mjs` (bench/agent.mjs, bench/agent/*.ts), which `npm run bench` runs after bench/run.mjs. ' +
      '`node bench/run.mjs` alone rewrites this file without this section: rerun `node bench/agent.mjs` after it. Raw numbers: bench/out/agent.json. No model or network is involved.',
    '',
    '| | |',
    '|---|---|',
    `| Command | \`${r.command}\` |`,
    `| Date | ${r.date} |`,
    `| CPU | ${m.cpuCount} × ${m.cpu} |`,
    `| Node | ${m.node} (TypeScript loaded through Vite ${m.vite}'s SSR loader) |`,
    `| Load average | ${m.loadavgStart.map((x) => x.toFixed(2)).join(' / ')} at start, ${m.loadavgEnd.map((x) => x.toFixed(2)).join(' / ')} at the end (1 / 5 / 15 min) |`,
    `| Whole run | ${(r.totalMs / 1000).toFixed(1)} s |`,
    '',
    loopSection(r.loop),
    '',
    tokensSection(r.tokens),
    '',
    reportSection(r.reportTokens),
  ].join('\n');
}

function reportSection(t) {
  const s = t.suggestions;
  const tok = (chars) => int(chars / 3.5);
  return [
    '### Tokens of the report and of follow-up suggestions',
    '',
    'The scripted initial analysis and question of the sample (tests/fixtures/weather-script.ts) played by the loop on the worker engine itself (duckdb-wasm in Node), then the report and follow-up suggestions, measured as above (characters / 3.5; an estimate).',
    '',
    '| Request | Characters | Est. tokens | Note |',
    '|---|---|---|---|',
    `| Generate report (input) | ${int(t.report.systemChars + t.report.findingsChars)} | ${int(t.report.tokens)} | system ${int(t.report.systemChars)} + findings ${int(t.report.findingsChars)}: ${t.report.queries} queries, ${t.report.charts} chart(s), the profile; no tools |`,
    `| Suggestions in \`finalize\` (Sift) — output | ${int(s.outputChars)} | ${tok(s.outputChars)} | three questions in the call the turn already makes |`,
    `| Suggestions in \`finalize\` — input | ${int(s.specChars)} | ${tok(s.specChars)} | what the tool spec grew by; part of the cached tools prefix |`,
    `| Suggestions as a separate call — input | ${int(s.separateInputChars)} | ${tok(s.separateInputChars)} | instructions, dataset, question and answer, every turn, uncached |`,
    `| Suggestions as a separate call — output | ${int(s.outputChars)} | ${tok(s.outputChars)} | the same questions |`,
    '',
    `Sift asks for suggestions in \`finalize\`: about ${tok(s.outputChars)} output tokens a turn and ${tok(s.specChars)} cached input tokens, against ${tok(s.separateInputChars + s.outputChars)} tokens and one more request (one more failure to handle) per turn for a separate call — which would also need the conversation to suggest well; this estimate gives it only the last question and answer.`,
  ].join('\n');
}

async function main() {
  const started = performance.now();
  const loadavgStart = os.loadavg();
  const loader = await createServer({
    root: ROOT,
    server: { middlewareMode: true, hmr: false, ws: false },
    logLevel: 'warn',
  });
  let measured;
  let vite;
  try {
    vite = (await import('vite')).version;
    const { runAgentBench } = await loader.ssrLoadModule('/bench/agent/loop.bench.ts');
    measured = await runAgentBench({ csvPath: SAMPLE, runs, warmupRuns });
    const { measureReportTokens } = await loader.ssrLoadModule('/bench/agent/report-tokens.ts');
    measured.reportTokens = await measureReportTokens(SAMPLE);
  } finally {
    await loader.close();
  }
  const results = {
    date: new Date().toISOString(),
    command: `node bench/agent.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`,
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cpuCount: os.cpus().length,
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
      vite,
      loadavgStart,
      loadavgEnd: os.loadavg(),
    },
    ...measured,
    totalMs: performance.now() - started,
  };
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}agent.json`, JSON.stringify(results, null, 2));
  writeSection(REPORT, 'agent-bench', section(results));

  const l = results.loop;
  const t = results.tokens;
  console.log(
    `[agent] loop: ${ms(l.stepMs.median)} median, ${ms(l.stepMs.p95)} p95 per step (target < ${l.target} ms: ${l.stepMs.p95 < l.target ? 'met' : 'not met'}); ` +
      `reference JSON.stringify ${ms(l.reference.median)} → ${(l.stepMs.median / l.reference.median).toFixed(1)}×`,
  );
  for (const c of t.calls)
    console.log(
      `[agent] analysis call ${c.call}: ${int(c.chars.total)} chars ≈ ${int(c.tokens.total)} tokens (est.), ${int(c.cachedTokens)} from cache, ${int(c.uncachedTokens)} new`,
    );
  console.log(
    `[agent] analysis total ≈ ${int(t.totals.tokens)} tokens (est.); turn ${t.state}${t.toolErrors.length ? `, tool errors: ${t.toolErrors.join('; ')}` : ''}`,
  );
  console.log(`[agent] report request ≈ ${int(results.reportTokens.report.tokens)} tokens (est.)`);
  console.log(
    `[agent] done in ${(results.totalMs / 1000).toFixed(1)} s: BENCHMARKS.md (agent section), bench/out/agent.json`,
  );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
