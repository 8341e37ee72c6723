import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repairInput, type JsonSchema } from '../../src/core/agent/repair-input.ts';
import { askUser } from '../../src/core/tools/ask-user.ts';
import { createPlot } from '../../src/core/tools/create-plot.ts';
import { finalize } from '../../src/core/tools/finalize.ts';
import { findValue } from '../../src/core/tools/find-value.ts';
import { listTables } from '../../src/core/tools/list-tables.ts';
import { outputTable } from '../../src/core/tools/output-table.ts';
import { outputText } from '../../src/core/tools/output-text.ts';
import { profileColumns } from '../../src/core/tools/profile-columns.ts';
import { sqlQuery } from '../../src/core/tools/sql-query.ts';
import { defineTool, ok, toolSpec, type Tool } from '../../src/core/tools/tool.ts';
import { validateFindingTool } from '../../src/core/tools/validate-finding.ts';

const schemaOf = (tool: Tool) => toolSpec(tool).input_schema as JsonSchema;

/** Repairs `input` for `tool`, and checks that zod then accepts what was repaired. */
function repaired(tool: Tool, input: unknown) {
  const r = repairInput(schemaOf(tool), input);
  if (!r.ok) throw new Error(r.message);
  expect(tool.schema.safeParse(r.input).success).toBe(true);
  return r;
}

