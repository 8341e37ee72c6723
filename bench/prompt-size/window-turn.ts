/**
 * The prompt Sift sends for each context window (issue 32), end to end in Node: the real loop
 * (`runTurn`), the real model client (the Anthropic SDK, `provider: 'local'`) against the local
 * Ollama mock (tests/mock-local/, which emulates Ollama's silent truncation of a prompt longer
 * than its num_ctx and records each prompt's token count), and the worker's own engine
 * (duckdb-wasm in Node) on public/data/weather.csv. One question turn — six `sql_query` calls of
 * growing result size, then `output_text` + `finalize` — is run once per window: the turn is
 * deterministic (scripted replies, fixed data), so one run gives the numbers.
 */
import { createAnthropicClient } from '../../src/adapters/anthropic-client.ts';
import { runTurn } from '../../src/core/agent/run-turn.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import type { TurnId } from '../../src/core/ids.ts';
import { emptyConversation, estimateTokens } from '../../src/core/model/conversation.ts';
import type { DatasetTable } from '../../src/core/tools/tool.ts';
import {
  describeLoaded,
  openNodeAgentEngine,
  type NodeAgentEngine,
} from '../../tests/helpers/node-agent-engine.ts';
import {
  startMockLocal,
  type LocalModel,
  type LocalRecordedRequest,
  type LocalStep,
} from '../../tests/mock-local/server.ts';
import { truncateToFit } from '../../tests/mock-local/prompt.ts';

/** A local model whose trained context holds the largest window measured (the mock caps num_ctx). */
const MODEL: LocalModel = {
  name: 'llama3.1:8b',
  contextLength: 131_072,
  capabilities: ['completion', 'tools'],
  family: 'llama',
  parameterSize: '8.0B',
  quantization: 'Q4_K_M',
};

export const QUESTION = 'How do rain and temperature differ between Seattle and New York?';

/** Six queries of growing result size on the sample (table `data`), then the answer and the end. */
export const QUERIES: Array<{ query: string; description: string }> = [
  {
    query: 'SELECT location, count(*) AS days FROM data GROUP BY location ORDER BY location',
    description: 'Days per city',
  },
  {
    query:
      'SELECT location, weather, count(*) AS days FROM data GROUP BY location, weather ORDER BY location, days DESC',
    description: 'Weather kinds per city',
  },
  {
    query:
      'SELECT location, month(date) AS month, round(sum(precipitation), 1) AS rain_mm FROM data GROUP BY location, month ORDER BY location, month',
    description: 'Monthly precipitation per city',
  },
  {
    query:
      'SELECT location, month(date) AS month, round(sum(precipitation), 1) AS rain_mm, round(avg(temp_max), 1) AS avg_max, round(avg(temp_min), 1) AS avg_min, round(avg(wind), 1) AS avg_wind FROM data GROUP BY location, month ORDER BY location, month',
    description: 'Monthly rain, temperature and wind per city',
  },
  {
    query:
      "SELECT * FROM data WHERE location = 'Seattle' ORDER BY precipitation DESC, date LIMIT 40",
    description: 'The 40 wettest days in Seattle',
  },
  {
    query: "SELECT * FROM data WHERE location = 'New York' ORDER BY date LIMIT 40",
    description: 'The first 40 days in New York',
  },
];

const ANSWER =
  '**Seattle is wetter in winter, New York more even through the year** [Q3]. ' +
  'Seattle’s wettest days cluster from November to March [Q5], while New York’s summers are hotter [Q4].';

export function questionScript(): LocalStep[] {
  return [
    ...QUERIES.map((input, i) => ({
      reply: {
        text: i === 0 ? 'First, how much data there is for each city.' : undefined,
        tools: [{ name: 'sql_query', input }],
      },
    })),
    {
      reply: {
        tools: [
          { name: 'output_text', input: { text: ANSWER } },
          {
            name: 'finalize',
            input: {
              session_title: null,
              suggestions: ['Which month is windiest in each city?'],
            },
          },
        ],
      },
    },
  ];
}

export interface WindowRun {
  label: string;
  /** The window Sift was told (`contextWindow`), or null: not told, sized as for Claude. */
  contextWindow: number | null;
  /** Ollama's num_ctx in the mock. */
  numCtx: number;
  state: string;
  errors: string[];
  toolErrors: string[];
  /** The compact prompt was used (the first request's system text holds 'Work step by step'). */
  compact: boolean;
  /** Sift's estimate (characters / 3.5) of the system prompt and tool definitions as received. */
  systemTokens: number;
  toolTokens: number;
  tools: string[];
  maxTokens: number | null;
  requests: number;
  /** The server's count of each prompt (characters / 4 plus template tokens, after truncation). */
  promptTokens: number[];
  /** Sift's estimate of each whole request (system, tools, messages) as received. */
  siftEstimate: number[];
  truncated: number;
  /** The requests (1-based) the server truncated. */
  truncatedAt: number[];
  /** Of each truncated request: how many of its oldest messages the server dropped, of how many. */
  dropped: Array<{ request: number; dropped: number; of: number }>;
  compactions: number;
  compactedEvents: Array<{ turnsSummarised: number; tokensBefore: number }>;
}

