/**
 * How one column of text becomes numbers, dates or booleans (local-formats.ts, local-dates-plan.ts,
 * local-booleans.ts): the SQL that reads it, the SQL that keeps what does not fit as written,
 * and what the page and the model are told of it. One shape for the three kinds of plan.
 */
import type { ColumnConversion } from '../src/core/data/engine.ts';
import { blankSql } from '../src/core/reading/local-numbers.ts';

export interface Planned {
  column: string;
  sql: string;
  /** For a date, the SQL that reads its example (a number's example is read in core). */
  example?: string;
  misfit?: string;
  conversion: ColumnConversion;
}

/** A value the column's reading `sql` makes NULL and that is not blank, kept as written. */
export const misfitOf = (sql: string, column: string) =>
  `CASE WHEN (${sql}) IS NULL AND NOT ${blankSql(column)} THEN ${column} END`;
