/**
 * validate_finding's check, run by SQL on the data rather than asked of the model again (in the
 * spirit of the ancestor analyst's validation tool; ARCHITECTURE.md, Lineage): how many rows the
 * finding rests on, whether a few of them drive it, whether a difference between groups is more
 * than noise, and whether it turns round once another column is held fixed (Simpson's paradox).
 */
import { reverses, stratify, welch, type GroupStats, type LevelStats } from './statistics.ts';
import * as sql from './validation-sql.ts';
import type { Verdict } from '../events/events.ts';

export type { Verdict };

export interface ValidationCheck {
  label: string;
  text: string;
  /** What this check says of the finding. */
  verdict: Verdict;
}

export interface Validation {
  verdict: Verdict;
  checks: ValidationCheck[];
}

export type Row = Record<string, unknown>;
export type RunSql = (statement: string) => Promise<Row[]>;

export interface ValidationInput {
  query: string;
  /** A column of the query to hold fixed; otherwise every column with a few levels is tried. */
  groupBy?: string;
  /** The loaded tables, for the share of a table the rows are. */
  tables: ReadonlyArray<{ name: string; rows: number }>;
}

/** Fewer rows than this and a figure is weak whatever it says. */
export const MIN_ROWS = 30;
/** The top 1 % of rows holding this share of a total means a few rows drive it. */
export const DRIVEN_SHARE = 0.5;
/** Levels a column may have to be held fixed when Sift picks it. */
const MAX_LEVELS = 10;
const MAX_STRATA = 6;

const n = (x: unknown) => Number(x ?? 0);
const count = (x: number) => Math.round(x).toLocaleString('en-US');

/** A figure in a few significant digits; proportions as percentages, differences as points. */
function figure(x: number, binary: boolean, points = false): string {
  if (binary) return `${(x * 100).toFixed(1)}${points ? ' points' : '%'}`;
  const abs = Math.abs(x);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return x.toLocaleString('en-US', { maximumFractionDigits: digits });
}

/** A confidence interval, its unit said once: "7.0 to 14.0 points". */
const interval = (low: number, high: number, binary: boolean) =>
  binary
    ? `${(low * 100).toFixed(1)} to ${(high * 100).toFixed(1)} points`
    : `${figure(low, false)} to ${figure(high, false)}`;

/** The table the query reads, when it names exactly one loaded table. */
function tableRead(query: string, tables: ValidationInput['tables']) {
  const named = tables.filter((t) =>
    new RegExp(
      `(^|[^\\w"])"?${t.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?([^\\w"]|$)`,
      'i',
    ).test(query),
  );
  return named.length === 1 ? named[0]! : null;
}