function failed(tool: Tool, input: unknown): string {
  const r = repairInput(schemaOf(tool), input);
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.input)}`);
  return r.message;
}

/** Sift has no tool with numbers, booleans or enums yet; this one has, made the same way. */
const sample = defineTool({
  name: 'sample_rows',
  label: 'Sample',
  description: 'Sample rows.',
  schema: z.object({
    table: z.string(),
    limit: z.number().int().describe('How many rows.'),
    share: z.number().optional(),
    distinct: z.boolean().optional(),
    order: z.enum(['asc', 'desc']).optional(),
    tags: z.array(z.enum(['raw', 'clean'])).optional(),
    weights: z.array(z.number()).optional(),
  }),
  describe: () => 'Sample',
  run: () => Promise.resolve(ok('')),
}) as Tool;

describe('repairInput', () => {
  it('keeps fields the tool does not have, for zod to drop, and names them only on failure', () => {
    expect(repaired(outputText, { text: 'Hi', note: 1 }).input).toEqual({ text: 'Hi', note: 1 });
  });

  it('leaves a valid input as it is, with nothing repaired', () => {
    const input = { query: 'SELECT 1', description: 'one' };
    expect(repaired(sqlQuery, input)).toEqual({ ok: true, input, repaired: [] });
  });

  it('parses a whole input sent as JSON text', () => {
    const r = repaired(sqlQuery, ' {"query": "SELECT 1", "description": "one"} ');
    expect(r.input).toEqual({ query: 'SELECT 1', description: 'one' });
    expect(r.repaired).toEqual(['the input: parsed the JSON text into an object']);
  });

  it('parses a Vega-Lite spec sent as JSON text', () => {
    const spec = { mark: 'bar', encoding: { x: { field: 'month', type: 'ordinal' } } };
    const r = repaired(createPlot, {
      title: 'By month',
      vega_lite_spec: JSON.stringify(spec),
      query_id: 'Q1',
    });
    expect(r.input).toEqual({ title: 'By month', vega_lite_spec: spec, query_id: 'Q1' });
    expect(r.repaired).toEqual(['vega_lite_spec: parsed the JSON text into an object']);
  });

  it('parses an array sent as JSON text, and the rows in it', () => {
    const r = repaired(outputTable, {
      title: 'T',
      headers: '["a", "b"]',
      rows: [['x', 1]],
    });
    expect(r.input).toMatchObject({ headers: ['a', 'b'] });
  });

  it('does not parse text that is not JSON of the expected kind', () => {
    expect(failed(createPlot, { title: 'T', vega_lite_spec: '{mark: bar}' })).toMatch(
      /vega_lite_spec: must be object, got string/,
    );
    expect(failed(createPlot, { title: 'T', vega_lite_spec: '[1, 2]' })).toMatch(/vega_lite_spec/);
  });

  it('reads plain numbers in text as numbers, integers only when whole', () => {
    const r = repaired(sample, { table: 't', limit: ' 7 ', share: '-3.5' });
    expect(r.input).toEqual({ table: 't', limit: 7, share: -3.5 });
    expect(r.repaired).toEqual([
      'limit: read the text " 7 " as the number 7',
      'share: read the text "-3.5" as the number -3.5',
    ]);
    expect(failed(sample, { table: 't', limit: '2.5' })).toMatch(/limit: must be integer/);
  });

  it('leaves text that is not a plain number as text, and fails', () => {
    for (const limit of ['1,000', '12abc', '', 'ten', '0x10']) {
      expect(failed(sample, { table: 't', limit })).toMatch(/limit: must be integer, got string/);
    }
  });

  it('reads "true" and "false" as booleans, and nothing else', () => {
    expect(repaired(sample, { table: 't', limit: 1, distinct: 'true' }).input).toMatchObject({
      distinct: true,
    });
    expect(repaired(sample, { table: 't', limit: 1, distinct: 'False' }).input).toMatchObject({
      distinct: false,
    });
    expect(failed(sample, { table: 't', limit: 1, distinct: 'yes' })).toMatch(/distinct/);
    expect(failed(sample, { table: 't', limit: 1, distinct: 1 })).toMatch(/distinct/);
  });

  it('writes a number or boolean given for text as text', () => {
    const r = repaired(findValue, { value: 2015 });
    expect(r.input).toEqual({ value: '2015' });
    expect(r.repaired).toEqual(['value: wrote 2015 as text']);
    expect(repaired(outputText, { text: true }).input).toEqual({ text: 'true' });
  });

  it('puts a single value into a list when the list holds plain values', () => {
    const r = repaired(askUser, { question: 'Which year?', options: 'Yes' });
    expect(r.input).toEqual({ question: 'Which year?', options: ['Yes'] });
    expect(r.repaired).toEqual(['options: put the single value into a list']);
    expect(repaired(profileColumns, { columns: 'price' }).input).toEqual({ columns: ['price'] });
    expect(repaired(sample, { table: 't', limit: 1, weights: 2 }).input).toMatchObject({
      weights: [2],
    });
  });

  it('does not wrap text that may be a list written out, nor a value that is not an item', () => {
    expect(failed(askUser, { question: 'Q?', options: 'Yes, No' })).toMatch(
      /options: must be array of strings, got string/,
    );
    expect(failed(askUser, { question: 'Q?', options: { a: 'Yes' } })).toMatch(/options/);
    expect(failed(outputTable, { title: 'T', headers: ['a'], rows: 'x' })).toMatch(/rows/);
    expect(failed(sample, { table: 't', limit: 1, tags: 'dirty' })).toMatch(/tags/);
    // Only a value valid as an item as it is: two repairs in a row are a guess too many.
    expect(failed(sample, { table: 't', limit: 1, weights: '2' })).toMatch(/weights/);
  });

  it('leaves out null for an optional field, and keeps it where null is allowed', () => {
    const r = repaired(createPlot, { title: 'T', vega_lite_spec: {}, query_id: null });
    expect(r.input).toEqual({ title: 'T', vega_lite_spec: {} });
    expect(r.repaired).toEqual(['query_id: left out the null of an optional field']);
    expect(repaired(finalize, { session_title: null })).toEqual({
      ok: true,
      input: { session_title: null },
      repaired: [],
    });
    expect(failed(sqlQuery, { query: null, description: 'd' })).toMatch(/query: must be string/);
  });

  it('reads an enum option written in other case or with spaces', () => {
    const r = repaired(sample, { table: 't', limit: 1, order: ' DESC', tags: ['Raw'] });
    expect(r.input).toMatchObject({ order: 'desc', tags: ['raw'] });
    expect(failed(sample, { table: 't', limit: 1, order: 'descending' })).toMatch(
      /order: must be one of "asc", "desc", got "descending"/,
    );
  });

  it('mends through anyOf, picking the branch the value fits', () => {
    expect(repaired(finalize, { session_title: 2015 }).input).toEqual({ session_title: '2015' });
    expect(failed(finalize, { session_title: { a: 1 } })).toMatch(
      /session_title: must be string or null/,
    );
  });

  it('takes no input as no parameters for a tool that needs none', () => {
    expect(repaired(listTables, null).input).toEqual({});
    expect(repaired(listTables, '').input).toEqual({});
    expect(failed(sqlQuery, null)).toMatch(/the input: must be object, got null/);
  });

  it('never makes up a missing required field, and says what to send', () => {
    const message = failed(sqlQuery, { sql: 'SELECT 1' });
    expect(message).toMatch(/query: missing \(required\)/);
    expect(message).toMatch(/description: missing \(required\)/);
    expect(message).toMatch(/sql: not a parameter of this tool/);
    expect(message).toContain('- query (string, required): One DuckDB SQL statement.');
    expect(message).toContain('Send for example: {"query":"...","description":"..."}');
  });

  it('names every problem and gives an example with required fields only', () => {
    const message = failed(validateFindingTool, { finding: ['x'], unit: 5 });
    expect(message).toMatch(/finding: must be string, got array/);
    expect(message).toMatch(/query: missing/);
    expect(message).toContain('Send for example: {"finding":"...","query":"..."}');
    expect(message).not.toMatch(/"unit"/);
  });

  it('keeps the message short for a big schema', () => {
    const big = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [
          `field_${i}`,
          { type: 'string', description: 'A long description. '.repeat(20) },
        ]),
      ),
      required: ['field_0', 'field_1'],
    } as JsonSchema;
    const r = repairInput(big, {});
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message.length).toBeLessThanOrEqual(850);
      expect(r.message).toMatch(/field_0: missing/);
      expect(r.message).toContain('Send for example: {"field_0":"...","field_1":"..."}');
    }
  });

  it('checks nested items by path, keeping null where the items allow it', () => {
    const table = {
      title: 'T',
      headers: ['a', 'b'],
      rows: [
        ['x', null],
        ['y', 2],
      ],
    };
    expect(repaired(outputTable, table)).toEqual({ ok: true, input: table, repaired: [] });
    expect(failed(outputTable, { ...table, rows: [['x', { n: 1 }]] })).toMatch(
      /rows\[0\]\[1\]: must be string or number or boolean or null, got object/,
    );
  });

  it('fails for an input that is not an object', () => {
    expect(failed(sqlQuery, ['SELECT 1'])).toMatch(/the input: must be object, got array/);
    expect(failed(sqlQuery, 'SELECT 1')).toMatch(/the input: must be object, got string/);
    expect(failed(sqlQuery, '{"query": "SELECT 1"')).toMatch(/got string/);
  });
});
