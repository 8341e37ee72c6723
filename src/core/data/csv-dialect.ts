/**
 * The two kinds of CSV Sift saves (issue 45). The standard file is RFC 4180: commas, points,
 * ISO dates, UTF-8 without a byte-order mark — what DuckDB, pandas and R read. A spreadsheet
 * opened with a double click reads none of that the same way: Excel in a French or German locale
 * splits fields on its list separator (`;` where the decimal mark is a comma), reads numbers with
 * the locale's decimal mark and dates in its short date order, and takes UTF-8 without a BOM for
 * Windows-1252 (mojibake). "For Excel" writes what Excel in the person's locale reads: a BOM, the
 * locale's separator and decimal mark, dates as the locale writes them.
 */

export interface CsvDialect {
  kind: 'standard' | 'excel';
  separator: ',' | ';';
  decimal: '.' | ',';
  /** DuckDB's strftime format of a date: `%Y-%m-%d`, `%d/%m/%Y`, `%d.%m.%Y`, `%m/%d/%Y`… */
  dateFormat: string;
  /** A UTF-8 byte-order mark first, which Excel takes as the file's encoding. */
  bom: boolean;
  /** The locale a file for Excel is written for (a BCP 47 tag); null for the standard file. */
  locale: string | null;
}

export const STANDARD_CSV: CsvDialect = {
  kind: 'standard',
  separator: ',',
  decimal: '.',
  dateFormat: '%Y-%m-%d',
  bom: false,
  locale: null,
};

const STRFTIME = { day: '%d', month: '%m', year: '%Y' } as const;

/** What Excel in `locale` reads: its decimal mark, list separator and short date order. */
export function excelCsv(locale: string): CsvDialect {
  const decimal =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ===
    ','
      ? ','
      : '.';
  // 25 March 2024: each part tells itself apart (day 25, month 03).
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2024, 2, 25)));
  const order = parts.flatMap((p) =>
    p.type === 'day' || p.type === 'month' || p.type === 'year' ? [STRFTIME[p.type]] : [],
  );
  const literal = parts.find((p) => p.type === 'literal')?.value.trim() ?? '/';
  const separator = /^[./-]$/.test(literal) ? literal : '/';
  return {
    kind: 'excel',
    // Excel's list separator follows the decimal mark: a comma decimal makes it `;`.
    separator: decimal === ',' ? ';' : ',',
    decimal,
    dateFormat: order.length === 3 ? order.join(separator) : '%Y-%m-%d',
    bom: true,
    locale,
  };
}

/**
 * How a column of `type` is written as a date for Excel: a DATE, or a TIMESTAMP without a time
 * zone (to the second); null for any other type, a list of dates included.
 */
export function dateKind(type: string): 'date' | 'timestamp' | null {
  if (type === 'DATE') return 'date';
  return /^TIMESTAMP(?:_S|_MS|_NS)?$/.test(type) ? 'timestamp' : null;
}

/** The locale's name in its own language, for the choice: "français (France)". */
export function localeName(locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** 25/03/2024 as the dialect writes it, for the page to show what a date will look like. */
export function sampleDate(dialect: CsvDialect): string {
  return dialect.dateFormat.replace('%d', '25').replace('%m', '03').replace('%Y', '2024');
}
