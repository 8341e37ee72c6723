/**
 * Figures checked against the queries they cite (issue 31), on real results: DuckDB (the native
 * build) runs each query over the app's sample (public/data/weather.csv, Vega's weather data) and
 * DuckDB's own Parquet test file (userdata1.parquet), and the answers quote them — rightly,
 * rounded, scaled, as shares, differences, ratios and changes; or wrongly, as a model misreads.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cell } from '../../src/core/data/cell.ts';
import { checkFigures, type FigureSource } from '../../src/core/figures/check-figures.ts';
import { lastScopeStart } from '../../src/core/figures/figures-in-text.ts';

const PEOPLE = "'tests/fixtures/duckdb-parquet/userdata1.parquet'";
const QUERIES: Record<string, string> = {
  // New York 4.96 m/s, 4178.6 mm, 1461 days; Seattle 3.24, 4426, 1461.
  Q1: 'SELECT location, round(avg(wind), 2) AS avg_wind, round(sum(precipitation), 1) AS total_precip, count(*) AS days FROM weather GROUP BY location ORDER BY location',
  // sun 1466 days 50.2 %, rain 1087 37.2, fog 139 4.8, snow 119 4.1, drizzle 111 3.8.
  Q2: 'SELECT weather, count(*) AS days, round(count(*) * 100.0 / sum(count(*)) OVER (), 1) AS pct FROM weather GROUP BY weather ORDER BY days DESC',
  // Seattle's highs by year: 2012 15.28 / 34.4, 2013 16.06 / 33.9, 2014 17 / 35.6, 2015 17.43 / 35.
  Q3: "SELECT year(date) AS year, round(avg(temp_max), 2) AS avg_high, round(max(temp_max), 1) AS hottest FROM weather WHERE location = 'Seattle' GROUP BY 1 ORDER BY 1",
  // Female 482 people, $143,737.76 on average, $69,281,601 in all; Male 451, $154,647.54, $69,591,391.40.
  Q4: `SELECT gender, count(*) AS people, round(avg(salary), 2) AS avg_salary, round(sum(salary), 2) AS total_salary FROM ${PEOPLE} WHERE gender <> '' GROUP BY gender ORDER BY gender`,
  // Seattle's first 50 days: 50 rows, for figures that match nothing by chance.
  Q5: "SELECT date, temp_max, temp_min, wind FROM weather WHERE location = 'Seattle' ORDER BY date LIMIT 50",
};

let connection: DuckDBConnection;
let instance: DuckDBInstance;
const sources = new Map<string, FigureSource>();

function cellOf(v: unknown): Cell {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v === null)
    return v;
  return String(v);
}

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  await connection.run("CREATE TABLE weather AS SELECT * FROM read_csv('public/data/weather.csv')");
  for (const [id, sql] of Object.entries(QUERIES)) {
    const reader = await connection.runAndReadAll(sql);
    const rows = reader.getRowsJS().map((r) => r.map(cellOf));
    sources.set(id, { columns: reader.columnNames(), rows, rowCount: rows.length });
  }
});

afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

/** Each figure of `answer` as written, with its state. */
const states = (answer: string) =>
  checkFigures(answer, sources).figures.map((f) => [f.text, f.state]);

describe('figures that agree with the cited query', () => {
  it.each([
    ['New York is windier: 4.96 m/s against 3.24 m/s in Seattle [Q1].', ['4.96', '3.24']],
    ["New York's wind averages 1.72 m/s more than Seattle's [Q1].", ['1.72']],
    ['New York is about 53% windier than Seattle [Q1].', ['53%']],
    ['That is 1.53× the wind of Seattle [Q1].', ['1.53×']],
    ['Sun is the most common weather, 1,466 days or 50.2% of all days [Q2].', ['1,466', '50.2%']],
    ['Sunny days make up 50.17 % of the record [Q2].', ['50.17 %']],
    ['Sun on 1.5k days of 2.9k in all [Q2].', ['1.5k', '2.9k']],
    ['Rain is 13 pp behind sun [Q2].', ['13 pp']],
    ['The five kinds of weather [Q2] are led by sun with 1466 days.', ['1466']],
    ["Seattle's high rose from 15.28 °C in 2012 to 17.43 °C in 2015 [Q3].", ['15.28', '17.43']],
    ['Across 4 years [Q3] the hottest day reached 35.6 °C.', ['4', '35.6']],
    ['The yearly average high changed by −2.15 °C between them [Q3].', ['−2.15']],
    ['Women earn $143,737.76 on average, men $154,647.54 [Q4].', ['$143,737.76', '$154,647.54']],
    ['In euros that is 143,738 € [Q4].', ['143,738 €']],
    [
      'Salaries total $69.3 million for women and $69.6M for men [Q4].',
      ['$69.3 million', '$69.6M'],
    ],
    ['Men earn about $10.9k more [Q4].', ['$10.9k']],
    ['The average salary is 7.6% higher for men [Q4].', ['7.6%']],
    ['Women are 51.7% of the 933 people with a gender [Q4].', ['51.7%', '933']],
  ])('%s', (answer, figures) => {
    expect(states(answer)).toEqual(figures.map((f) => [f, 'checked']));
  });

  it('says where a checked figure came from, cells included', () => {
    const [wind] = checkFigures('Seattle averages 3.24 m/s [Q1].', sources).figures;
    expect(wind?.note).toBe('3.24: avg_wind, row 2 of Q1');
    expect(wind?.found).toMatchObject({
      queryId: 'Q1',
      how: 'cell',
      cells: [{ row: 1, column: 1 }],
    });
    const [gap] = checkFigures(
      'New York is 1.72 m/s windier, a higher mean [Q1].',
      sources,
    ).figures;
    expect(gap?.found?.how).toBe('difference');
    expect(gap?.found?.cells).toEqual([
      { row: 0, column: 1 },
      { row: 1, column: 1 },
    ]);
  });
});

