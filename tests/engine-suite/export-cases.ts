/**
 * Office exports as people make them (tests/fixtures/exports: LibreOffice 7.4 in each locale's
 * code page, a UTF-16 "Unicode text", a bank statement, a sheet copied from Chromium): each loads
 * in the encoding it was written in, below any title lines and above any closing total, with its
 * header's names read right, and every figure — amounts in local formats, percentages, dates —
 * equal to the numbers the file was made from (expected.json, computed in make.py from the
 * source values, not from the exports).
 */
import { equal, truthy } from './check.ts';
import { cells, loaded } from './outcomes.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

interface Column {
  name: string;
  type: 'text' | 'number' | 'percent' | 'date';
  count: number;
  format?: string;
  sum?: number;
  min?: number | string;
  max?: number | string;
}

interface Expected {
  encoding: string;
  columns: Column[];
  layout: { rows: number; lines_before_header: number; trailer_rows: number };
}

async function expectations(ctx: SuiteContext): Promise<Record<string, Expected>> {
  const bytes = await ctx.fixture('exports/expected.json');
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, Expected>;
}

const EXPORTS = [
  'fr-libreoffice-windows1252.csv',
  'de-libreoffice-windows1252.csv',
  'es-libreoffice-windows1252.csv',
  'pl-libreoffice-windows1250.csv',
  'cs-libreoffice-iso8859-2.csv',
  'ru-libreoffice-windows1251.csv',
  'tr-libreoffice-windows1254.csv',
  'us-libreoffice-utf8.csv',
  'uk-libreoffice-utf8-quoteall.csv',
  'de-unicode-text-utf16le-tab.txt',
  'fr-utf8-bom.csv',
  'de-bank-statement-windows1252.csv',
  'de-accounting-parentheses-windows1252.csv',
  'browser-paste-chromium-utf8.txt',
  'fr-bank-statement-ddmmyy-windows1252.csv',
  'uk-bank-statement-ddmmyy-utf8.csv',
  'de-sparkasse-camt-ddmmyy-windows1252.csv',
];

/** Rounded to cents, as the sums were written: DECIMAL and DOUBLE sums compare alike. */
const cents = (x: unknown) => (x === null || x === undefined ? null : Math.round(Number(x) * 100));

async function checkColumn(ctx: SuiteContext, table: string, file: string, col: Column) {
  const c = `"${col.name.replaceAll('"', '""')}"`;
  if (col.type === 'text') {
    const [[n]] = (await cells(ctx, `SELECT count(${c}) FROM "${table}"`)) as [[number]];
    equal(Number(n), col.count, `${file}: the values of ${col.name}`);
    return;
  }
  if (col.type === 'date') {
    const [[n, lo, hi]] = (await cells(
      ctx,
      `SELECT count(${c}), CAST(min(${c}) AS VARCHAR), CAST(max(${c}) AS VARCHAR), typeof(any_value(${c})) FROM "${table}"`,
    )) as [[number, string, string]];
    equal([Number(n), lo, hi], [col.count, col.min, col.max], `${file}: the dates of ${col.name}`);
    return;
  }
  const [[n, sum, lo, hi, type]] = (await cells(
    ctx,
    `SELECT count(${c}), sum(${c}), min(${c}), max(${c}), typeof(any_value(${c})) FROM "${table}"`,
  )) as [[number, unknown, unknown, unknown, string]];
  truthy(/DECIMAL|BIGINT|INTEGER|DOUBLE/.test(type), `${file}: ${col.name} is a number (${type})`);
  equal(
    [Number(n), cents(sum), cents(lo), cents(hi)],
    [col.count, cents(col.sum), cents(col.min), cents(col.max)],
    `${file}: the count, sum, min and max of ${col.name}`,
  );
}

export const exportCases: EngineCase[] = [
  {
    name: 'reads office exports in their own encodings and local formats, every figure right',
    async run(ctx) {
      const expected = await expectations(ctx);
      const files = await Promise.all(
        EXPORTS.map(async (name) => ctx.file(name, await ctx.fixture(`exports/${name}`))),
      );
      const outcomes = await ctx.engine.load(files);
      for (const [i, name] of EXPORTS.entries()) {
        const want = expected[name]!;
        const table = loaded(outcomes[i], name);
        equal(table.encoding, want.encoding, `${name}: the encoding`);
        equal(
          table.columns.map((c) => c.original),
          want.columns.map((c) => c.name),
          `${name}: the header`,
        );
        equal(table.rows, want.layout.rows, `${name}: the rows`);
        for (const col of want.columns) await checkColumn(ctx, table.name, name, col);
        // Dates with two-digit years are read by Sift, and said beside the table with the century.
        for (const col of want.columns.filter((c) => /(^|[^y])yy$/.test(c.format ?? '')))
          truthy(
            table.conversions?.some((c) => c.column === col.name && /1969 to 2068/.test(c.how)),
            `${name}: ${col.name} is listed among the conversions with its century rule`,
          );
        // Every converted column is said, with a value as written and as read.
        for (const c of table.conversions ?? [])
          truthy(
            c.example.from && c.example.to && c.how !== undefined,
            `${name}: ${c.column} is said`,
          );
      }
    },
  },
];
