/**
 * A lexical view of SQL text: strings, quoted identifiers and comments blanked out, so that
 * semicolons, parentheses and keywords can be found where they are code. It decides nothing
 * about what may run (DuckDB's parser does); it shapes statements and the wording of refusals.
 */

/**
 * The text with comments replaced by spaces and the inside of quoted strings, identifiers and
 * dollar-quoted strings replaced by `x`, position for position.
 */
export function maskSql(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c && sql[j + 1] === c) j += 2;
        else if (sql[j] === c) break;
        else j++;
      }
      const stop = Math.min(j + 1, sql.length);
      out += c + 'x'.repeat(Math.max(0, stop - i - 2)) + (j < sql.length ? c : '');
      i = stop;
    } else if (c === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i))) {
      const tag = (/^\$[A-Za-z_]*\$/.exec(sql.slice(i)) as RegExpExecArray)[0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end === -1 ? sql.length : end + tag.length;
      out += tag + 'x'.repeat(Math.max(0, stop - i - 2 * tag.length)) + (end === -1 ? '' : tag);
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Trims the statement, and drops trailing semicolons and the comments around them. */
export function stripTrailing(sql: string): string {
  let text = sql.trim();
  for (;;) {
    const code = maskSql(text).trimEnd();
    if (!code.endsWith(';')) return text.slice(0, code.length).trim() === '' ? '' : text;
    text = text.slice(0, code.length - 1).trimEnd();
  }
}

/** True when a semicolon stands in the code itself, i.e. the text holds more than one statement. */
export function hasStatementSeparator(sql: string): boolean {
  return maskSql(sql).includes(';');
}

/**
 * The keyword the statement's main clause starts with: its first word, or after a leading
 * `WITH name AS (…), …` list the first word that follows it (e.g. INSERT).
 */
export function mainKeyword(sql: string): string {
  const code = maskSql(sql);
  const words = [...code.matchAll(/[A-Za-z_]+|[(),]/g)].map((m) => m[0]);
  const first = (words[0] ?? '').toUpperCase();
  if (first !== 'WITH') return first;
  let depth = 0;
  let afterClose = false;
  for (const w of words.slice(1)) {
    if (w === '(') depth++;
    else if (w === ')') {
      depth--;
      afterClose = depth === 0;
      continue;
    } else if (depth === 0 && afterClose && w !== ',') return w.toUpperCase();
    afterClose = false;
  }
  return first;
}