describe('figures that do not', () => {
  it('marks a misread figure and says what the query has (the issue: 3.54 vs 3.28 for 4.96 and 3.24)', () => {
    const { figures, counts } = checkFigures('Wind: 3.54 vs 3.28 m/s [Q1].', sources);
    expect(figures.map((f) => f.state)).toEqual(['mismatch', 'mismatch']);
    expect(figures[0]?.note).toMatch(/^3\.54 is not in Q1 — Q1 has 3\.24, 4\.96/);
    expect(counts).toEqual({ checked: 0, mismatch: 2, untraced: 0, changed: 0 });
  });

  it.each([
    ['Sun: 51.2% of days [Q2].', '51.2%'],
    ['There were 1,486 sunny days [Q2].', '1,486'],
    ['New York is about 45% windier [Q1].', '45%'],
    // 60.5% is New York's share of the two averages summed: not what "windier" measures.
    ['New York is 60% windier [Q1].', '60%'],
    ['New York has 2.1× the wind [Q1].', '2.1×'],
    ['Men earn $164,647.54 on average [Q4].', '$164,647.54'],
    ['Salaries total $72 million for women [Q4].', '$72 million'],
    ["Seattle's high averaged 16.6 °C in 2013 [Q3].", '16.6'],
  ])('%s', (answer, figure) => {
    expect(states(answer)).toEqual([[figure, 'mismatch']]);
  });

  it('takes a figure of the wrong query for a mismatch, and one citing no query as such', () => {
    expect(states('Seattle averages 3.24 m/s [Q2].')).toEqual([['3.24', 'mismatch']]);
    const [ghost] = checkFigures('It rained 4,426 mm [Q9].', sources).figures;
    expect(ghost?.state).toBe('mismatch');
    expect(ghost?.note).toContain('Q9, which is no query of this session');
  });

  it('checks a figure against the citation beside it, not every citation of its sentence', () => {
    expect(states('Seattle averages 3.24 m/s [Q2]; New York 4.96 m/s [Q1].')).toEqual([
      ['3.24', 'mismatch'],
      ['4.96', 'checked'],
    ]);
    expect(states('It rained 4,178.6 mm in New York [Q1]; fog came on 139 days [Q2].')).toEqual([
      ['4,178.6', 'checked'],
      ['139', 'checked'],
    ]);
  });

  it('reads only what the reader sees: a hidden figure lends no check to a visible one (issue 46)', () => {
    // 4.96 is in Q1, not in Q2: the visible figure cites Q2 and must not be marked checked.
    const hidden = [
      '[r]: http://x.example "New York 4.96 m/s [Q1]"',
      '<!-- New York 4.96 m/s [Q1] -->',
      '![New York 4.96 m/s [Q1]](x.png)',
    ];
    for (const h of hidden)
      expect(states(`${h}\n\nNew York averages 4.96 m/s [Q2].`), h).toEqual([['4.96', 'mismatch']]);
  });

  it('counts the figures of an answer that cites elsewhere as not traced', () => {
    const answer =
      'New York is windier at 4.96 m/s [Q1]. Seattle had 4,426 mm of rain.\n\n- Fog: 139 days';
    expect(states(answer)).toEqual([
      ['4.96', 'checked'],
      ['4,426', 'untraced'],
      ['139', 'untraced'],
    ]);
    expect(checkFigures(answer, sources).counts).toEqual({
      checked: 1,
      mismatch: 0,
      untraced: 2,
      changed: 0,
    });
  });

  it('leaves an answer that cites nothing alone', () => {
    expect(states('Which of the 2 cities should I look at, and 3.5 or 4 m/s?')).toEqual([]);
  });
});

