/**
 * list_tables and describe_table. list_tables was added to show that a tool is one file and a
 * registry line: the model gets every loaded table with its counts, the person sees one line in
 * the trail, and the call is known to the loop, the view and compaction without any of them
 * naming it. describe_table gives one table's columns, types and issues; with very wide tables
 * the system prompt lists the tables only and the model describes what it needs.
 */
import { describe, expect, it } from 'vitest';
import { PROMPT_MAX_COLUMNS } from '../../src/core/agent/dataset-block.ts';
import { systemPrompt } from '../../src/core/agent/prompts.ts';
import { reduceAll } from '../../src/core/events/view.ts';
import { SIFT_TOOLS, TOOLS } from '../../src/core/tools/registry.ts';
import { callLine, withCallLines } from '../../src/core/tools/call-lines.ts';
import { expectValid, resultsOf, turn } from '../helpers/agent-turn.ts';
import { FakeEngine, WEATHER } from '../helpers/fake-engine.ts';
import { tid } from '../helpers/ids.ts';

const STATIONS = {
  name: 'stations',
  fileName: 'stations.csv',
  rows: 12_345,
  columns: [
    { name: 'id', type: 'VARCHAR' },
    { name: 'lat', type: 'DOUBLE' },
  ],
};

const finalize = { name: 'finalize', input: { session_title: null } };

describe('list_tables', () => {
  it('tells the model every loaded table with its rows, columns and file', async () => {
    const run = await turn(
      [{ tools: [{ name: 'list_tables', input: {} }] }, { tools: [finalize] }],
      {
        tables: [WEATHER, STATIONS],
      },
    );
    expect(run.state).toBe('done');
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.is_error).toBeUndefined();
    expect(result!.content).toContain('2 tables loaded');
    expect(result!.content).toContain(
      `- ${WEATHER.name}: ${WEATHER.rows.toLocaleString('en-US')} rows, ${WEATHER.columns.length} columns`,
    );
    expect(result!.content).toContain('- stations: 12,345 rows, 2 columns (from "stations.csv")');
    expect(run.model.requests[0]!.tools.map((t) => t.name)).toContain('list_tables');
    expectValid(run.model.requests);
    const trail = reduceAll(run.events).turns[0]!.activity;
    expect(trail).toContainEqual(
      expect.objectContaining({ type: 'tool', summary: 'Listed the tables', status: 'done' }),
    );
  });

  it('says so when nothing is loaded', async () => {
    const run = await turn(
      [{ tools: [{ name: 'list_tables', input: {} }] }, { tools: [finalize] }],
      {
        tables: [],
      },
    );
    expect(resultsOf(run.model.requests[1]!)[0]!.content).toBe('No table is loaded.');
  });

  it('refuses input it does not take, as every tool does', async () => {
    const run = await turn([
      { tools: [{ name: 'list_tables', input: 'all' }] },
      { tools: [finalize] },
    ]);
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(result!.content).toContain('Invalid input for list_tables');
  });
});

describe('describe_table', () => {
  it('gives one table its rows, columns with types, and the issues of its profile', async () => {
    const run = await turn(
      [{ tools: [{ name: 'describe_table', input: { name: 'data' } }] }, { tools: [finalize] }],
      { tables: [WEATHER, STATIONS] },
    );
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.is_error).toBeUndefined();
    const lines = result!.content.split('\n');
    expect(lines[0]).toBe('data: 1,461 rows, 6 columns (from "weather.csv")');
    expect(lines).toContain('- date: DATE');
    expect(lines).toContain('- wind: DOUBLE — issues: 3 outliers');
    expect(reduceAll(run.events).turns[0]!.activity).toContainEqual(
      expect.objectContaining({ type: 'tool', summary: 'Described data', status: 'done' }),
    );
  });

  it('names the closest table when the name is wrong', async () => {
    const run = await turn(
      [{ tools: [{ name: 'describe_table', input: { name: 'station' } }] }, { tools: [finalize] }],
      { tables: [WEATHER, STATIONS] },
    );
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.is_error).toBe(true);
    expect(result!.content).toBe(
      'There is no table "station". Did you mean "stations"? Tables: data, stations',
    );
  });

  it('still lists the columns when the profile fails', async () => {
    const engine = new FakeEngine();
    engine.profile = async () => {
      throw new Error('Out of Memory Error');
    };
    const run = await turn(
      [{ tools: [{ name: 'describe_table', input: { name: 'data' } }] }, { tools: [finalize] }],
      { engine },
    );
    const [result] = resultsOf(run.model.requests[1]!);
    expect(result!.is_error).toBeUndefined();
    expect(result!.content).toContain('- wind: DOUBLE\n');
    expect(result!.content).toContain('The profile could not be computed (Out of Memory Error)');
  });
});

