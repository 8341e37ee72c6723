/**
 * Three example questions for the tables loaded, from their profiles: what an empty
 * conversation offers a person who does not yet know what to ask (issue 17, "empty states that
 * teach"). Built from column kinds only — a time column, a measure, a category of a few values
 * — never from cell values, so nothing the file says becomes a suggested instruction.
 */
import type { ColumnProfile, TableProfile } from '../../core/data/engine.ts';

const NUMERIC =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|REAL|DOUBLE|DECIMAL(\(.*\))?)$/i;
const TEMPORAL = /^(DATE|TIMESTAMP.*)$/i;
const TEXT = /^(VARCHAR|TEXT|STRING)$/i;
/** Names that look like keys or codes: counted, not summed. */
const KEY_LIKE = /(^id$|_id$|^id_|code$|^zip|postal|phone|year$)/i;

/** A column name as a person would say it: `temp_max` → "temp max". */
function spoken(name: string): string {
  return name.replace(/[_\s]+/g, ' ').trim();
}

/**
 * Names of amounts in the languages of the exports Sift was tried with (tests/fixtures/exports):
 * what a person sums ("total by region"), so asked about first and as a total. Prices, and other
 * columns of cents, come next and are averaged: a sum of unit prices means nothing.
 */
const SUMMED =
  /amount|total|revenue|sales|cost|value|debit|credit|montant|valeur|betrag|summe|umsatz|soll|haben|importe|kwota|warto|celkem|сумма|tutar/i;
const PRICE_LIKE = /price|prix|preis|precio|cena|цена|fiyat/i;
const isAmount = (c: ColumnProfile) => SUMMED.test(c.column) && !PRICE_LIKE.test(c.column);
const rank = (c: ColumnProfile) =>
  isAmount(c) ? 2 : PRICE_LIKE.test(c.column) || /^DECIMAL\(\d+,\s*2\)$/i.test(c.type) ? 1 : 0;

function measures(p: TableProfile): ColumnProfile[] {
  const found = p.columns.filter(
    (c) => NUMERIC.test(c.type) && !KEY_LIKE.test(c.column) && c.uniqueCount > 2,
  );
  // Amounts first, then prices, each group in the table's order (sort is stable).
  return found.sort((a, b) => rank(b) - rank(a));
}

function categories(p: TableProfile): ColumnProfile[] {
  return p.columns.filter(
    (c) => TEXT.test(c.type) && c.uniqueCount >= 2 && c.uniqueCount <= 30 && c.nonNullCount > 0,
  );
}

function times(p: TableProfile): ColumnProfile[] {
  return p.columns.filter((c) => TEMPORAL.test(c.type) && c.uniqueCount > 1);
}

/** Up to three questions, the most specific first; always at least one. */
export function exampleQuestions(profiles: TableProfile[]): string[] {
  const questions: string[] = [];
  const add = (q: string) => {
    if (questions.length < 3 && !questions.includes(q)) questions.push(q);
  };
  for (const p of profiles) {
    const [measure, second] = measures(p);
    const [category] = categories(p);
    const [time] = times(p);
    if (category && measure)
      add(
        `Which ${spoken(category.column)} has the highest ${isAmount(measure) ? 'total' : 'average'} ${spoken(measure.column)}?`,
      );
    if (time && measure)
      add(`How does ${spoken(measure.column)} change over time, month by month?`);
    if (measure && second) add(`Is ${spoken(measure.column)} related to ${spoken(second.column)}?`);
    if (measure)
      add(`What does the distribution of ${spoken(measure.column)} look like? Any outliers?`);
    if (category) add(`How are the rows split across ${spoken(category.column)}?`);
  }
  if (profiles.length > 1) add('How do these tables connect, and what do they say together?');
  add('What are the most interesting things in this data?');
  return questions;
}
