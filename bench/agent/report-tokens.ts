/**
 * What the report and the follow-up suggestions cost in tokens, on the sample: the scripted
 * analysis and question of tests/fixtures/weather-script.ts played by the loop against the
 * worker's own engine (duckdb-wasm in Node) on public/data/weather.csv, then (a) the report request built from that session, and
 * (b) the suggestions two ways — as a field of `finalize` (what Sift does) or as a separate small
 * call after each answer (the ancestor analyst's way). Tokens are characters / 3.5, as in tokens.ts.
 */
import { emptyConversation } from '../../src/core/model/conversation.ts';
import { datasetBlock } from '../../src/core/agent/prompts.ts';
import { runTurn, toolSpecs } from '../../src/core/agent/run-turn.ts';
import type { AgentEvent } from '../../src/core/events/events.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { buildReportInput } from '../../src/core/report/report-input.ts';
import { REPORT_REQUEST, REPORT_SYSTEM } from '../../src/core/report/report-prompt.ts';
import { weatherAnalysis, weatherQuestion } from '../../tests/fixtures/weather-script.ts';
import { describeLoaded, openNodeAgentEngine } from '../../tests/helpers/node-agent-engine.ts';
import { ScriptedModel } from '../../tests/helpers/scripted-model.ts';
import { estTokens } from './stats.ts';
import { toScripted } from './tokens.ts';

const MODEL_ID = 'claude-sonnet-5-5';

export interface ReportTokens {
  report: {
    systemChars: number;
    findingsChars: number;
    tokens: number;
    queries: number;
    charts: number;
  };
  suggestions: {
    /** The three suggestions as finalize's input carries them. */
    outputChars: number;
    /** What the finalize tool's spec grew by to ask for them (cached with the tools). */
    specChars: number;
    /** A separate call: instructions, the dataset, the question and the answer. */
    separateInputChars: number;
  };
}

const SUGGESTIONS = [
  'How many rainy days does each city have?',
  'Which year was driest in Seattle?',
  'Is wind stronger in winter than in summer?',
];

/** The ancestor analyst's suggestion call, written as Sift would send it (not sent anywhere here). */
const SEPARATE_PROMPT =
  'Suggest three short follow-up questions (each under 12 words) that the person could ask next about this data, given their last question and the answer. Reply with a JSON array of strings only.';

export async function measureReportTokens(csvPath: string): Promise<ReportTokens> {
  const engine = await openNodeAgentEngine(csvPath);
  try {
    const tables = await describeLoaded(engine);
    const events: AgentEvent[] = [];
    let conversation = emptyConversation();
    let queriesSoFar = 0;
    for (const [kind, script, question] of [
      ['analysis', weatherAnalysis(), null],
      ['question', weatherQuestion('Q2'), 'Which month is wettest in Seattle?'],
    ] as const) {
      const model = new ScriptedModel(script.map(toScripted));
      const result = await runTurn(
        {
          turnId: `bench-${kind}`,
          kind,
          question,
          tables,
          conversation,
          queriesSoFar,
          signal: new AbortController().signal,
          emit: (e) => events.push(e),
        },
        { model, engine, modelId: MODEL_ID },
      );
      conversation = result.conversation;
      queriesSoFar = events.filter((e) => e.type === 'query_result').length;
    }
    const view = reduceAll(events);
    const profile = await engine.profile('data');
    const input = buildReportInput({
      title: view.title,
      tables,
      profiles: { data: profile },
      view,
    });
    const findingsChars = REPORT_REQUEST(input.text).length;

    const finalize = toolSpecs().find((t) => t.name === 'finalize')!;
    const withoutSuggestions = {
      ...finalize,
      description: finalize.description.replace(/ Also pass up to[\s\S]*$/, ''),
      input_schema: {
        ...finalize.input_schema,
        properties: {
          session_title: (finalize.input_schema.properties as Record<string, unknown>)
            .session_title,
        },
      },
    };
    const answer = view.turns
      .at(-1)!
      .items.flatMap((i) => (i.type === 'text' ? [i.text] : []))
      .join('\n');
    return {
      report: {
        systemChars: REPORT_SYSTEM.length,
        findingsChars,
        tokens: estTokens(REPORT_SYSTEM.length + findingsChars),
        queries: input.queryIds.length,
        charts: input.charts.length,
      },
      suggestions: {
        outputChars: JSON.stringify({ suggestions: SUGGESTIONS }).length,
        specChars: JSON.stringify(finalize).length - JSON.stringify(withoutSuggestions).length,
        separateInputChars:
          SEPARATE_PROMPT.length +
          datasetBlock(tables).length +
          'Which month is wettest in Seattle?'.length +
          answer.length,
      },
    };
  } finally {
    engine.close();
  }
}
