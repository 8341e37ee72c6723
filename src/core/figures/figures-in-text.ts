/**
 * The figures an answer states and the queries it cites beside them (issue 31). Reads the
 * answer's Markdown as written: code, link targets, dates, times, years, ordinals and list numbers
 * are not figures; every other number is, with the unit, scale and rounding it was written with
 * ("$852", "6.3 %", "4.2k", "1.3 million", "2.5×"), so that check-figures.ts can tell whether
 * some value of the cited results rounds to it.
 */

export type FigureUnit = 'plain' | 'percent' | 'points' | 'ratio';

export interface Figure {
  /** Where the figure stands in the text (its number, with its currency, sign and unit). */
  start: number;
  end: number;
  /** The figure as written. */
  text: string;
  /** The number it says, scale applied (4.2k → 4200; 6.3 % → 6.3). */
  value: number;
  /** Written with a sign: it must match a value of that sign. */
  signed: boolean;
  /** Half the last written digit, scale applied: what the figure's own rounding allows. */
  tolerance: number;
  unit: FigureUnit;
  currency: string | null;
  /** The scope it stands in (a sentence, a list item, a line): its citations apply to it. */
  scope: number;
  /** The words right after it ("windier than", "of all days"), which say what it measures. */
  then: string;
}

export interface Citation {
  start: number;
  end: number;
  ids: string[];
  scope: number;
}

export interface FiguresInText {
  figures: Figure[];
  citations: Citation[];
  /** Each scope's text, for the words around a figure (comparisons, row labels). */
  scopes: string[];
}

/**
 * `[Q3]` cites a query of the conversation, `[@revenue]` a notebook cell by its name (Pandoc's
 * citation mark; core/events/notebook.ts CELL_NAME), `[Q3, @revenue]` both.
 */
export const CITED_ID = String.raw`(?:Q\d{1,5}|@[a-z_][a-z0-9_]{0,59})`;
const CITATION = new RegExp(String.raw`\[(${CITED_ID}(?:\s*,\s*${CITED_ID})*)\]`, 'g');

/**
 * What is never a figure, blanked (same length, so positions hold) before numbers are read:
 * code, link targets, dates and times, quarters and weeks, and ordered-list numbers.
 */
const CODE: RegExp[] = [/```[\s\S]*?(?:```|$)/g, /`[^`\n]*`/g];
/**
 * What the reader never sees, blanked with its citations before anything is read (issue 46): a
 * link reference definition renders nothing, yet its title `[r]: http://x "North is 12% [Q1]"`
 * lent a checked mark to the next visible 12%; an HTML comment; an image's alt text (no image is
 * drawn: adapters/markdown.ts).
 */
const HIDDEN: RegExp[] = [
  /^ {0,3}\[[^\]\n]+\]:[ \t]*\S+(?:[ \t]*\n?[ \t]*(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/gm,
  /<!--[\s\S]*?(?:-->|$)/g,
  /!\[(?:[^[\]\n]|\[[^[\]\n]*\])*\]\([^)\n]*\)/g,
];
const NOT_FIGURES: RegExp[] = [
  /\]\([^)\s]*\)/g,
  /\bhttps?:\/\/\S+/g,
  // A range of years ("2019-2020", "2010–15") before a date, which would take "2019-20" of it.
  /\b(?:1[89]|20)\d{2}\s?[-–]\s?\d{2,4}\b(?![-–/.:]\d)/g,
  /\b\d{4}-\d{1,2}(?:-\d{1,2})?(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?!\d)/g,
  /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/g,
  /\b\d{1,2}\/\d{4}\b/g,
  /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?/gi,
  /\b[QHW][1-5]\b/g,
  // CommonMark's ordered-list numbers go up to nine digits.
  /^[ \t]*\d{1,9}[.)](?=\s)/gm,
];

const MONTH =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?$/i;
const MONTH_AFTER =
  /^\s(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;
const APPROXIMATE =
  /\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|some|over|under|more than|less than|close to|just over|just under)\s*$|~\s*$|≈\s*$/i;

/**
 * A number: a sign, a currency before it, digits grouped by commas (or by dots with a decimal
 * comma), a fraction; then a scale, a unit or a currency after it.
 */
