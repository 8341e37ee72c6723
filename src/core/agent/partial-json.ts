/**
 * The value of one string field of a JSON object that is still arriving, e.g. the `text` of an
 * output_text call mid-stream: `{"text": "Nov is the we` gives `Nov is the we`. The SDK's own
 * partial parser leaves an unfinished string out, which would make the answer appear only whole.
 */
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Reads a JSON string body from `at` (just after the opening quote) to its end or the input's. */
function readString(json: string, at: number): { value: string; end: number } {
  let value = '';
  let i = at;
  while (i < json.length) {
    const c = json[i]!;
    if (c === '"') return { value, end: i + 1 };
    if (c !== '\\') {
      value += c;
      i += 1;
      continue;
    }
    const e = json[i + 1];
    if (e === undefined) break;
    if (e === 'u') {
      const hex = json.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      value += String.fromCharCode(parseInt(hex, 16));
      i += 6;
      continue;
    }
    value += ESCAPES[e] ?? e;
    i += 2;
  }
  return { value, end: -1 };
}

/** The top-level string field `key` so far, or null when it has not started arriving. */
export function partialStringField(json: string, key: string): string | null {
  let depth = 0;
  let i = 0;
  let expectKey = false;
  while (i < json.length) {
    const c = json[i]!;
    if (c === '{' || c === '[') {
      depth += 1;
      expectKey = c === '{' && depth === 1;
      i += 1;
    } else if (c === '}' || c === ']') {
      depth -= 1;
      i += 1;
    } else if (c === ',') {
      expectKey = depth === 1;
      i += 1;
    } else if (c === '"') {
      const s = readString(json, i + 1);
      if (s.end < 0) return null;
      i = s.end;
      if (!(expectKey && depth === 1)) continue;
      expectKey = false;
      const colon = /^\s*:\s*/.exec(json.slice(i));
      if (!colon) return null;
      i += colon[0].length;
      if (s.value !== key) continue;
      if (json[i] !== '"') return null;
      return readString(json, i + 1).value;
    } else i += 1;
  }
  return null;
}
