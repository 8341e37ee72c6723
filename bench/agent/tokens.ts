/**
 * How big the initial analysis of the sample is for the model: the scripted analysis of
 * tests/fixtures/weather-script.ts played against the worker's own engine (duckdb-wasm in Node) on
 * public/data/weather.csv, and
 * every request the loop sent measured in characters — system prompt, tool specs, messages — with
 * an estimated token count and the part a prompt cache can serve. No tokenizer is available
 * offline, so tokens are characters / 3.5: an estimate, not the API's count.
 */
import { emptyConversation } from '../../src/core/model/conversation.ts';
import { runTurn } from '../../src/core/agent/run-turn.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import type { ModelRequest } from '../../src/core/model/client.ts';
import type { Message } from '../../src/core/model/messages.ts';
import { weatherAnalysis } from '../../tests/fixtures/weather-script.ts';
import type { Step } from '../../tests/mock-anthropic/types.ts';
import { describeLoaded, openNodeAgentEngine } from '../../tests/helpers/node-agent-engine.ts';
import { ScriptedModel, type ScriptedReply } from '../../tests/helpers/scripted-model.ts';
import { CHARS_PER_TOKEN, estTokens, sum } from './stats.ts';

const MODEL_ID = 'claude-sonnet-5-5';

/** The mock's Step (a scripted API reply) as a ScriptedModel reply. */
export function toScripted(step: Step): ScriptedReply {
  if (!('reply' in step)) throw new Error('Only reply steps can be scripted for the loop.');
  const { reply } = step;
  const u = reply.usage ?? {};
  return {
    text: reply.reasoning ?? reply.text,
    tools: (reply.tools ?? []).map(({ name, input }) => ({ name, input })),
    usage: {
      inputTokens: u.input_tokens ?? 0,
      outputTokens: u.output_tokens ?? 0,
      cacheReadTokens: u.cache_read_input_tokens ?? 0,
      cacheWriteTokens: u.cache_creation_input_tokens ?? 0,
    },
  };
}

/** The request without cache markers, so that prefixes of successive requests compare equal. */
function unmarked<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => (key === 'cache_control' ? undefined : v)),
  ) as T;
}

/** Characters of `messages` as they stand in the request body (a JSON array). */
const messagesChars = (messages: Message[]) => JSON.stringify(messages).length;

export interface CallSize {
  call: number;
  messages: number;
  chars: { system: number; tools: number; messages: number; total: number };
  /** Of the messages: the text of tool results (what the tools sent back). */
  toolResultChars: number;
  tokens: { system: number; tools: number; messages: number; total: number };
  /** Estimated tokens a warm cache serves: tools + system, plus the previous call's messages. */
  cachedTokens: number;
  /** Estimated tokens new to this call (written to the cache, since the last block is marked). */
  uncachedTokens: number;
  /** The prefix shared with the previous call, in messages. */
  cachedMessages: number;
}

export interface TokenReport {
  csv: string;
  rows: number;
  columns: number;
  model: string;
  charsPerToken: number;
  state: string;
  toolErrors: string[];
  toolCalls: string[];
  /** Characters of each tool's spec as sent, largest first. */
  toolSpecs: Array<{ name: string; chars: number }>;
  calls: CallSize[];
  totals: { chars: number; tokens: number; cachedTokens: number; uncachedTokens: number };
  /** The usage numbers the fixture scripts for the mock (invented, for comparison only). */
  fixtureUsage: Array<{ input: number; cacheRead: number; cacheWrite: number }>;
}

export async function measureAnalysisTokens(csvPath: string): Promise<TokenReport> {
  const engine = await openNodeAgentEngine(csvPath);
  try {
    const tables = await describeLoaded(engine);
    const script = weatherAnalysis();
    const model = new ScriptedModel(script.map(toScripted));
    const events: AgentEvent[] = [];
    const { state } = await runTurn(
      {
        turnId: 'bench-analysis',
        kind: 'analysis',
        question: null,
        tables,
        conversation: emptyConversation(),
        signal: new AbortController().signal,
        emit: (e) => events.push(e),
      },
      { model, engine, modelId: MODEL_ID },
    );

    const calls: CallSize[] = [];
    let previous: ModelRequest | null = null;
    for (const [i, request] of model.requests.entries()) {
      const r = unmarked(request);
      const chars = {
        system: JSON.stringify(r.system).length,
        tools: JSON.stringify(r.tools).length,
        messages: messagesChars(r.messages),
        total: 0,
      };
      chars.total = chars.system + chars.tools + chars.messages;
      // Tools and system carry their own breakpoints; the previous call marked its last block,
      // so whatever this call repeats of the previous call's messages is read from the cache.
      let shared = 0;
      if (previous) {
        const before = previous.messages;
        while (
          shared < before.length &&
          shared < r.messages.length &&
          JSON.stringify(before[shared]) === JSON.stringify(r.messages[shared])
        )
          shared += 1;
      }
      const cachedChars = previous
        ? chars.system + chars.tools + (shared ? messagesChars(r.messages.slice(0, shared)) : 0)
        : 0;
      const tokens = {
        system: estTokens(chars.system),
        tools: estTokens(chars.tools),
        messages: estTokens(chars.messages),
        total: estTokens(chars.total),
      };
      const cachedTokens = estTokens(cachedChars);
      calls.push({
        call: i + 1,
        messages: r.messages.length,
        chars,
        toolResultChars: sum(
          r.messages.flatMap((m) =>
            m.content.map((b) => (b.type === 'tool_result' ? b.content.length : 0)),
          ),
        ),
        tokens,
        cachedTokens,
        uncachedTokens: tokens.total - cachedTokens,
        cachedMessages: shared,
      });
      previous = r;
    }

    const toolEnds = events.filter((e) => e.type === 'tool_end');
    const failedQueries = events.flatMap((e) =>
      e.type === 'query_result' && e.isError ? [`sql_query: ${e.error ?? 'failed'}`] : [],
    );
    return {
      csv: engine.table.fileName,
      rows: engine.table.rows,
      columns: engine.table.columns.length,
      model: MODEL_ID,
      charsPerToken: CHARS_PER_TOKEN,
      state,
      toolCalls: toolEnds.map((e) => e.tool),
      toolErrors: [
        ...toolEnds.filter((e) => e.isError && e.message).map((e) => `${e.tool}: ${e.message}`),
        ...failedQueries,
      ],
      toolSpecs: unmarked(model.requests[0]?.tools ?? [])
        .map((t) => ({ name: t.name, chars: JSON.stringify(t).length }))
        .sort((a, b) => b.chars - a.chars),
      calls,
      totals: {
        chars: sum(calls.map((c) => c.chars.total)),
        tokens: sum(calls.map((c) => c.tokens.total)),
        cachedTokens: sum(calls.map((c) => c.cachedTokens)),
        uncachedTokens: sum(calls.map((c) => c.uncachedTokens)),
      },
      fixtureUsage: script.map((s) => {
        const u = 'reply' in s ? (s.reply.usage ?? {}) : {};
        return {
          input: u.input_tokens ?? 0,
          cacheRead: u.cache_read_input_tokens ?? 0,
          cacheWrite: u.cache_creation_input_tokens ?? 0,
        };
      }),
    };
  } finally {
    engine.close();
  }
}
