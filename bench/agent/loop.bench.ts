/**
 * What the agent loop itself costs per step, with the model and the data engine taken out: a
 * scripted model whose replies are ready at once and an engine that hands back a precomputed
 * 1,000-row result. What is left is the loop's own work — checking tool inputs, compacting each
 * result for the model, building events and folding them into the page's view (`reduce`, as
 * src/state/analyst.svelte.ts does), growing the history and building each request — timed per
 * step over many turns. Run by bench/agent.mjs through Vite's SSR loader; nothing here asserts a
 * time.
 */
import { emptyConversation } from '../../src/core/model/conversation.ts';
import { runTurn } from '../../src/core/agent/run-turn.ts';
import type { Cell, QueryResult } from '../../src/core/data/engine.ts';
import { TRANSIENT, type AgentEvent } from '../../src/core/events/events.ts';
import { emptySession, reduce, type SessionView } from '../../src/core/events/view.ts';
import type {
  CallOptions,
  ModelClient,
  ModelReply,
  ModelRequest,
  StreamEvent,
} from '../../src/core/model/client.ts';
import { compactResult } from '../../src/core/data/compact-result.ts';
import { toolByName } from '../../src/core/tools/registry.ts';
import { FakeEngine, WEATHER } from '../../tests/helpers/fake-engine.ts';
import { ScriptedModel, type ScriptedReply } from '../../tests/helpers/scripted-model.ts';
import { measureAnalysisTokens, type TokenReport } from './tokens.ts';
import { median, p95, sum } from './stats.ts';

/** 14 × sql_query, then output_text + finalize: the loop's default step limit, all used. */
export const STEPS = 15;
const RESULT_ROWS = 1_000;
const MODEL_ID = 'claude-sonnet-5-5';
/** From the issue: the loop's own time per step, without model and query. */
export const TARGET_MS_PER_STEP = 20;

/** A weather-like result of 1,000 rows × 6 columns, as the worker would return it. */
export function fixedResult(): Extract<QueryResult, { ok: true }> {
  const kinds = ['sun', 'rain', 'drizzle', 'fog', 'snow'];
  const rows: Cell[][] = [];
  for (let i = 0; i < RESULT_ROWS; i++) {
    const day = new Date(Date.UTC(2012, 0, 1 + i)).toISOString().slice(0, 10);
    const rain = i % 3 === 0 ? Math.round(((i * 37) % 251) / 5) / 10 : 0;
    const high = Math.round(100 + ((i * 53) % 260)) / 10;
    const low = Math.round(high * 10 - 40 - ((i * 17) % 60)) / 10;
    const wind = Math.round(5 + ((i * 29) % 85)) / 10;
    rows.push([day, rain, high, low, wind, kinds[(i * 7) % kinds.length]!]);
  }
  return {
    ok: true,
    columns: WEATHER.columns.map((c) => ({ name: c.name, type: c.type })),
    rows,
    totalRows: 2_922,
    truncated: true,
    note: 'Showing the first 1,000 rows of 2,922.',
    durationMs: 4,
  };
}

const ANSWER =
  'Wind is **strongest in winter**: the windiest days cluster between November and February, and almost all ' +
  'days above 7 m/s are rainy ones. Summer days are calm and mostly sunny. The three outliers above 9 m/s are ' +
  'winter storms, not errors in the data.\n\n' +
  '| Season | Mean wind (m/s) |\n|---|---|\n| Winter | 4.1 |\n| Spring | 3.4 |\n| Summer | 2.7 |\n| Autumn | 3.2 |';

/** The turn the model plays: a reasoning line and one query per step, then the answer. */
export function loopScript(): ScriptedReply[] {
  const steps: ScriptedReply[] = [];
  const orders = ['date', 'wind DESC', 'temp_max DESC', 'precipitation DESC', 'temp_min'];
  for (let i = 1; i < STEPS; i++) {
    steps.push({
      text: `Step ${i}: look at the windy days again, ordered differently, to check that the pattern holds.`,
      tools: [
        {
          name: 'sql_query',
          input: {
            query: `SELECT date, precipitation, temp_max, temp_min, wind, weather\nFROM data\nWHERE wind > ${(i / 10).toFixed(1)}\nORDER BY ${orders[i % orders.length]}`,
            description: `Days with wind above ${(i / 10).toFixed(1)} m/s`,
          },
        },
      ],
    });
  }
  steps.push({
    text: 'That is enough to answer.',
    tools: [
      { name: 'output_text', input: { text: ANSWER } },
      { name: 'finalize', input: { session_title: null } },
    ],
  });
  return steps;
}

