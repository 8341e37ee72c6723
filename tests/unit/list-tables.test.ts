/**
 * list_tables, the tool added to show that a tool is one file and a registry line: the model gets
 * every loaded table with its counts, the person sees one line in the trail, and the call is
 * known to the loop, the view and compaction without any of them naming it.
 */
import { describe, expect, it } from 'vitest';
import { reduceAll } from '../../src/core/events/view.ts';
import { TOOLS, describeCall } from '../../src/core/tools/registry.ts';
import { expectValid, resultsOf, turn } from '../helpers/agent-turn.ts';
import { WEATHER } from '../helpers/fake-engine.ts';

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

describe('every tool describes itself', () => {
  it('gives a trail line even for input that is missing or malformed', () => {
    for (const tool of TOOLS) {
      for (const input of [{}, null, 'text', { title: 42, columns: 'x' }])
        expect(describeCall(tool.name, input), tool.name).toMatch(/\S/);
    }
  });

  it('names a tool Sift no longer has as it was called', () => {
    expect(describeCall('old_tool', { x: 1 })).toBe('old_tool');
  });
});