describe('the dataset in the system prompt', () => {
  const wide = (name: string, columns: number) => ({
    name,
    fileName: `${name}.csv`,
    rows: 10,
    columns: Array.from({ length: columns }, (_, i) => ({ name: `${name}_c${i}`, type: 'DOUBLE' })),
  });

  it('lists every column while the tables are narrow', () => {
    const prompt = systemPrompt(
      'question',
      [WEATHER, wide('wide', PROMPT_MAX_COLUMNS - 6)],
      SIFT_TOOLS,
    );
    expect(prompt).toContain('  - temp_max: DOUBLE');
    expect(prompt).toContain(`wide_c${PROMPT_MAX_COLUMNS - 7}: DOUBLE`);
  });

  it("puts a file name with $' or $& in the prompt as it is (issue 27)", () => {
    const odd = { ...STATIONS, fileName: "sales$'$&$`.csv" };
    const prompt = systemPrompt('question', [odd], SIFT_TOOLS);
    expect(prompt).toContain('from the file "sales$\'$&$`.csv"');
    // A string replacement would have pasted the prompt's own tail and head in its place.
    expect(prompt.split('You are a data analyst assistant')).toHaveLength(2);
  });

  it('names the tables and their sizes only once they are too wide, and points to describe_table', () => {
    const tables = [WEATHER, wide('a', 150), wide('b', 150)];
    const prompt = systemPrompt('question', tables, SIFT_TOOLS);
    expect(prompt).not.toContain('temp_max');
    expect(prompt).not.toContain('a_c0');
    expect(prompt).toContain('3 tables are loaded, with 306 columns in all');
    expect(prompt).toContain('- a: 10 rows, 150 columns (from "a.csv")');
    expect(prompt).toContain('call describe_table with a table’s name');
  });
});

describe('every tool describes itself', () => {
  it('gives a trail line even for input that is missing or malformed', () => {
    for (const tool of TOOLS) {
      for (const input of [{}, null, 'text', { title: 42, columns: 'x' }])
        expect(callLine(SIFT_TOOLS, tool.name, input).line, tool.name).toMatch(/\S/);
    }
  });

  it('names a tool Sift no longer has as it was called', () => {
    expect(callLine(SIFT_TOOLS, 'old_tool', { x: 1 })).toEqual({
      label: 'old_tool',
      line: 'old_tool',
    });
  });

  it('gives the calls of a session stored before calls carried their line the line they had', () => {
    const turnId = tid('t1');
    const [stored, fresh] = withCallLines(
      [
        {
          type: 'tool_call',
          turnId,
          callId: 'a',
          tool: 'sql_query',
          input: { description: 'Rain by month', query: 'SELECT 1' },
        },
        {
          type: 'tool_call',
          turnId,
          callId: 'b',
          tool: 'sql_query',
          input: {},
          label: 'Kept',
          line: 'as sent',
        },
      ],
      SIFT_TOOLS,
    );
    expect(stored).toMatchObject({ label: 'Query', line: 'Rain by month' });
    expect(fresh).toMatchObject({ label: 'Kept', line: 'as sent' });
  });
});
