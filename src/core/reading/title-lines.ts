/**
 * Lines above a delimited table's header (a report title, an account holder, an opening
 * balance) and below its last row (a closing total), as office exports write them: LibreOffice
 * and Excel pad such a line with empty fields to the table's width (`Title;;;;;;;`), so DuckDB's
 * sniffer takes it for the header. The rule is the sheet loader's (sheet-table.ts): the header is
 * the first line nearly as full as the fullest near the top.
 */

/** How many lines are looked at for the header, and for the width of a full line. */
const HEADER_SEARCH = 20;
const WIDTH_LINES = 50;
const DELIMITERS = [';', ',', '\t', '|'] as const;
/** "Total" in the languages of the exports Sift was tried with (tests/fixtures/exports). */
const TOTAL_WORDS =
  /\b(total|totals|sum|summe|gesamt|saldo|kontostand|totaal|totale|somme|suma|razem|celkem|toplam)\b|итого|всего/i;

/** A line's fields, split on `delimiter` outside double quotes, unquoted and trimmed. */
export function fields(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') {
      if (quoted && line[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = !quoted;
    } else if (c === delimiter && !quoted) {
      out.push(field.trim());
      field = '';
    } else field += c;
  }
  out.push(field.trim());
  return out;
}

const filled = (f: string[]) => f.filter((x) => x !== '').length;

/** The delimiter whose field count most lines share (more than one field); null if none. */
export function likelyDelimiter(lines: string[]): string | null {
  let best: { delimiter: string; score: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const n = fields(line, delimiter).length;
      if (n > 1) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    const score = Math.max(0, ...counts.values());
    if (score > (best?.score ?? 0)) best = { delimiter, score };
  }
  return best && best.score >= 2 ? best.delimiter : null;
}

export interface Framing {
  delimiter: string;
  /**
   * Lines to skip before the header, comment lines not counted (DuckDB's `skip` counts lines
   * after its comments are taken out), and the ones with text (for the page).
   */
  skip: number;
  titles: string[];
  /** The fields a full line fills, near the top. */
  widest: number;
  /**
   * `#` when lines start with it above the header or between rows (`# Export from …`), to be
   * read as comments; '' when such lines stand beside other lines that hold a `#` (`Order #5`),
   * which DuckDB's comment reading would cut (measured on 1.4.3); null when there are none.
   */
  comment: '#' | '' | null;
  /** The comment lines seen in the head, as written. */
  comments: string[];
}

/** A line that starts with `#` and is not as full as a row: a comment, not a header. */
const commentLine = (line: string, delimiter: string, widest: number) =>
  /^\s*#/.test(line) && filled(fields(line, delimiter)) < widest;

/**
 * Where the table starts in the head of a file (its text up to a whole line): the lines above
 * its header, none when the first line is the header; null when no delimiter shows.
 */
export function framing(head: string): Framing | null {
  let lines = head.split(/\r?\n/).slice(0, WIDTH_LINES + HEADER_SEARCH);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const hashed = (l: string) => /^\s*#/.test(l);
  const delimiter = likelyDelimiter(lines.filter((l) => l.trim() !== '' && !hashed(l)));
  if (!delimiter) return null;
  const widest = Math.max(
    ...lines.slice(0, WIDTH_LINES).map((l) => (hashed(l) ? 0 : filled(fields(l, delimiter)))),
  );
  if (widest < 2) return null;
  const all = lines;
  const comments = all.filter((l) => commentLine(l, delimiter, widest));
  if (comments.length) lines = all.filter((l) => !commentLine(l, delimiter, widest));
  const counts = lines.map((l) => filled(fields(l, delimiter)));
  const header = counts.findIndex(
    (n, i) => i < HEADER_SEARCH && n >= Math.max(2, Math.ceil(widest * 0.6)),
  );
  if (header < 0) return null;
  // Lines with a quote left open would shift the count: not a title block then.
  const above = lines.slice(0, header);
  if (above.some((l) => (l.match(/"/g)?.length ?? 0) % 2 === 1)) return null;
  const titles = above
    .map((l) =>
      fields(l, delimiter)
        .filter((x) => x !== '')
        .join(' '),
    )
    .filter((t) => t !== '');
  const comment = comments.length === 0 ? null : lines.some((l) => l.includes('#')) ? '' : '#';
  // With comments read as data, the lines above the header are counted as they stand.
  const skip = comment === '' ? all.indexOf(lines[header]!) : header;
  return { delimiter, skip, titles, widest, comment, comments };
}

/**
 * The lines at the end of a file's text that are not rows of its table (a closing balance
 * `;;;;Neuer Kontostand;;;-2,69`): few fields filled where the rows above fill many. Their text,
 * last line last; empty when the table runs to the end.
 */
export function trailer(tail: string, delimiter: string, widest: number): string[] {
  const lines = tail.split(/\r?\n/);
  // The first line of a tail may be cut; blank lines at the end are nothing.
  lines.shift();
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  const sparse = (l: string) =>
    filled(fields(l, delimiter)) <= Math.max(2, Math.floor(widest * 0.3));
  let n = 0;
  while (n < 3 && n < lines.length && sparse(lines[lines.length - 1 - n]!)) n++;
  const rows = lines
    .slice(0, lines.length - n)
    .filter((l) => l.trim() !== '')
    .slice(-20);
  // Only below rows that are all full: a table of sparse rows has no trailer to tell apart.
  if (n === 0 || rows.length < 3 || rows.some(sparse)) return [];
  const below = lines.slice(lines.length - n).filter((l) => l.trim() !== '');
  // And only a line that says it is a total, or leaves empty the first field every row fills.
  const firstFilled = rows.every((l) => fields(l, delimiter)[0] !== '');
  const isTrailer = (l: string) =>
    TOTAL_WORDS.test(l) || (firstFilled && fields(l, delimiter)[0] === '');
  return below.every(isTrailer) ? below : [];
}
