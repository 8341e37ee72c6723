/**
 * The prompts are written from the tools a turn is given (issue 29, item 3): a smaller set (for a
 * small context window, a test, the report) gives a prompt and notes that name no tool the model
 * cannot call, and a tool's advice comes in with the tool.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cutOffNote, stepLimitNote, systemPrompt } from '../../src/core/agent/prompts.ts';
import { SIFT_TOOLS, TOOLS } from '../../src/core/tools/registry.ts';
import { defineTool, ok, type Tool } from '../../src/core/tools/tool.ts';
import { toolSet, type ToolSet } from '../../src/core/tools/tool-set.ts';
import { WEATHER } from '../helpers/fake-engine.ts';

const KINDS = ['analysis', 'question'] as const;

/** Everything the model is told of the tools in a turn given `tools`. */
const told = (tools: ToolSet) =>
  [
    ...KINDS.map((kind) => systemPrompt(kind, [WEATHER], tools)),
    stepLimitNote(15, tools),
    cutOffNote(tools),
  ].join('\n');

/** Tool names as whole words: `sql_query` but not the `query` inside it. */
const names = (text: string, tools: readonly Tool[]) =>
  tools.filter((t) => new RegExp(`(^|[^a-z_])${t.name}([^a-z_]|$)`).test(text)).map((t) => t.name);

describe('the prompts, written from the tools a turn is given', () => {
  it("name every one of Sift's tools that has advice, and its limits", () => {
    const text = told(SIFT_TOOLS);
    const advised = TOOLS.filter((t) => t.guidance).map((t) => t.name);
    expect(names(text, TOOLS)).toEqual(expect.arrayContaining(advised));
    expect(text).toContain('at most 50 rows');
    expect(text).toContain('Queries time out after 30 seconds');
    expect(text).toContain(
      'give the person your answer with output_text (and output_table or create_plot if they help), then call finalize.',
    );
  });

  it('name no tool left out of the set, whichever is left out', () => {
    for (const left of TOOLS) {
      // A tool that needs the one left out goes with it (create_plot draws sql_query's results).
      const out = TOOLS.filter((t) => t === left || t.needs?.includes(left.name));
      const set = toolSet(TOOLS.filter((t) => !out.includes(t)));
      expect(names(told(set), out), `without ${left.name}`).toEqual([]);
    }
  });

  it('refuse a set with a tool that lacks what it needs', () => {
    expect(() => toolSet(TOOLS.filter((t) => t.name !== 'sql_query'))).toThrow(
      'create_plot needs sql_query in the same tool set.',
    );
  });

  it('leave out a part no given tool has advice for, rather than an empty heading', () => {
    const answerOnly = toolSet(TOOLS.filter((t) => ['output_text', 'finalize'].includes(t.name)));
    const analysis = systemPrompt('analysis', [WEATHER], answerOnly);
    expect(analysis).toContain('Your task:\n1. Produce this output: output_text:');
    const none = toolSet([]);
    for (const kind of KINDS) {
      const prompt = systemPrompt(kind, [WEATHER], none);
      expect(prompt).not.toMatch(/Your task:\n\n|Guidelines:\n\n|Guidelines:$/);
      expect(prompt).toContain('How to work:');
    }
  });

  it('give a small set a whole task: explore with SQL, answer in text, end', () => {
    const small = toolSet(
      TOOLS.filter((t) => ['sql_query', 'output_text', 'finalize'].includes(t.name)),
    );
    const analysis = systemPrompt('analysis', [WEATHER], small);
    expect(analysis).toContain('1. Explore the data:\n   - Use sql_query');
    expect(analysis).toContain('2. Then produce this output: output_text:');
    expect(analysis).toContain('3. Call finalize');
    expect(analysis).toContain('and every output_text.');
    expect(stepLimitNote(15, small)).toBe(
      'You have used 15 steps, the limit for one turn. Stop exploring now: give the person your answer with output_text, then call finalize.',
    );
    expect(names(told(small), TOOLS).sort()).toEqual(['finalize', 'output_text', 'sql_query']);
  });

  it("bring a new tool's advice in with the tool, in the order it is given", () => {
    const lookup = defineTool({
      name: 'lookup_codes',
      label: 'Codes',
      description: 'Look up what a code means.',
      schema: z.object({ code: z.string() }),
      describe: () => 'Looked up a code',
      guidance: {
        rules: ['Codes in the data are explained by lookup_codes; call it before guessing.'],
        question: 'When the question names a code, look it up with lookup_codes.',
        analysis: { step: 'explore', text: 'lookup_codes explains the codes of coded columns.' },
      },
      run: async () => ok('A code.'),
    });
    const set = toolSet([...TOOLS, lookup as unknown as Tool]);
    const question = systemPrompt('question', [WEATHER], set);
    expect(question).toContain('- Codes in the data are explained by lookup_codes');
    expect(question).toContain('- When the question names a code, look it up with lookup_codes.');
    const analysis = systemPrompt('analysis', [WEATHER], set);
    expect(analysis).toMatch(/profile_columns gives[^\n]*\n {3}- lookup_codes explains/);
    // And it is gone again from a turn not given it.
    expect(told(SIFT_TOOLS)).not.toContain('lookup_codes');
  });
});
