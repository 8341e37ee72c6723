/**
 * Office exports as people make them (tests/fixtures/exports: LibreOffice 7.4 in each locale's
 * code page, a UTF-16 "Unicode text", a bank statement, a sheet copied from Chromium): each loads,
 * in the encoding it was written in, with its header's names — accents, €, Cyrillic — read right
 * and its rows all there. Their figures, in local number formats, are issue 28's next part.
 */
import { equal } from './check.ts';
import { cells, loaded } from './outcomes.ts';
import type { EngineCase, SuiteContext } from './suite.ts';

interface Expected {
  encoding: string;
  columns: Array<{ name: string; type: string; count: number }>;
  layout: { rows: number; lines_before_header: number; trailer_rows: number };
}

async function expectations(ctx: SuiteContext): Promise<Record<string, Expected>> {
  const bytes = await ctx.fixture('exports/expected.json');
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, Expected>;
}

/** The exports whose header is their first line: a title above it is another matter. */
const PLAIN = [
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
];

export const exportCases: EngineCase[] = [
  {
    name: 'reads office exports in their own encodings, names and rows intact',
    async run(ctx) {
      const expected = await expectations(ctx);
      const files = await Promise.all(
        PLAIN.map(async (name) => ctx.file(name, await ctx.fixture(`exports/${name}`))),
      );
      const outcomes = await ctx.engine.load(files);
      for (const [i, name] of PLAIN.entries()) {
        const want = expected[name]!;
        const table = loaded(outcomes[i], name);
        equal(table.encoding, want.encoding, `${name}: the encoding`);
        equal(
          table.columns.map((c) => c.original),
          want.columns.map((c) => c.name),
          `${name}: the header`,
        );
        equal(table.rows, want.layout.rows, `${name}: the rows`);
        // A text column's values, counted: every one read, none lost to a bad byte.
        const text = want.columns.findIndex((c) => c.type === 'text');
        const column = table.columns[text]!.name;
        equal(
          await cells(ctx, `SELECT count("${column}") FROM "${table.name}"`),
          [[want.columns[text]!.count]],
          `${name}: the values of ${column}`,
        );
      }
    },
  },
];
