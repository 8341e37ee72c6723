import { describe, expect, it } from 'vitest';
import { toolCallsInText } from '../../src/core/agent/text-tool-calls.ts';

const TOOLS = ['sql_query', 'create_plot', 'output_text', 'list_tables', 'finalize'];
const read = (text: string) => toolCallsInText(text, TOOLS);

describe('toolCallsInText', () => {
  it('reads qwen2.5 / qwen3 <tool_call> blocks, with the thinking kept as prose', () => {
    const text = `I'll count the rows first.
<tool_call>
{"name": "sql_query", "arguments": {"query": "SELECT COUNT(*) FROM weather", "description": "Row count"}}
</tool_call>`;
    expect(read(text)).toEqual({
      calls: [
        {
          name: 'sql_query',
          input: { query: 'SELECT COUNT(*) FROM weather', description: 'Row count' },
        },
      ],
      rest: "I'll count the rows first.",
    });
  });

  it('reads two <tool_call> blocks in one reply', () => {
    const text = `<tool_call>
{"name": "list_tables", "arguments": {}}
</tool_call>
<tool_call>
{"name": "sql_query", "arguments": {"query": "SELECT 1", "description": "one"}}
</tool_call>`;
    const { calls, rest } = read(text);
    expect(calls.map((c) => c.name)).toEqual(['list_tables', 'sql_query']);
    expect(rest).toBe('');
  });

  it('reads an unclosed <tool_call> at the end of the reply', () => {
    const { calls, rest } = read('<tool_call>\n{"name": "list_tables", "arguments": {}}\n');
    expect(calls).toEqual([{ name: 'list_tables', input: {} }]);
    expect(rest).toBe('');
  });

  it('reads llama3.1 bare {"name", "parameters"}, with or without the python tag', () => {
    const bare =
      '{"name": "sql_query", "parameters": {"query": "SELECT AVG(temp_max) FROM weather", "description": "Mean high"}}';
    expect(read(bare).calls).toEqual([
      {
        name: 'sql_query',
        input: { query: 'SELECT AVG(temp_max) FROM weather', description: 'Mean high' },
      },
    ]);
    expect(read(bare).rest).toBe('');
    expect(read(`<|python_tag|>${bare}`)).toMatchObject({
      rest: '',
      calls: [{ name: 'sql_query' }],
    });
  });

  it('reads mistral [TOOL_CALLS] arrays and the newer name[ARGS] form', () => {
    const text =
      '[TOOL_CALLS] [{"name": "sql_query", "arguments": {"query": "SELECT 1", "description": "a"}}, {"name": "list_tables", "arguments": {}}]';
    const { calls, rest } = read(text);
    expect(calls.map((c) => c.name)).toEqual(['sql_query', 'list_tables']);
    expect(rest).toBe('');
    expect(read('[TOOL_CALLS]sql_query[ARGS]{"query": "SELECT 2", "description": "b"}')).toEqual({
      calls: [{ name: 'sql_query', input: { query: 'SELECT 2', description: 'b' } }],
      rest: '',
    });
  });

  it('reads a fenced block that ends the reply, keeping the prose before it', () => {
    const text = `Let me chart the monthly totals.

\`\`\`json
{
  "name": "create_plot",
  "arguments": {
    "title": "Rain by month",
    "query_id": "Q2",
    "vega_lite_spec": {"mark": "bar", "encoding": {"x": {"field": "month"}}}
  }
}
\`\`\``;
    const { calls, rest } = read(text);
    expect(calls).toEqual([
      {
        name: 'create_plot',
        input: {
          title: 'Rain by month',
          query_id: 'Q2',
          vega_lite_spec: { mark: 'bar', encoding: { x: { field: 'month' } } },
        },
      },
    ]);
    expect(rest).toBe('Let me chart the monthly totals.');
    // The same block with the answer going on after it is the answer's text: it runs nothing.
    const between = `${text}\n\nThis shows which months are wettest.`;
    expect(read(between)).toEqual({ calls: [], rest: between });
  });

  it('runs no call whose JSON the answer quotes from the data (issue 46)', () => {
    const quoted =
      'The note column of row 3 reads "{"name": "sql_query", "arguments": {"query": "SELECT 1", "description": "x"}}" — an instruction in the data, not mine.';
    expect(read(quoted)).toEqual({ calls: [], rest: quoted });
    const trailing = 'A cell holds this: {"name": "list_tables", "arguments": {}}';
    expect(read(trailing).calls).toEqual([]);
  });

  it('reads ```tool_call and bare fences', () => {
    for (const lang of ['tool_call', '']) {
      const text = `\`\`\`${lang}\n{"tool": "list_tables", "args": {}}\n\`\`\``;
      expect(read(text)).toEqual({ calls: [{ name: 'list_tables', input: {} }], rest: '' });
    }
  });

  it('reads every call shape, and arguments sent as JSON text', () => {
    const shapes = [
      { name: 'output_text', arguments: { text: 'Hi' } },
      { name: 'output_text', parameters: { text: 'Hi' } },
      { name: 'output_text', input: { text: 'Hi' } },
      { tool: 'output_text', input: { text: 'Hi' } },
      { tool: 'output_text', args: { text: 'Hi' } },
      { tool: 'output_text', arguments: { text: 'Hi' } },
      { type: 'function', function: { name: 'output_text', arguments: '{"text": "Hi"}' } },
      { function: { name: 'output_text', arguments: { text: 'Hi' } } },
      { type: 'tool_use', id: 'toolu_1', name: 'output_text', input: { text: 'Hi' } },
      { name: 'output_text', arguments: '{"text": "Hi"}' },
    ];
    for (const shape of shapes) {
      expect(read(JSON.stringify(shape))).toEqual({
        calls: [{ name: 'output_text', input: { text: 'Hi' } }],
        rest: '',
      });
    }
  });

  it('matches a tool name ignoring case, returning the tool’s own spelling', () => {
    expect(read('{"name": "SQL_Query", "arguments": {"query": "SELECT 1"}}').calls).toEqual([
      { name: 'sql_query', input: { query: 'SELECT 1' } },
    ]);
  });

  it('is not fooled by braces and brackets inside strings', () => {
    const text =
      'Running:<tool_call>{"name": "sql_query", "arguments": {"query": "SELECT \'}]\' AS x, \'{\\"a\\": [\' AS y", "description": "odd"}}</tool_call> done';
    const { calls, rest } = read(text);
    expect(calls).toEqual([
      {
        name: 'sql_query',
        input: { query: "SELECT '}]' AS x, '{\"a\": [' AS y", description: 'odd' },
      },
    ]);
    expect(rest).toBe('Running: done');
  });

  it('leaves a data example, unknown tools and call-less objects in the text', () => {
    const text = `The rows look like this:

\`\`\`json
{"name": "Seattle", "arguments": {"rain": 12.5}, "rows": [{"name": "sql_query"}]}
\`\`\`

and {"name": "drop_table", "arguments": {"table": "weather"}} is not a tool; nor is {"name": "sql_query"}.`;
    expect(read(text)).toEqual({ calls: [], rest: text });
  });

  it('does not take a call nested inside a data object, nor an array mixing calls and data', () => {
    const nested = '{"example": {"name": "list_tables", "arguments": {}}}';
    expect(read(nested).calls).toEqual([]);
    const mixed = '[{"name": "list_tables", "arguments": {}}, {"name": "Bob"}]';
    expect(read(mixed)).toEqual({ calls: [], rest: mixed });
  });

  it('leaves a call whose arguments are not an object', () => {
    for (const args of ['"SELECT 1"', '"{not json"', '[1]', 'null']) {
      const text = `{"name": "sql_query", "arguments": ${args}}`;
      expect(read(text)).toEqual({ calls: [], rest: text });
    }
  });

  it('gives plain prose back trimmed, with no calls', () => {
    expect(read('  Rain peaks in {November} [1].  ')).toEqual({
      calls: [],
      rest: 'Rain peaks in {November} [1].',
    });
    expect(read('')).toEqual({ calls: [], rest: '' });
  });

  it('never throws on random text', () => {
    const alphabet = '{}[]":,\\ ntrue<>`/_abc0123456789\n';
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 500; n++) {
      let text = '';
      const length = Math.floor(random() * 120);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      if (n % 5 === 0) text += '{"name": "list_tables", "arguments": {}}';
      if (n % 7 === 0) text = `<tool_call>${text}`;
      expect(() => read(text)).not.toThrow();
    }
    expect(() => read('{'.repeat(5000))).not.toThrow();
    expect(() => read('{"'.repeat(3000))).not.toThrow();
  });
});
