/**
 * Small local models often write a tool call as JSON in their text reply instead of a tool_use
 * block: Qwen's `<tool_call>{…}</tool_call>`, Llama 3.1's bare `{"name": …, "parameters": …}`,
 * Mistral's `[TOOL_CALLS][…]`, or a fenced JSON block between sentences. Read as prose, the turn
 * would end with JSON on the page and nothing run. Here such calls are found, for the loop to run
 * as if they had come as tool_use blocks, and the prose around them is kept for the page.
 *
 * Only JSON of a call's shape naming one of the turn's tools counts: any other JSON (an example
 * of the data) stays in the text. And only where it stands as the reply's call (issue 46): in a
 * model's own call syntax (`<tool_call>`, `[TOOL_CALLS]`, `<|python_tag|>`), as the whole reply,
 * or in a fenced block that ends it. A call's JSON quoted from the data in the middle of an
 * answer ("the cell reads {"name": "sql_query", …}") is the answer's text, and runs nothing.
 */

export interface TextToolCall {
  name: string;
  input: unknown;
}

/** What a model writes just before a call: Mistral's markers, Llama's python tag. */
const LEAD = /(?:\[TOOL_CALLS\]\s*|<\|python_tag\|>\s*)$/;
/** Mistral's newer form, `[TOOL_CALLS]name[ARGS]{…}`, where the name is outside the JSON. */
const MISTRAL_NAMED = /\[TOOL_CALLS\]\s*([\w.-]+)\s*\[ARGS\]\s*$/;
/** A fence that held only calls (json, tool_call or bare), or tags that did, once they are out. */
const EMPTY_WRAPPERS = /```[\w-]*\s*```|<tool_call>\s*<\/tool_call>|<tool_call>\s*$/g;

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The end (exclusive) of the JSON object or array opening at `start`, or -1. Brackets inside
 * strings do not count, so `"SELECT '}'"` does not end an object early. Each character read is
 * taken from `budget`: a reply of thousands of unclosed `{"` would otherwise take minutes.
 */
function jsonEnd(text: string, start: number, budget: { left: number }): number {
  const closers: string[] = [];
  let inString = false;
  for (let i = start; i < text.length && budget.left-- > 0; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') closers.push('}');
    else if (c === '[') closers.push(']');
    else if (c === '}' || c === ']') {
      if (closers.pop() !== c) return -1;
      if (closers.length === 0) return i + 1;
    }
  }
  return -1;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The tool's own spelling of `name`, matched exactly or else ignoring case. */
function toolName(name: unknown, toolNames: readonly string[]): string | undefined {
  if (typeof name !== 'string') return undefined;
  if (toolNames.includes(name)) return name;
  const lower = name.trim().toLowerCase();
  return toolNames.find((t) => t.toLowerCase() === lower);
}

/** The arguments as an object; given as JSON text (OpenAI's habit) they are parsed. */
function argsOf(value: unknown): Record<string, unknown> | undefined {
  const parsed = typeof value === 'string' ? parseJson(value) : value;
  return isObject(parsed) ? parsed : undefined;
}

/** `value` read as one call, if it has a call's shape and names one of the tools. */
function asCall(value: unknown, toolNames: readonly string[]): TextToolCall | undefined {
  if (!isObject(value)) return undefined;
  const fn = value.function;
  const source = isObject(fn) ? fn : value;
  const name = toolName(source.name ?? (source === value ? value.tool : undefined), toolNames);
  // The arguments must be there: `{"name": "sql_query"}` alone may be data that mentions a tool.
  const key = ['arguments', 'parameters', 'input', 'args'].find((k) => k in source);
  const input = key === undefined ? undefined : argsOf(source[key]);
  return name && input ? { name, input } : undefined;
}

/** A parsed JSON value as calls: one call, or an array made only of calls. */
function asCalls(value: unknown, toolNames: readonly string[]): TextToolCall[] | undefined {
  if (Array.isArray(value)) {
    const calls = value.map((v) => asCall(v, toolNames));
    return calls.length > 0 && calls.every((c) => c !== undefined) ? calls : undefined;
  }
  const call = asCall(value, toolNames);
  return call ? [call] : undefined;
}

/** Mistral's `[TOOL_CALLS]name[ARGS]` just before an object of arguments, read as a call. */
function namedBefore(before: string, value: unknown, toolNames: readonly string[]) {
  const m = MISTRAL_NAMED.exec(before);
  const name = m ? toolName(m[1], toolNames) : undefined;
  return m && name && isObject(value) ? { call: { name, input: value }, lead: m[0].length } : null;
}

/** A model's own call syntax just before the JSON: a `<tool_call>` tag or a LEAD marker. */
const CALL_TAG = /<tool_call>\s*$/;
const FENCE_OPEN = /```[\w-]*\s*$/;

/** Whether the JSON at [start, end) stands as the reply's call, not as text of its answer. */
function standsAsCall(text: string, start: number, end: number, before: string): boolean {
  if (CALL_TAG.test(before) || LEAD.test(before) || MISTRAL_NAMED.test(before)) return true;
  const after = text.slice(end);
  // The whole reply, or a fenced block that ends it (closed or not).
  if (/^\s*$/.test(after) && text.slice(0, start).trim() === '') return true;
  return FENCE_OPEN.test(before) && /^\s*(?:```\s*)?$/.test(after);
}

/** Where JSON may start: `{"`, `{}` or `[{`, with spaces between; prose braces are skipped. */
const OPENING = /[{[]/g;
const LOOKS_JSON = /^(?:\{\s*["}]|\[\s*\{)/;

export function toolCallsInText(
  text: string,
  toolNames: readonly string[],
): { calls: TextToolCall[]; rest: string } {
  const calls: TextToolCall[] = [];
  const cuts: Array<[number, number]> = [];
  // Enough for any real reply to be read many times over; past it the rest is left as prose.
  const budget = { left: 4_000_000 };
  try {
    OPENING.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = OPENING.exec(text)) !== null && budget.left > 0) {
      const start = m.index;
      if (!LOOKS_JSON.test(text.slice(start, start + 64))) continue;
      const end = jsonEnd(text, start, budget);
      const value = end < 0 ? undefined : parseJson(text.slice(start, end));
      if (value === undefined) continue;
      // Valid JSON is passed over whole, call or not: an object inside a data example is data.
      OPENING.lastIndex = end;
      const before = text.slice(Math.max(0, start - 80), start);
      if (!standsAsCall(text, start, end, before)) continue;
      const found = asCalls(value, toolNames);
      const named = found ? null : namedBefore(before, value, toolNames);
      if (found) {
        calls.push(...found);
        cuts.push([start - (LEAD.exec(before)?.[0].length ?? 0), end]);
      } else if (named) {
        calls.push(named.call);
        cuts.push([start - named.lead, end]);
      }
    }
  } catch {
    // Never expected; a reply that cannot be read is left as prose rather than failing the turn.
    return { calls: [], rest: text.trim() };
  }
  if (calls.length === 0) return { calls, rest: text.trim() };
  let rest = '';
  let from = 0;
  for (const [s, e] of cuts) {
    rest += text.slice(from, s);
    from = e;
  }
  rest += text.slice(from);
  rest = rest.replace(EMPTY_WRAPPERS, '').replace(/\n{3,}/g, '\n\n');
  return { calls, rest: rest.trim() };
}