/** The page's side of the events, as Analyst#emit does it: fold into the view, keep durable ones. */
class PageSink {
  view: SessionView = emptySession();
  readonly events: AgentEvent[] = [];
  ms = 0;
  readonly emit = (event: AgentEvent): void => {
    const t0 = performance.now();
    this.view = reduce(this.view, event);
    if (!TRANSIENT.has(event.type)) this.events.push(event);
    this.ms += performance.now() - t0;
  };
}

interface CallMark {
  enter: number;
  /** Time inside complete() that was the scripted model's own, not the loop's callbacks. */
  modelMs: number;
  /** PageSink time at entry, to split each step's time. */
  sinkAtEnter: number;
}

/** Wraps the scripted model to take its own time (cloning the request, chunking) out of the step. */
class TimedModel implements ModelClient {
  readonly marks: CallMark[] = [];
  constructor(
    private readonly inner: ScriptedModel,
    private readonly sink: PageSink,
  ) {}

  async complete(request: ModelRequest, options: CallOptions): Promise<ModelReply> {
    const enter = performance.now();
    const sinkAtEnter = this.sink.ms;
    let callbackMs = 0;
    const forward = options.onEvent;
    const onEvent = forward
      ? (e: StreamEvent) => {
          const t0 = performance.now();
          forward(e);
          callbackMs += performance.now() - t0;
        }
      : undefined;
    const reply = await this.inner.complete(request, { signal: options.signal, onEvent });
    this.marks.push({ enter, sinkAtEnter, modelMs: performance.now() - enter - callbackMs });
    return reply;
  }
}

class TimedEngine extends FakeEngine {
  ms = 0;
  constructor(result: QueryResult) {
    super(() => result);
  }
  override async query(sql: string): Promise<QueryResult> {
    const t0 = performance.now();
    const result = await super.query(sql);
    this.ms += performance.now() - t0;
    return result;
  }
}

interface TurnSample {
  /** Loop time of each step, ms: model and engine time taken out. */
  stepMs: number[];
  /** Of which the page's reduce + event list, per step. */
  sinkMs: number[];
  /** JSON.stringify of the request each step sent, ms. */
  stringifyMs: number[];
  /** The scripted model's own time per call (excluded from stepMs). */
  modelMs: number[];
  engineMs: number;
  requestChars: number[];
  state: string;
  events: number;
}

const body = (r: ModelRequest) =>
  JSON.stringify({
    model: r.model,
    max_tokens: r.maxTokens,
    system: r.system,
    messages: r.messages,
    tools: r.tools,
  });

async function oneTurn(result: QueryResult): Promise<TurnSample> {
  const sink = new PageSink();
  const scripted = new ScriptedModel(loopScript());
  const model = new TimedModel(scripted, sink);
  const engine = new TimedEngine(result);
  const started = performance.now();
  const { state } = await runTurn(
    {
      turnId: 'bench-turn',
      kind: 'question',
      question: 'When is it windiest, and does wind go with rain?',
      tables: [WEATHER],
      conversation: emptyConversation(),
      signal: new AbortController().signal,
      emit: sink.emit,
    },
    { model, engine, modelId: MODEL_ID },
  );
  const ended = performance.now();
  const sinkEnd = sink.ms;

  const { marks } = model;
  const stepMs: number[] = [];
  const sinkMs: number[] = [];
  // Step k runs from call k's start to call k+1's start (the last: to the end of the turn), less
  // the model's own time; the work before the first call is counted in step 1. Engine time (an
  // instant FakeEngine) is taken out of the turn total below.
  for (let k = 0; k < marks.length; k++) {
    const from = k === 0 ? started : marks[k]!.enter;
    const to = marks[k + 1]?.enter ?? ended;
    stepMs.push(to - from - marks[k]!.modelMs);
    sinkMs.push((marks[k + 1]?.sinkAtEnter ?? sinkEnd) - (k === 0 ? 0 : marks[k]!.sinkAtEnter));
  }
  // The engine's time is spread over the query steps; it is microseconds, but not the loop's.
  const perQueryStep = engine.ms / Math.max(1, engine.queries.length);
  for (let k = 0; k < engine.queries.length && k < stepMs.length; k++)
    stepMs[k] = stepMs[k]! - perQueryStep;

  const stringifyMs: number[] = [];
  const requestChars: number[] = [];
  for (const r of scripted.requests) {
    const t0 = performance.now();
    const text = body(r);
    stringifyMs.push(performance.now() - t0);
    requestChars.push(text.length);
  }
  return {
    stepMs,
    sinkMs,
    stringifyMs,
    modelMs: marks.map((m) => m.modelMs),
    engineMs: engine.ms,
    requestChars,
    state,
    events: sink.events.length,
  };
}

