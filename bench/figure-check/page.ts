/**
 * Runs in Chromium, served by Vite (bench/figure-check.mjs): an answer streamed as the page sees
 * it, a draft growing by the API's deltas, and at each draft what MarkdownText does — render the
 * Markdown, and check the figures against the cited results — timed apart.
 */
import { renderMarkdown } from '../../src/adapters/markdown.ts';
import { checkFigures, type FigureSource } from '../../src/core/figures/check-figures.ts';

/** Results like the ones answers cite: a few groups, a month by month series, a long listing. */
function sources(): Map<string, FigureSource> {
  const months = Array.from({ length: 12 }, (_, i) => [i + 1, 40 + ((i * 97) % 600) + 0.1 * i]);
  const cities = ['Seattle', 'New York', 'Chicago', 'Boston', 'Denver'].map((c, i) => [
    c,
    3.1 + i * 0.37,
    1461 - i,
    4178.6 + i * 123.4,
  ]);
  const days = Array.from({ length: 50 }, (_, i) => [
    `2012-01-${String((i % 28) + 1).padStart(2, '0')}`,
    5 + ((i * 37) % 150) / 10,
    ((i * 53) % 90) / 10,
    ((i * 17) % 80) / 10,
  ]);
  return new Map([
    ['Q1', { columns: ['month', 'rain_mm'], rows: months, rowCount: 12 }],
    ['Q2', { columns: ['city', 'wind', 'days', 'rain'], rows: cities, rowCount: 5 }],
    ['Q3', { columns: ['date', 'temp_max', 'temp_min', 'wind'], rows: days, rowCount: 1461 }],
  ]);
}

/** An answer of about `paragraphs` × 300 characters, with cited figures in every sentence. */
function answer(paragraphs: number): string {
  const parts: string[] = [];
  for (let p = 0; p < paragraphs; p++)
    parts.push(
      `**Finding ${p + 1}.** Seattle averages 3.10 m/s against 3.47 m/s in New York [Q2], 0.37 m/s less, or about 11% less wind [Q2]. ` +
        `November brings ${(40 + ((10 * 97) % 600) + 1).toFixed(1)} mm [Q1], and the day of 2012-01-0${(p % 9) + 1} reached 12.4 °C [Q3]. ` +
        `Across 1,461 days [Q2] the rain totals 4,178.6 mm, some $1.2M of damage by one estimate.`,
    );
  return parts.join('\n\n');
}

interface Result {
  chars: number;
  drafts: number;
  renderMs: number;
  checkMs: number;
  checkMaxMs: number;
  figures: number;
}

function stream(text: string, queries: Map<string, FigureSource>, delta = 16): Result {
  let renderMs = 0;
  let checkMs = 0;
  let checkMaxMs = 0;
  let drafts = 0;
  let figures = 0;
  for (let end = delta; end < text.length + delta; end += delta) {
    const draft = text.slice(0, end);
    const t0 = performance.now();
    renderMarkdown(draft);
    const t1 = performance.now();
    figures = checkFigures(draft, queries).figures.length;
    const t2 = performance.now();
    renderMs += t1 - t0;
    checkMs += t2 - t1;
    checkMaxMs = Math.max(checkMaxMs, t2 - t1);
    drafts++;
  }
  return { chars: text.length, drafts, renderMs, checkMs, checkMaxMs, figures };
}

const queries = sources();
// Warm both paths up, as a page that has shown answers before.
stream(answer(2), queries);
const results = [1, 4, 12].map((n) => stream(answer(n), queries));
(window as unknown as { __figureBench: Result[] }).__figureBench = results;