const NUMBER =
  /(?<sign>[-−–+]?)(?<pre>(?:US\$|A\$|C\$|[$€£¥₹]|(?:USD|EUR|GBP|CHF|JPY)\s?)?)(?<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d+|\d+(?:[.,]\d+)?)(?<post>(?:\s?(?:%|percent\b|per cent\b|pp\b|pts?\b|percentage points?\b|[x×](?![\p{L}\d])|times\b|k\b|K\b|thousand\b|mn\b|M\b|million\b|bn\b|B\b|billion\b|tn\b|trillion\b|m\b|€|(?:USD|EUR|GBP|CHF)\b))?)/gu;

const SCALES: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  thousand: 1e3,
  mn: 1e6,
  M: 1e6,
  million: 1e6,
  bn: 1e9,
  B: 1e9,
  billion: 1e9,
  tn: 1e12,
  trillion: 1e12,
};

function blank(text: string, pattern: RegExp): string {
  return text.replace(pattern, (m) => m.replace(/[^\n]/g, ' '));
}

/** Scope boundaries: line ends, and a sentence's end (a stop, then space and a capital or end). */
function scopesOf(text: string): { starts: number[]; texts: string[] } {
  const starts = [0];
  const end = /\n|[.!?](?=\s+(?:[\p{Lu}*_#>[(-]|\d)|\s*$)/gu;
  for (let m = end.exec(text); m; m = end.exec(text)) starts.push(m.index + m[0].length);
  const texts = starts.map((s, i) => text.slice(s, starts[i + 1] ?? text.length));
  return { starts, texts };
}

function scopeAt(starts: number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The number in `digits`, and the size of its last written digit. */
function parseDigits(digits: string): { value: number; step: number; integer: string } {
  let normal = digits;
  // A dot-grouped number with a decimal comma (1.234,5), or a lone decimal comma (3,5 or 3,54):
  // a comma before exactly three digits is a thousands separator.
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(digits))
    normal = digits.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(digits) || /^\d+,\d{4,}$/.test(digits))
    normal = digits.replace(',', '.');
  else normal = digits.replace(/,/g, '');
  const [integer = '', fraction = ''] = normal.split('.');
  return { value: Number(normal), step: 10 ** -fraction.length, integer };
}

/**
 * `markdown` with all that is never a figure blanked, and its citations. Code first (a `[Q3]` in
 * code is code, as adapters/markdown.ts renders it), then citations (before quarters, which a
 * citation's id looks like).
 */
function prepared(markdown: string): { text: string; citations: Array<Omit<Citation, 'scope'>> } {
  let text = markdown;
  for (const pattern of CODE) text = blank(text, pattern);
  for (const pattern of HIDDEN) text = blank(text, pattern);
  const citations: Array<Omit<Citation, 'scope'>> = [];
  text = text.replace(CITATION, (m, ids: string, at: number) => {
    citations.push({ start: at, end: at + m.length, ids: ids.split(/\s*,\s*/) });
    return ' '.repeat(m.length);
  });
  for (const pattern of NOT_FIGURES) text = blank(text, pattern);
  return { text, citations };
}

/**
 * The figures and citations of `markdown`. Positions are in `markdown` itself; a figure's scope
 * is the sentence, list item or line it stands in.
 */
export function figuresInText(markdown: string): FiguresInText {
  const { text, citations } = prepared(markdown);
  const { starts, texts } = scopesOf(text);
  const figures: Figure[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const g = m.groups as Record<string, string>;
    const at = m.index;
    const before = text.slice(Math.max(0, at - 12), at);
    const numberAt = at + (g.sign?.length ?? 0) + (g.pre?.length ?? 0);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 14);
    // Part of a word or of another number (H2O, COVID-19, v1.2.3, 3D, 10am, 2nd).
    if (/[\p{L}\p{N}_.]$/u.test(before) && !g.pre) continue;
    if (g.sign && /[\p{L}\p{N}]$/u.test(before)) continue;
    if (/^[\p{L}\p{N}_]/u.test(after) && !g.post) continue;
    if (/^[.,]\d/.test(after)) continue;
    const { value, step, integer } = parseDigits(g.digits as string);
    if (!Number.isFinite(value)) continue;
    const post = (g.post ?? '').trim();
    const unit: FigureUnit = /^(?:%|percent|per cent)$/.test(post)
      ? 'percent'
      : /^(?:pp|pts?|percentage points?)$/.test(post)
        ? 'points'
        : /^(?:[x×]|times)$/.test(post)
          ? 'ratio'
          : 'plain';
    const currencyAfter = /^(?:€|USD|EUR|GBP|CHF)$/.test(post) ? post : null;
    const currency = g.pre ? g.pre.trim() : currencyAfter;
    // "m" means million only after a currency ($3.5m); elsewhere it is a metre or a minute.
    const scale = SCALES[post] ?? (post === 'm' && currency ? 1e6 : 1);
    const plainInteger = step === 1 && scale === 1 && unit === 'plain' && !currency;
    // A year, or a day of a month (5 March, March 5): not a figure.
    if (plainInteger && value >= 1800 && value <= 2100 && !/,/.test(g.digits as string)) continue;
    if (plainInteger && value <= 31 && (MONTH.test(before.trimEnd()) || MONTH_AFTER.test(after)))
      continue;
    // "about 1,200": its trailing zeros are its rounding (not "about 60 %", which means 60).
    let digitStep = step;
    if (step === 1 && value >= 100 && APPROXIMATE.test(before)) {
      const zeros = /0+$/.exec(integer)?.[0].length ?? 0;
      digitStep = 10 ** Math.min(zeros, Math.max(0, integer.length - 1));
    }
    const sign = g.sign && g.sign !== '+' ? -1 : 1;
    // A metre or a minute is not part of the figure; the other units and currencies are.
    const unitLess = post === 'm' && !currency;
    const end = unitLess
      ? numberAt + (g.digits as string).length
      : at + m[0].length - ((g.post ?? '').length - (g.post ?? '').trimEnd().length);
    figures.push({
      start: at,
      end,
      text: markdown.slice(at, end),
      then: text.slice(end, end + 24).trim(),
      value: sign * value * scale,
      signed: sign < 0,
      tolerance: (digitStep * scale) / 2,
      unit,
      currency,
      scope: scopeAt(starts, numberAt),
    });
  }
  return {
    figures,
    citations: citations.map((c) => attach(c, starts, texts)),
    scopes: texts,
  };
}

/**
 * A citation's scope; one that opens its sentence ("… 3.24 m/s. [Q2]") belongs to the one before.
 */
function attach(c: Omit<Citation, 'scope'>, starts: number[], texts: string[]): Citation {
  const scope = scopeAt(starts, c.start);
  const from = starts[scope] as number;
  const lead = (texts[scope] ?? '').slice(0, c.start - from);
  // Not across a line's end: a line of its own is a list item or a paragraph.
  const opens = scope > 0 && lead.trim() === '' && texts[scope - 1]?.endsWith('\n') === false;
  return { ...c, scope: opens ? scope - 1 : scope };
}

/**
 * Where the last scope of `markdown` begins: while an answer streams, the sentence still being
 * written, whose figures may be half-typed ("4.9" of "4.96") or not yet cited, is not marked.
 */
export function lastScopeStart(markdown: string): number {
  // Read as the figures are; a stop at the very end may be a decimal point still being typed.
  const { text } = prepared(markdown);
  return scopesOf(text.replace(/[.!?]\s*$/, (m) => ' '.repeat(m.length))).starts.at(-1) ?? 0;
}

/**
 * `markdown` with each citation's ids renamed by `rename` (an answer's `[Q3]` becomes the
 * notebook's `[@revenue]`); citations in code stay as written, as they are not citations there.
 */
export function renameCitations(markdown: string, rename: (id: string) => string): string {
  let out = '';
  let from = 0;
  for (const c of prepared(markdown).citations) {
    out += `${markdown.slice(from, c.start)}[${c.ids.map(rename).join(', ')}]`;
    from = c.end;
  }
  return out + markdown.slice(from);
}
