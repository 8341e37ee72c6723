/**
 * Which CSV a Download CSV writes (core/data/csv-dialect.ts): the standard file, or one for Excel
 * in the person's locale (issue 45). The person's choice is kept on this device; until they make
 * one, it follows the file the tables came from: a table read from an office export (another
 * encoding than UTF-8, numbers or dates in a local format, a workbook) is saved for Excel, since
 * that is where it goes back; any other, the standard file.
 */
import type { TableInfo } from '../core/data/engine.ts';
import { excelCsv, STANDARD_CSV, type CsvDialect } from '../core/data/csv-dialect.ts';
import type { Preferences } from './ports.ts';

export type CsvKind = CsvDialect['kind'];
const ITEM = 'sift.csvFormat';

export class CsvFormat {
  /** The person's choice on this device; null follows the tables' files. */
  choice = $state<CsvKind | null>(null);
  readonly excel: CsvDialect;
  readonly #preferences: Preferences | null;

  constructor(preferences: Preferences | null, locale: string) {
    this.#preferences = preferences;
    this.excel = excelCsv(locale);
    const stored = preferences?.get(ITEM);
    this.choice = stored === 'standard' || stored === 'excel' ? stored : null;
  }

  /** The kind a download writes now, for tables read from these files. */
  kind(tables: readonly TableInfo[]): CsvKind {
    return this.choice ?? (tables.some(fromOffice) ? 'excel' : 'standard');
  }

  dialect(tables: readonly TableInfo[]): CsvDialect {
    return this.kind(tables) === 'excel' ? this.excel : STANDARD_CSV;
  }

  /** The person's choice, kept for the next visit. */
  choose(kind: CsvKind): void {
    this.choice = kind;
    this.#preferences?.set(ITEM, kind);
  }
}

/** A table read from a file an office program made. */
function fromOffice(t: TableInfo): boolean {
  return t.format === 'xlsx' || t.encoding !== 'utf-8' || (t.conversions?.length ?? 0) > 0;
}
