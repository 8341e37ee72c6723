/**
 * The scripted providers, for CI (issue 49): the oracle replays a question's reference through
 * the real tool loop — a clarifying question where the benchmark expects one, its SQL where it has
 * one, then its expected answer — and must score 100 %; the wrong provider does the same with a
 * wrong answer and must score 0 %. They speak through the tests' mock of the Messages API, one
 * reply per request, so the page, the SDK, the loop and the tools all run as with a real model.
 */
import type { Step } from '../../tests/mock-anthropic/types.ts';
import type { RunnerQuestion } from './questions.ts';

export type Scripted = 'oracle' | 'wrong';

/** The option the runner picks when the page shows the model's question (drive.ts). */
export const ASKED_OPTIONS = ['The usual reading: the data as it is', 'Something else'];

export function scriptOf(q: RunnerQuestion, provider: Scripted): Step[] {
  const steps: Step[] = [];
  const { sql, needsAsk } = q.reference;
  if (needsAsk)
    steps.push({
      reply: {
        tools: [
          {
            name: 'ask_user',
            input: {
              question: 'Which reading of the question do you mean?',
              options: ASKED_OPTIONS,
            },
          },
        ],
      },
    });
  if (sql)
    steps.push({
      reply: {
        tools: [{ name: 'sql_query', input: { description: 'The reference query', query: sql } }],
      },
    });
  const text = provider === 'oracle' ? q.reference.reply : q.reference.wrongReply;
  steps.push({
    reply: {
      tools: [
        { name: 'output_text', input: { text } },
        { name: 'finalize', input: { session_title: null } },
      ],
    },
  });
  return steps;
}