export interface LoopReport {
  steps: number;
  runs: number;
  warmupRuns: number;
  resultRows: number;
  resultColumns: number;
  stepMs: { median: number; p95: number; mean: number; max: number };
  /** Median loop time per step by step number (1…15): does it grow with the history? */
  stepMsByStep: number[];
  /** The page's reduce + event list, share of the loop time. */
  sinkShare: number;
  /** Median per step of the page's reduce + event list. */
  sinkMsPerStep: number;
  reference: { median: number; p95: number };
  ratio: number;
  target: number;
  met: boolean;
  excluded: { scriptedModelMsPerCall: number; engineMsPerTurn: number };
  /** One compactResult of the 1,000-row result, ms (median of repeats). */
  compactMs: number;
  compactChars: number;
  /** Checking one sql_query input against its zod schema, ms (median of repeats). */
  validateMs: number;
  requestChars: { first: number; last: number };
  states: string[];
  eventsPerTurn: number;
}

export async function measureLoop({ runs = 100, warmupRuns = 20 } = {}): Promise<LoopReport> {
  const result = fixedResult();
  for (let i = 0; i < warmupRuns; i++) await oneTurn(result);
  const samples: TurnSample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await oneTurn(result));

  const all = samples.flatMap((s) => s.stepMs);
  const refs = samples.flatMap((s) => s.stringifyMs);
  const stepMsByStep = Array.from({ length: STEPS }, (_, k) =>
    median(samples.map((s) => s.stepMs[k] ?? Number.NaN).filter(Number.isFinite)),
  );
  const loopTotal = sum(all);
  const sinkTotal = sum(samples.flatMap((s) => s.sinkMs));

  const compactTimes: number[] = [];
  let compactChars = 0;
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    compactChars = compactResult(result).length;
    compactTimes.push(performance.now() - t0);
  }

  const schema = toolByName('sql_query')?.schema;
  const input = loopScript()[0]?.tools?.[0]?.input;
  const validateTimes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    schema?.safeParse(input);
    validateTimes.push(performance.now() - t0);
  }

  const stepMedian = median(all);
  const refMedian = median(refs);
  return {
    steps: STEPS,
    runs,
    warmupRuns,
    resultRows: RESULT_ROWS,
    resultColumns: WEATHER.columns.length,
    stepMs: {
      median: stepMedian,
      p95: p95(all),
      mean: loopTotal / all.length,
      max: Math.max(...all),
    },
    stepMsByStep,
    sinkShare: sinkTotal / loopTotal,
    sinkMsPerStep: median(samples.flatMap((s) => s.sinkMs)),
    reference: { median: refMedian, p95: p95(refs) },
    ratio: stepMedian / refMedian,
    target: TARGET_MS_PER_STEP,
    met: p95(all) < TARGET_MS_PER_STEP,
    excluded: {
      scriptedModelMsPerCall: median(samples.flatMap((s) => s.modelMs)),
      engineMsPerTurn: median(samples.map((s) => s.engineMs)),
    },
    compactMs: median(compactTimes),
    compactChars,
    validateMs: median(validateTimes),
    requestChars: {
      first: samples[0]?.requestChars[0] ?? 0,
      last: samples[0]?.requestChars.at(-1) ?? 0,
    },
    states: [...new Set(samples.map((s) => s.state))],
    eventsPerTurn: samples[0]?.events ?? 0,
  };
}

export interface AgentBenchReport {
  loop: LoopReport;
  tokens: TokenReport;
}

/** Both measurements: the loop's overhead per step, and the initial analysis's request sizes. */
export async function runAgentBench(options: {
  csvPath: string;
  runs?: number;
  warmupRuns?: number;
}): Promise<AgentBenchReport> {
  const loop = await measureLoop(options);
  const tokens = await measureAnalysisTokens(options.csvPath);
  return { loop, tokens };
}
