/**
 * The page's CSV field (core/data/csv.ts, `textField`) written as DuckDB SQL, for the whole result
 * saved as a file: one guard and one quoting for both (tests/integration/csv-sql-native.test.ts
 * keeps them equal on a real DuckDB).
 */
import { FORMULA_FIRST, PLAIN_NUMBER } from '../data/csv.ts';
import { quoteLiteral } from './sql-text.ts';

/**
 * `textField` as DuckDB SQL, for a column already cast to VARCHAR (`column` is its quoted name):
 * the same guard and the same quoting, so that a whole result's lines are made in DuckDB, one
 * value a row crossing to JavaScript instead of one a cell (workers/export-csv.ts; measured on
 * 766,000 rows × 12 columns: decoding each cell from Arrow was most of 16 s). A NULL is empty.
 */
export function textFieldSql(column: string, separator: ',' | ';' = ','): string {
  const first = FORMULA_FIRST.map(quoteLiteral).join(', ');
  const safe = `CASE WHEN left(${column}, 1) IN (${first}) AND NOT regexp_full_match(${column}, '${PLAIN_NUMBER}') THEN '''' || ${column} ELSE ${column} END`;
  const quoted = separator === ';' ? '[";\r\n]' : '[",\r\n]';
  // The apostrophe the guard adds needs no quotes: the text needs them exactly when it did.
  return `CASE WHEN ${column} IS NULL THEN '' WHEN regexp_matches(${column}, '${quoted}') THEN '"' || replace(${safe}, '"', '""') || '"' ELSE ${safe} END`;
}
