/**
 * validate_finding's check, run by SQL on the data rather than asked of the model again (in the
 * spirit of the ancestor analyst's validation tool; ARCHITECTURE.md, Lineage): how many rows the
 * finding rests on, whether a few of them drive it, whether a difference between groups is more
 * than noise, and whether it turns round once another column is held fixed (Simpson's paradox).
 */
import {
  proportions,
  reverses,
  stratify,
  welch,
  type GroupStats,
  type LevelStats,
} from './statistics.ts';
import { count, format, type Format } from './format.ts';
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
  /** The group the finding says is higher: an interval wholly on the other side contradicts it. */
  higher?: string;
  /** The measure's unit, said after each figure that is not a share ("mm"). */
  unit?: string;
  /** The loaded tables, for the share of a table the rows are. */
  tables: ReadonlyArray<{ name: string; rows: number }>;
}

/** Fewer rows than this (behind the finding, or in a group compared) and a figure is weak. */
export const MIN_ROWS = 30;
/** The top 1 % of rows holding this share of a total means a few rows drive it. */
export const DRIVEN_SHARE = 0.5;
/** Levels a column may have to be held fixed when Sift picks it. */
const MAX_LEVELS = 10;
const MAX_STRATA = 6;

const n = (x: unknown) => Number(x ?? 0);
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
  if (!columns.includes(sql.GROUP) && (input.groupBy !== undefined || input.higher !== undefined))
    return {
      error: `group_by and higher are for a comparison: return each row's group as a column named "${sql.GROUP}".`,
    };
  const checks: ValidationCheck[] = [];

  const [o = {}] = await run(sql.overall(query));
  const rows = n(o.rows);
  const counted = n(o.counted);
  const fmt = format(o.binary === true, input.unit);
  const table = tableRead(query, input.tables);
  const share =
    table && table.rows > 0
      ? `, ${Math.round((100 * rows) / table.rows)}% of the ${count(table.rows)} rows of ${table.name}`
      : '';
  const missing = rows - counted;
  checks.push({
    label: 'Rows',
    text: `${count(counted)} rows behind the finding${share}${missing ? `; ${count(missing)} left out for a missing value` : ''}.`,
    verdict: counted < MIN_ROWS ? 'weak' : 'holds',
  });

  const total = n(o.total);
  const topShare = total > 0 && n(o.min) >= 0 ? n(o.top_sum) / total : null;
  if (counted > 1 && !fmt.binary) {
    const driven = topShare !== null && topShare >= DRIVEN_SHARE;
    checks.push({
      label: 'Spread',
      text:
        `Mean ${fmt.value(n(o.mean))}, median ${fmt.value(n(o.median))}` +
        (topShare === null
          ? '.'
          : `; the top 1% of rows (${count(n(o.top_rows))}) hold ${Math.round(topShare * 100)}% of the total${driven ? ': a few rows drive it' : ''}.`),
      verdict: driven ? 'weak' : 'holds',
    });
  }

  if (columns.includes(sql.GROUP)) {
    const compared = await comparison(input, run, fmt);
    if ('error' in compared) return compared;
    checks.push(compared.check);
    if (compared.pair) checks.push(...(await strata(input, columns, run, compared.pair, fmt)));
  }

  const verdict: Verdict = checks.some((c) => c.verdict === 'contradicted')
    ? 'contradicted'
    : checks.some((c) => c.verdict === 'weak')
      ? 'weak'
      : 'holds';
  return { verdict, checks };
}

type Pair = [a: GroupStats, b: GroupStats];

/**
 * The difference between two groups with its 95 % confidence interval: the group the finding
 * says is higher against the other (with more than two, the highest of the others), or else
 * the highest against the lowest.
 */
async function comparison(
  { query, higher }: ValidationInput,
  run: RunSql,
  fmt: Format,
): Promise<{ check: ValidationCheck; pair?: Pair } | { error: string }> {
  const groups: GroupStats[] = (await run(sql.groups(query))).map((g) => ({
    group: String(g.grp),
    n: n(g.n),
    mean: n(g.mean),
    variance: n(g.variance),
  }));
  const claimed = higher === undefined ? undefined : groups.find((g) => g.group === higher);
  if (higher !== undefined && !claimed)
    return {
      error: `higher must be one of the groups in ${sql.GROUP}; "${higher}" is not (there are ${groups
        .slice(0, 10)
        .map((g) => `"${g.group}"`)
        .join(', ')}${groups.length > 10 ? ', …' : ''}).`,
    };
  const a = claimed ?? groups[0];
  const b = claimed ? groups.find((g) => g !== claimed) : groups.at(-1);
  if (!a || !b || a === b)
    return {
      check: {
        label: 'Comparison',
        text: `Only one group${a ? ` (${a.group})` : ''} has a value: there is nothing to compare.`,
        verdict: 'weak',
      },
    };
  const diff = fmt.binary ? proportions(a, b) : welch(a, b);
  const which =
    groups.length <= 2
      ? ''
      : claimed
        ? ` (against the highest of the other ${groups.length - 1} groups)`
        : ` (highest and lowest of ${groups.length} groups)`;
  const small = [a, b].find((g) => g.n < MIN_ROWS);
  const stated = `${a.group} ${fmt.value(a.mean)} vs ${b.group} ${fmt.value(b.mean)}${which}, from ${count(a.n)} and ${count(b.n)} rows`;
  if (!diff)
    return {
      check: {
        label: 'Comparison',
        text: `${stated}: too few rows for a confidence interval.`,
        verdict: 'weak',
      },
      pair: [a, b],
    };
  const figures = `${stated}: the difference is ${fmt.estimate(diff.estimate, diff.low, diff.high)}`;
  const [text, verdict]: [string, Verdict] =
    claimed && diff.high < 0
      ? [`${figures}: ${b.group} is higher, the opposite of the finding.`, 'contradicted']
      : diff.low <= 0 && diff.high >= 0
        ? [
            `${figures}, which includes no difference at all${diff.estimate < 0 ? ' (and leans the other way)' : ''}.`,
            'weak',
          ]
        : small
          ? [`${figures}, but ${small.group} has only ${count(small.n)} rows.`, 'weak']
          : [`${figures}.`, 'holds'];
  return { check: { label: 'Comparison', text, verdict }, pair: [a, b] };
}

/** The comparison within the levels of each column that could confound it. */
async function strata(
  input: ValidationInput,
  columns: string[],
  run: RunSql,
  [a, b]: Pair,
  fmt: Format,
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
    if (!within) {
      // A column Sift picked may simply not cut across the groups; one it was given is said.
      if (groupBy)
        checks.push({
          label: `Within ${column}`,
          text: `${a.group} and ${b.group} share fewer than two levels of ${column}: the comparison cannot be told apart from it.`,
          verdict: 'weak',
        });
      continue;
    }
    const turned = reverses(a.mean - b.mean, within);
    checks.push({
      label: `Within ${column}`,
      text:
        `${a.group} is higher in ${within.levelsAbove} of ${within.levels} levels of ${column}; ` +
        `with ${column} held fixed the difference is ${fmt.difference(within.adjusted)}` +
        (turned
          ? `: it reverses (Simpson's paradox), so ${column} explains the overall gap.`
          : '.'),
      verdict: turned ? 'contradicted' : 'holds',
    });
  }
  return checks;
}
