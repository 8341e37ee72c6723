/**
 * What the report is written from (the second stage: exploration results → report; ARCHITECTURE.md, Lineage): the
 * session's questions, answers, queries with compact results, tables, charts and the tables'
 * profiles, as one text within a token budget. A long session is summarised from its oldest
 * turn on — results first, then SQL, then the answers' length — and a result is either given
 * whole (in its compact form) or named as left out: never cut part-way.
 */
import type { TableProfile } from '../data/engine.ts';
import type { SessionView, TurnView } from '../events/view-types.ts';
import { asQueryItem } from '../events/own-query.ts';
import { askItem } from '../items/ask.ts';
import type { ItemKind, ReportDetail } from '../items/item-kind.ts';
import { queryItem } from '../items/query.ts';
import { tableItem } from '../items/table.ts';
import { textItem } from '../items/text.ts';
import { validationItem } from '../items/validation.ts';
import type { DatasetTable } from '../tools/tool.ts';
import { chartsOf, describeChart, type ReportChart } from './report-charts.ts';

/** Input the report request may carry by default (est. tokens, at 3.5 characters each). */
export const REPORT_INPUT_BUDGET = 40_000;
const CHARS_PER_TOKEN = 3.5;

export interface ReportSource {
  title: string | null;
  tables: DatasetTable[];
  /** Profiles of the tables that have one, by table name. */
  profiles: Record<string, TableProfile>;
  view: SessionView;
}

export interface ReportInput {
  text: string;
  estimatedTokens: number;
  charts: ReportChart[];
  /** Query ids the findings hold: what the report may cite. */
  queryIds: string[];
  /** Turns given in a shorter form to fit the budget (0 when everything fit). */
  summarisedTurns: number;
}

/**
 * What a turn's items say, kind by kind (each kind's `report`, core/items/), in this order: what
 * the question was taken to mean, the findings checked, the answer, the queries, the tables. The
 * charts are numbered for the whole session (report-charts.ts) and come last.
 */
const REPORTED: readonly ItemKind[] = [askItem, validationItem, textItem, queryItem, tableItem];

const count = (n: number) => n.toLocaleString('en-US');

function tableBlock(table: DatasetTable, profile: TableProfile | undefined): string {
  const head = `- \`${table.name}\` from the file ${JSON.stringify(table.fileName)}: ${count(table.rows)} rows × ${table.columns.length} columns`;
  if (!profile)
    return `${head}\n  Columns: ${table.columns.map((c) => `${c.name} (${c.type})`).join(', ')}`;
  const columns = profile.columns.map((c) => {
    const range = c.min !== null || c.max !== null ? `, range ${c.min} to ${c.max}` : '';
    const issues = c.issues.length ? `; issues: ${c.issues.join('; ')}` : '';
    return `  - ${c.column} (${c.type}): ${count(c.nonNullCount)} non-null, ${c.uniqueApprox ? '≈' : ''}${count(c.uniqueCount)} unique${range}${issues}`;
  });
  return [head, '  Profile:', ...columns].join('\n');
}

function turnBlock(turn: TurnView, n: number, detail: ReportDetail, charts: ReportChart[]): string {
  const heading =
    turn.kind === 'analysis'
      ? `## Turn ${n}: initial analysis`
      : `## Turn ${n}: question "${turn.question}"`;
  const out = [heading];
  for (const kind of REPORTED)
    out.push(
      ...(kind.report?.(
        turn.items.filter((i) => i.type === kind.type),
        detail,
      ) ?? []),
    );
  for (const chart of charts.filter((c) => c.turnId === turn.id))
    out.push(`Chart ${chart.id}: ${describeChart(chart, detail === 0)}`);
  if (turn.state !== 'done') out.push(`(This turn ended ${turn.state}.)`);
  return out.join('\n');
}

/** The person's queries the report is told of: the latest run of each statement, at most this many. */
export const OWN_QUERIES_REPORTED = 10;
/** A longer statement is given by its start: the figures come from its id and result. */
const OWN_SQL_CHARS = 2_000;

function ownForReport(queries: SessionView['ownQueries']) {
  const latest = new Map<string, (typeof queries)[number]>();
  for (const q of queries) if (!q.isError) latest.set(q.query.trim(), q);
  return [...latest.values()]
    .sort((a, b) => a.at - b.at)
    .slice(-OWN_QUERIES_REPORTED)
    .map((q) => ({
      ...asQueryItem(q),
      query: q.query.length > OWN_SQL_CHARS ? `${q.query.slice(0, OWN_SQL_CHARS)}…` : q.query,
    }));
}

/** The person's kept charts the report is told of: the latest, at most this many. */
export const KEPT_CHARTS_REPORTED = 10;
/** Past this, the kept charts are described without their rows (a text column across is long). */
const KEPT_BLOCK_CHARS = 8_000;

/** The charts the person kept, to place like the turns' (`[[K1]]`); none they removed. */
function keptForReport(charts: readonly ReportChart[]): string | null {
  const kept = charts.filter((c) => c.turnId === null && !c.removed).slice(-KEPT_CHARTS_REPORTED);
  if (kept.length === 0) return null;
  const block = (withData: boolean) =>
    [
      '## Charts the person kept',
      ...kept.map((c) => `Chart ${c.id}: ${describeChart(c, withData)}`),
    ].join('\n');
  const full = block(true);
  return full.length <= KEPT_BLOCK_CHARS ? full : block(false);
}

export function buildReportInput(
  source: ReportSource,
  budgetTokens = REPORT_INPUT_BUDGET,
): ReportInput {
  const charts = chartsOf(source.view);
  const turns = source.view.turns;
  const details: ReportDetail[] = turns.map(() => 0);
  const head = [
    `# Session: ${source.title ?? source.view.title ?? 'Untitled'}`,
    '## Tables',
    ...source.tables.map((t) => tableBlock(t, source.profiles[t.name])),
  ].join('\n');
  // The person's own queries, which the answers may cite: listed after the turns, in brief.
  const own = ownForReport(source.view.ownQueries);
  const ownBlock = own.length
    ? ['## Queries the person ran in the SQL box', ...(queryItem.report?.(own, 1) ?? [])].join('\n')
    : null;
  const keptBlock = keptForReport(charts);
  const render = () =>
    [
      head,
      ...turns.map((t, i) => turnBlock(t, i + 1, details[i]!, charts)),
      ...(ownBlock ? [ownBlock] : []),
      ...(keptBlock ? [keptBlock] : []),
    ].join('\n\n');

  let text = render();
  // Oldest first: each pass gives one more turn a shorter form, until the text fits.
  for (
    let level = 1 as ReportDetail;
    level <= 3 && text.length / CHARS_PER_TOKEN > budgetTokens;
    level++
  )
    for (let i = 0; i < turns.length - 1 && text.length / CHARS_PER_TOKEN > budgetTokens; i++) {
      details[i] = level;
      text = render();
    }
  const queryIds = turns.flatMap((t) =>
    t.items.flatMap((i) =>
      i.type === 'query_result' && i.queryId && !i.isError ? [i.queryId] : [],
    ),
  );
  queryIds.push(...own.map((q) => q.queryId!));
  return {
    text,
    estimatedTokens: Math.ceil(text.length / CHARS_PER_TOKEN),
    charts,
    queryIds,
    summarisedTurns: details.filter((d) => d > 0).length,
  };
}
