/**
 * What DuckDB's type name of a column says of its values, for the profile, the grid, the charts
 * and the CSV: numbers are right-aligned, ranged and written unguarded; nested values are
 * compared as their text.
 */

// Whole types only: `BIGINT[]` is a list (of numbers), not a number.
const NUMERIC =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL)(\(\d+,\s*\d+\))?$/;

/** Lists, arrays, structs, maps and unions (from Parquet and JSON): compared as their text. */
export const NESTED = /\[\d*\]$|^(STRUCT|MAP|UNION)\(/;

export const isNumericType = (type: string) => NUMERIC.test(type);