interface Body {
  system?: unknown;
  tools?: Array<{ name?: string }>;
  messages?: Array<{ content?: unknown }>;
  max_tokens?: number;
}

async function runOnce(
  label: string,
  contextWindow: number | null,
  numCtx: number,
  engine: NodeAgentEngine,
  tables: DatasetTable[],
  n: number,
): Promise<WindowRun> {
  const mock = await startMockLocal({ kind: 'ollama', numCtx, models: [MODEL] });
  try {
    mock.script(questionScript());
    const model = createAnthropicClient({
      apiKey: '',
      baseURL: mock.url,
      provider: 'local',
      maxRetries: 0,
    });
    const events: AgentEvent[] = [];
    const result = await runTurn(
      {
        turnId: `prompt-size-${n}` as TurnId,
        kind: 'question',
        question: QUESTION,
        tables,
        conversation: emptyConversation(),
        signal: new AbortController().signal,
        emit: (e) => void events.push(e),
      },
      {
        model,
        engine,
        modelId: MODEL.name,
        noCharge: true,
        ...(contextWindow === null ? {} : { contextWindow }),
      },
    );
    const sent: LocalRecordedRequest[] = mock
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/v1/messages');
    const bodies = sent.map((r) => (r.body ?? {}) as Body);
    const first = bodies[0];
    const compacted = events.filter((e) => e.type === 'compacted');
    return {
      label,
      contextWindow,
      numCtx,
      state: result.state,
      errors: events.flatMap((e) => (e.type === 'error' ? [`${e.kind}: ${e.message}`] : [])),
      toolErrors: events.flatMap((e) =>
        e.type === 'tool_end' && e.isError ? [`${e.tool}: ${e.message ?? 'failed'}`] : [],
      ),
      compact: first ? JSON.stringify(first.system ?? '').includes('Work step by step') : false,
      systemTokens: first ? estimateTokens(first.system ?? '') : 0,
      toolTokens: first ? estimateTokens(first.tools ?? []) : 0,
      tools: (first?.tools ?? []).map((t) => String(t.name)),
      maxTokens: first?.max_tokens ?? null,
      requests: sent.length,
      promptTokens: sent.map((r) => r.promptTokens ?? 0),
      siftEstimate: bodies.map((b) =>
        estimateTokens({ system: b.system, tools: b.tools, messages: b.messages }),
      ),
      truncated: sent.filter((r) => r.truncated).length,
      truncatedAt: sent.flatMap((r, i) => (r.truncated ? [i + 1] : [])),
      dropped: sent.flatMap((r, i) =>
        r.truncated
          ? [
              {
                request: i + 1,
                dropped: truncateToFit(bodies[i]!, Math.min(numCtx, MODEL.contextLength)).dropped,
                of: bodies[i]!.messages?.length ?? 0,
              },
            ]
          : [],
      ),
      compactions: compacted.length,
      compactedEvents: compacted.map((e) => ({
        turnsSummarised: e.turnsSummarised,
        tokensBefore: e.tokensBefore,
      })),
    };
  } finally {
    await mock.close();
  }
}

export interface PromptSizeReport {
  csv: string;
  rows: number;
  columns: number;
  model: LocalModel;
  question: string;
  queries: typeof QUERIES;
  runs: WindowRun[];
}

/** Runs the turn for each window, then once sized as for Claude against Ollama's default 4,096. */
export async function measurePromptSizes(
  csvPath: string,
  windows: number[],
): Promise<PromptSizeReport> {
  const engine = await openNodeAgentEngine(csvPath);
  try {
    const tables = await describeLoaded(engine);
    const runs: WindowRun[] = [];
    let n = 0;
    for (const w of windows) runs.push(await runOnce(`window ${w}`, w, w, engine, tables, ++n));
    runs.push(await runOnce('sized for Claude', null, 4096, engine, tables, ++n));
    return {
      csv: csvPath,
      rows: engine.table.rows,
      columns: engine.table.columns.length,
      model: MODEL,
      question: QUESTION,
      queries: QUERIES,
      runs,
    };
  } finally {
    engine.close();
  }
}
