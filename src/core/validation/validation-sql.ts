/**
 * The statements validate_finding runs on the rows behind a finding. The model's query is the
 * `q` of each, on lines of its own (so a trailing line comment cannot swallow the rest); every
 * statement goes through the engine's read-only guard and limits like any query.
 */
import { stripTrailing } from '../sql/sql-scan.ts';
import { quoteIdent } from '../sql/sql-text.ts';

/** The measure and the groups, by the names the tool's description asks for. */
export const VALUE = 'value';
export const GROUP = 'grp';

const withQuery = (query: string) => `WITH q AS (\n${stripTrailing(query)}\n)`;
const num = `CAST(${VALUE} AS DOUBLE)`;

/** One row of the query, for its column names. */
export const firstRow = (query: string) => `${withQuery(query)}\nSELECT * FROM q LIMIT 1`;

/** Rows, rows with a value, mean, median, spread, and the share of the total in the top 1 %. */
export const overall = (query: string) => `${withQuery(query)},
v AS (SELECT ${num} AS value FROM q),
r AS (
  SELECT value, row_number() OVER (ORDER BY value DESC) AS rank, count(*) OVER () AS n
  FROM v WHERE value IS NOT NULL
)
SELECT
  (SELECT count(*) FROM v) AS rows,
  count(*) AS counted,
  avg(value) AS mean,
  median(value) AS median,
  min(value) AS min,
  sum(value) AS total,
  count(*) FILTER (WHERE value NOT IN (0, 1)) = 0 AS binary,
  greatest(1, ceil(coalesce(max(n), 0) * 0.01)) AS top_rows,
  sum(value) FILTER (WHERE rank <= greatest(1, ceil(n * 0.01))) AS top_sum
FROM r`;

/** Rows, mean and variance of each group, highest mean first. */
export const groups = (query: string) => `${withQuery(query)}
SELECT CAST(${GROUP} AS VARCHAR) AS grp, count(*) AS n, avg(${num}) AS mean,
  coalesce(var_samp(${num}), 0) AS variance
FROM q WHERE ${VALUE} IS NOT NULL
GROUP BY 1 ORDER BY mean DESC, grp LIMIT 100`;

/** Distinct values of each of `columns` (c0, c1, …), to find the ones with a few levels. */
export const levelCounts = (query: string, columns: readonly string[]) =>
  `${withQuery(query)}
SELECT ${columns.map((c, i) => `count(DISTINCT ${quoteIdent(c)}) AS c${i}`).join(', ')} FROM q`;

/** Rows and mean of each group within each level of `column`. */
export const withinLevels = (query: string, column: string) => `${withQuery(query)}
SELECT CAST(${quoteIdent(column)} AS VARCHAR) AS level, CAST(${GROUP} AS VARCHAR) AS grp,
  count(*) AS n, avg(${num}) AS mean
FROM q WHERE ${VALUE} IS NOT NULL
GROUP BY ALL`;