describe('what is not a figure', () => {
  it('skips years, dates, times, quarters, ordinals, list numbers, code and citations', () => {
    const answer = [
      '1. In 2014 the high averaged 17 °C [Q3], on 2014-08-11 at 14:30.',
      '2. The 2nd hottest year, Q3 of 2013, see `SELECT 42` [Q3]: 35.6 °C on 5 March and March 12.',
      'A [link](https://example.com/35.6) and H2O, COVID-19 and v1.2.3 [Q3].',
    ].join('\n');
    expect(states(answer)).toEqual([
      ['17', 'checked'],
      ['35.6', 'checked'],
    ]);
  });

  it('skips a range of years whole, and a long ordered-list number', () => {
    expect(states('Highs rose from 2012-2015 to 17.43 °C [Q3].')).toEqual([['17.43', 'checked']]);
    expect(states('Across 2012–15 the hottest day reached 35.6 °C [Q3].')).toEqual([
      ['35.6', 'checked'],
    ]);
    expect(states('1000. The hottest day reached 35.6 °C [Q3].')).toEqual([['35.6', 'checked']]);
  });

  it('takes a share for a percentage followed by an ordinary word ending in -er', () => {
    expect(states('Sun takes 50.2% other days aside [Q2].')).toEqual([['50.2%', 'checked']]);
    expect(states('Sunny days were 50.17% overall, never 60% windier [Q2].')).toEqual([
      ['50.17%', 'checked'],
      ['60%', 'mismatch'],
    ]);
  });

  it('reads "about 1,200" as rounded to hundreds and "1,200" as exact', () => {
    expect(states('About 1,100 rainy days [Q2].')).toEqual([['1,100', 'checked']]);
    expect(states('Exactly 1,100 rainy days [Q2].')).toEqual([['1,100', 'mismatch']]);
  });

  it('binds a citation after the sentence end to that sentence, not across a line', () => {
    expect(states('New York averages 4.96 m/s. [Q1]')).toEqual([['4.96', 'checked']]);
    expect(states('New York averages 4.96 m/s.\n[Q1] Seattle 3.24 m/s.')).toEqual([
      ['4.96', 'untraced'],
      ['3.24', 'checked'],
    ]);
  });
});

describe('a streaming answer', () => {
  it('leaves the sentence still being written to the end', () => {
    const draft = 'New York averages 4.96 m/s [Q1]. Seattle averages 3.2';
    const open = lastScopeStart(draft);
    expect(draft.slice(open)).toBe(' Seattle averages 3.2');
    const marked = checkFigures(draft, sources).figures.filter((f) => f.start < open);
    expect(marked.map((f) => [f.text, f.state])).toEqual([['4.96', 'checked']]);
    expect(lastScopeStart('- 4.96 m/s [Q1]\n- 3.2')).toBe('- 4.96 m/s [Q1]\n'.length);
    // A stop at the very end may be the decimal point of "4.96" still being typed.
    const typing = 'New York averages 4.96 m/s [Q1]. Seattle averages 3.';
    expect(typing.slice(lastScopeStart(typing))).toBe(' Seattle averages 3.');
  });
});

describe('chance matches', () => {
  /** A seeded generator: the same figures every run. */
  function random(seed: number): () => number {
    let s = seed;
    return () => {
      s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
      return s / 2 ** 31;
    };
  }

  it('rarely takes a made-up figure for one of 50 rows', () => {
    const next = random(31);
    // Finer than the data's own digits (one decimal), so that no figure is a cell by chance:
    // what is left to match are the totals, shares, differences, ratios and changes.
    const made = [
      ...Array.from({ length: 150 }, () => `${(next() * 15).toFixed(3)}`),
      ...Array.from({ length: 150 }, () => `${(next() * 100).toFixed(2)}%`),
      ...Array.from({ length: 150 }, () => `${(0.5 + next() * 3).toFixed(3)}×`),
    ];
    const checked = made.filter(
      (figure) =>
        checkFigures(`Seattle's January was ${figure} higher than usual [Q5].`, sources).figures[0]
          ?.state === 'checked',
    );
    // Pairs of cells of a long result are left out unless the sentence names their rows: with
    // them, 2,450 ordered pairs per column would match nearly any ratio or change.
    expect(checked.length / made.length).toBeLessThan(0.02);
  });
});
