/**
 * Distinct counts the estimate leaves in doubt, counted exactly: on a large table the profile
 * estimates distinct values with HyperLogLog (off by up to 10 % either way: profile.ts), which
 * gave an identifier of 5,060,000 distinct values as ≈4,800,000 and flagged it "Mostly unique"
 * (issue 45). A column whose estimate is that close to its count of values is counted exactly,
 * so that "all distinct" is said only when true, and a key is not shown as a problem.
 */
import { quoteIdent } from './sql-text.ts';

/** Whether an estimated distinct count is near enough to the values' count to be counted. */
export const inDoubt = (estimate: number, nonNull: number, share: number) =>
  nonNull > 0 && estimate >= nonNull * share;

/** One statement counting the listed columns' distinct values exactly: `x_<index>` each. */
export function exactDistinctSql(
  table: string,
  /** Each column's value expression (profile.ts valueOf) and its place among the columns. */
  columns: Array<{ index: number; value: string }>,
): string {
  const parts = columns.map(({ value, index }) => `count(DISTINCT ${value}) AS x_${index}`);
  return `SELECT ${parts.join(', ')} FROM ${quoteIdent(table)}`;
}
