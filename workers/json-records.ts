/**
 * The first records of a JSON array from its head, which may be cut anywhere: enough to learn the
 * order of the keys as the file writes them (DuckDB's reader sorts them by name).
 */

/**
 * Up to `max` whole elements of the array that `text` starts, parsed; an element cut by the end
 * of `text`, and any that does not parse, is left out.
 */
export function firstRecords(text: string, max: number): unknown[] {
  const out: unknown[] = [];
  const open = text.indexOf('[');
  if (open < 0) return out;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  for (let i = open + 1; i < text.length && out.length < max; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      if (depth === 0 && start < 0) start = i;
    } else if (ch === '{' || ch === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}' || ch === ']') {
      if (depth === 0) break; // the array's own end
      depth--;
      if (depth === 0) take(text.slice(start, i + 1));
    } else if (ch === ',' && depth === 0) {
      if (start >= 0 && text[start] !== '{' && text[start] !== '[') take(text.slice(start, i));
    } else if (depth === 0 && start < 0 && ch !== undefined && !/\s/.test(ch)) start = i;
  }
  return out;

  function take(element: string) {
    start = -1;
    try {
      out.push(JSON.parse(element));
    } catch {
      // Not whole JSON: left out.
    }
  }
}

/** Every key of the records, in the order they first appear. */
export function keyOrder(records: unknown[]): string[] {
  const seen = new Set<string>();
  for (const r of records)
    if (typeof r === 'object' && r !== null && !Array.isArray(r))
      for (const key of Object.keys(r)) seen.add(key);
  return [...seen];
}
