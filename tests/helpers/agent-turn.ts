/** One turn of the agent loop with a scripted model and a fake engine, for the loop's unit tests. */
import { expect } from 'vitest';
import { emptyConversation, type Conversation } from '../../src/core/model/conversation.ts';
import { runTurn, type AgentOptions, type TurnRequest } from '../../src/core/agent/run-turn.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import type { ModelRequest } from '../../src/core/model/client.ts';
import { validateMessagesRequest } from '../mock-anthropic/validate.ts';
import type { DatasetTable, QueryRows } from '../../src/core/tools/tool.ts';
import { FakeEngine, WEATHER } from './fake-engine.ts';
import { tid } from './ids.ts';
import { ScriptedModel, type ScriptStep } from './scripted-model.ts';
import { SIFT_TOOLS } from '../../src/core/tools/registry.ts';

export interface Run {
  events: AgentEvent[];
  model: ScriptedModel;
  engine: FakeEngine;
  conversation: Conversation;
  state: string;
}

let turns = 0;

export async function turn(
  steps: ScriptStep[],
  {
    engine = new FakeEngine(),
    kind = 'question' as 'question' | 'analysis',
    question = 'Which month is wettest?',
    conversation = emptyConversation(),
    queriesSoFar = 0,
    queryRows = undefined as ((id: string) => QueryRows | undefined) | undefined,
    options = {} as Partial<AgentOptions>,
    signal = new AbortController().signal,
    onEvent = (_e: AgentEvent) => {},
    tables = [WEATHER] as DatasetTable[],
    ask = undefined as TurnRequest['ask'],
    look = undefined as TurnRequest['look'],
    nextQueryId = undefined as TurnRequest['nextQueryId'],
    ownQueries = undefined as TurnRequest['ownQueries'],
  } = {},
): Promise<Run> {
  const model = new ScriptedModel(steps);
  const events: AgentEvent[] = [];
  const result = await runTurn(
    {
      turnId: tid(`t${++turns}`),
      kind,
      question,
      tables,
      conversation,
      queriesSoFar,
      ...(queryRows ? { queryRows } : {}),
      signal,
      ...(ask ? { ask } : {}),
      ...(look ? { look } : {}),
      ...(nextQueryId ? { nextQueryId } : {}),
      ...(ownQueries ? { ownQueries } : {}),
      emit: (e) => {
        events.push(e);
        onEvent(e);
      },
    },
    { model, engine, modelId: 'claude-sonnet-5-5', tools: SIFT_TOOLS, ...options },
  );
  return { events, model, engine, conversation: result.conversation, state: result.state };
}

/** Every request must be one the real API accepts (the mock's rules). */
export function expectValid(requests: ModelRequest[]): void {
  for (const r of requests)
    expect(
      validateMessagesRequest({
        model: r.model,
        max_tokens: r.maxTokens,
        system: r.system,
        messages: r.messages,
        tools: r.tools,
        stream: true,
      }),
    ).toBeNull();
}

export const lastUser = (r: ModelRequest) => r.messages.at(-1)!;
export const resultsOf = (r: ModelRequest) =>
  lastUser(r).content.filter((b) => b.type === 'tool_result') as Array<{
    tool_use_id: string;
    content: string;
    is_error?: boolean;
  }>;
