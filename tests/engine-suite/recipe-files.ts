/**
 * The files whose recipes are checked: by the engine suite (recipe-cases.ts), and by running
 * them in native DuckDB (tests/integration/recipe-native.test.ts).
 */

/** Files LibreOffice wrote in many locales (tests/fixtures/exports/README.md). */
export const EXPORT_FILES = [
  'us-libreoffice-utf8.csv',
  'uk-libreoffice-utf8-quoteall.csv',
  'uk-bank-statement-ddmmyy-utf8.csv',
  'fr-utf8-bom.csv',
  'browser-paste-chromium-utf8.txt',
  'de-unicode-text-utf16le-tab.txt',
  'de-bank-statement-windows1252.csv',
  'de-libreoffice-windows1252.csv',
  'de-accounting-parentheses-windows1252.csv',
  'de-sparkasse-camt-ddmmyy-windows1252.csv',
  'fr-bank-statement-ddmmyy-windows1252.csv',
  'fr-libreoffice-windows1252.csv',
  'es-libreoffice-windows1252.csv',
  'pl-libreoffice-windows1250.csv',
  'cs-libreoffice-iso8859-2.csv',
  'ru-libreoffice-windows1251.csv',
  'tr-libreoffice-windows1254.csv',
];

/** Windows-1252 bytes of Latin-1 text, with `€` (0x80) where the text has one. */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => (c === '€' ? 0x80 : c.charCodeAt(0)));
}

/** Small files that each show one thing Sift does after DuckDB's read. */
export const CRAFTED_FILES: Array<{ name: string; bytes: () => Uint8Array }> = [
  {
    // `;`, decimal commas, dd.mm.yy dates, Yes/No, a comment line and a closing total.
    name: 'orders;yes-no.csv',
    bytes: () =>
      new TextEncoder().encode(
        [
          '# exported by the shop',
          'Datum;Betrag;Bezahlt;Kunde',
          '31.12.24;1.234,56;Yes;Müller',
          '01.02.25;-7,50;No;Zoë',
          "15.03.25;12,00;yes;O'Brien",
          ';1.239,06;;',
          '',
        ].join('\n'),
      ),
  },
  {
    // A byte of 0x80–0x9F (`€`): Windows-1252 Sift makes UTF-8 itself.
    name: 'prices-euro.csv',
    bytes: () =>
      windows1252(
        ['Artikel;Preis;Währung', 'Kaffee;3,20;€', 'Crème brûlée;6,90;€', 'Tee;2,10;€', ''].join(
          '\n',
        ),
      ),
  },
  {
    // Latin-1 text with no byte of 0x80–0x9F: read in place as DuckDB's Latin-1.
    name: 'latin1-names.csv',
    bytes: () => windows1252(['name,city,n', 'José,Málaga,1', 'Zoë,Besançon,2', ''].join('\n')),
  },
];