export async function validateFinding(
  input: ValidationInput,
  run: RunSql,
): Promise<Validation | { error: string }> {
  const { query } = input;
  const [first] = await run(sql.firstRow(query));
  if (!first) return { error: 'The query returned no rows: the finding rests on nothing.' };
  const columns = Object.keys(first);
  if (!columns.includes(sql.VALUE))
    return {
      error: `The query must return the measure as a column named "${sql.VALUE}" (it returned ${columns.join(', ')}).`,
    };
  const checks: ValidationCheck[] = [];

  const [o = {}] = await run(sql.overall(query));
  const rows = n(o.rows);
  const counted = n(o.counted);
  const binary = o.binary === true;
  const table = tableRead(query, input.tables);
  const share =
    table && table.rows > 0
      ? `, ${Math.round((100 * rows) / table.rows)}% of ${table.name}'s ${count(table.rows)}`
      : '';
  const missing = rows - counted;
  checks.push({
    label: 'Rows',
    text: `${count(counted)} rows behind the finding${share}${missing ? `; ${count(missing)} left out for a missing value` : ''}.`,
    verdict: counted < MIN_ROWS ? 'weak' : 'holds',
  });

  const mean = n(o.mean);
  const median = n(o.median);
  const total = n(o.total);
  const topShare = total > 0 && n(o.min) >= 0 ? n(o.top_sum) / total : null;
  if (counted > 1 && !binary) {
    const driven = topShare !== null && topShare >= DRIVEN_SHARE;
    checks.push({
      label: 'Spread',
      text:
        `Mean ${figure(mean, false)}, median ${figure(median, false)}` +
        (topShare === null
          ? '.'
          : `; the top 1% of rows (${count(n(o.top_rows))}) hold ${Math.round(topShare * 100)}% of the total${driven ? ': a few rows drive it' : ''}.`),
      verdict: driven ? 'weak' : 'holds',
    });
  }

  if (columns.includes(sql.GROUP)) {
    const groups: GroupStats[] = (await run(sql.groups(query))).map((g) => ({
      group: String(g.grp),
      n: n(g.n),
      mean: n(g.mean),
      variance: n(g.variance),
    }));
    const a = groups[0];
    const b = groups.at(-1);
    if (a && b && a !== b) {
      const diff = welch(a, b);
      const which = groups.length > 2 ? ` (highest and lowest of ${groups.length} groups)` : '';
      const noise = diff !== null && diff.low <= 0 && diff.high >= 0;
      checks.push({
        label: 'Comparison',
        text:
          `${a.group} ${figure(a.mean, binary)} vs ${b.group} ${figure(b.mean, binary)}${which}, from ${count(a.n)} and ${count(b.n)} rows` +
          (diff
            ? `: difference ${figure(diff.estimate, binary, true)}, 95% CI ${interval(diff.low, diff.high, binary)}${noise ? ', which includes no difference at all' : ''}.`
            : ': too few rows for a confidence interval.'),
        verdict: noise || !diff ? 'weak' : 'holds',
      });
      checks.push(...(await strata(input, columns, run, a, b, binary)));
    }
  }

  const verdict: Verdict = checks.some((c) => c.verdict === 'contradicted')
    ? 'contradicted'
    : checks.some((c) => c.verdict === 'weak')
      ? 'weak'
      : 'holds';
  return { verdict, checks };
}

/** The comparison within the levels of each column that could confound it. */
async function strata(
  input: ValidationInput,
  columns: string[],
  run: RunSql,
  a: GroupStats,
  b: GroupStats,
  binary: boolean,
): Promise<ValidationCheck[]> {
  const { query, groupBy } = input;
  if (groupBy !== undefined && !columns.includes(groupBy))
    return [
      {
        label: `Within ${groupBy}`,
        text: `The query has no column "${groupBy}" to hold fixed.`,
        verdict: 'weak',
      },
    ];
  let candidates = groupBy ? [groupBy] : columns.filter((c) => c !== sql.VALUE && c !== sql.GROUP);
  if (!groupBy && candidates.length) {
    const [levels = {}] = await run(sql.levelCounts(query, candidates.slice(0, 20)));
    candidates = candidates
      .slice(0, 20)
      .filter((_, i) => n(levels[`c${i}`]) >= 2 && n(levels[`c${i}`]) <= MAX_LEVELS)
      .slice(0, MAX_STRATA);
  }
  const checks: ValidationCheck[] = [];
  for (const column of candidates) {
    const rows: LevelStats[] = (await run(sql.withinLevels(query, column))).map((r) => ({
      level: String(r.level),
      group: String(r.grp),
      n: n(r.n),
      mean: n(r.mean),
    }));
    const within = stratify(rows, a.group, b.group);
    if (!within) continue;
    const turned = reverses(a.mean - b.mean, within);
    checks.push({
      label: `Within ${column}`,
      text:
        `${a.group} is higher in ${within.levelsAbove} of ${within.levels} levels of ${column}; ` +
        `with ${column} held fixed the difference is ${figure(within.adjusted, binary, true)}` +
        (turned
          ? `: it reverses (Simpson's paradox), so ${column} explains the overall gap.`
          : '.'),
      verdict: turned ? 'contradicted' : 'holds',
    });
  }
  return checks;
}
