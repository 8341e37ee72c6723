/**
 * What the report is written from (the second stage: exploration results → report; ARCHITECTURE.md, Lineage): the
 * session's questions, answers, queries with compact results, tables, charts and the tables'
 * profiles, as one text within a token budget. A long session is summarised from its oldest
 * turn on — results first, then SQL, then the answers' length — and a result is either given
 * whole (in its compact form) or named as left out: never cut part-way.
 */
import type { TableProfile } from '../data/engine.ts';
import type { ItemView, SessionView, TurnView } from '../events/view-types.ts';
import { compactResult } from '../tools/compact-result.ts';
import type { DatasetTable } from '../tools/tool.ts';
import { chartsOf, describeChart, type ReportChart } from './report-charts.ts';

/** Input the report request may carry by default (est. tokens, at 3.5 characters each). */
export const REPORT_INPUT_BUDGET = 40_000;
const CHARS_PER_TOKEN = 3.5;
const RESULT_LIMITS = { rows: 20, bytes: 2_500 };
const TABLE_ROWS = 10;
const ANSWER_CHARS_WHEN_SUMMARISED = 600;

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

/** How much of a turn is given: 0 all, 1 without result rows, 2 without SQL, 3 answers cut. */
type Detail = 0 | 1 | 2 | 3;

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

function queryBlock(item: Extract<ItemView, { type: 'query_result' }>, detail: Detail): string {
  const id = item.queryId ?? 'unnumbered query';
  const rows = item.rowCount ?? item.rows.length;
  if (item.isError) return `- ${id} — ${item.description} (failed: ${item.error ?? 'error'})`;
  const lines = [`- ${id} — ${item.description} (${count(rows)} row${rows === 1 ? '' : 's'})`];
  if (detail < 2) lines.push('  SQL:', ...item.query.split('\n').map((l) => `    ${l}`));
  if (detail === 0)
    lines.push(
      '  Result:',
      ...compactResult(
        {
          columns: item.columns.map((name) => ({ name })),
          rows: item.rows,
          totalRows: item.rowCount,
        },
        RESULT_LIMITS,
      )
        .split('\n')
        .map((l) => `    ${l}`),
    );
  else lines.push('  (Result rows left out to fit the report budget.)');
  return lines.join('\n');
}

function turnBlock(turn: TurnView, n: number, detail: Detail, charts: ReportChart[]): string {
  const heading =
    turn.kind === 'analysis'
      ? `## Turn ${n}: initial analysis`
      : `## Turn ${n}: question "${turn.question}"`;
  const out = [heading];
  // What the person said the question meant is part of what the answer rests on.
  for (const item of turn.items)
    if (item.type === 'ask')
      out.push(
        `Claude asked: "${item.question}" — the person answered: ${item.answer === null ? '(no answer)' : `"${item.answer}"`}`,
      );
  for (const item of turn.items)
    if (item.type === 'validation')
      out.push(
        `Finding checked against the data: "${item.finding}" — ${item.verdict}`,
        ...item.checks.map((c) => `  - ${c.label}: ${c.text}`),
      );
  const answers = turn.items.filter((i) => i.type === 'text').map((i) => i.text);
  if (answers.length) {
    let answer = answers.join('\n\n');
    if (detail === 3 && answer.length > ANSWER_CHARS_WHEN_SUMMARISED)
      answer = `${answer.slice(0, ANSWER_CHARS_WHEN_SUMMARISED)}… (answer shortened to fit)`;
    out.push('Answer given to the person:', answer);
  }
  const queries = turn.items.filter((i) => i.type === 'query_result');
  if (queries.length) out.push('Queries:', ...queries.map((q) => queryBlock(q, detail)));
  for (const item of turn.items) {
    if (item.type !== 'table') continue;
    const rows = item.rows.slice(0, TABLE_ROWS).map((r) => JSON.stringify(r));
    out.push(
      `Table shown: "${item.title}" (${count(item.rows.length)} rows; columns ${item.headers.join(', ')})`,
      ...(detail === 0 ? rows.map((r) => `  ${r}`) : []),
    );
  }
  for (const chart of charts.filter((c) => c.turnId === turn.id))
    out.push(`Chart ${chart.id}: ${describeChart(chart, detail === 0)}`);
  if (turn.state !== 'done') out.push(`(This turn ended ${turn.state}.)`);
  return out.join('\n');
}

export function buildReportInput(
  source: ReportSource,
  budgetTokens = REPORT_INPUT_BUDGET,
): ReportInput {
  const charts = chartsOf(source.view);
  const turns = source.view.turns;
  const details: Detail[] = turns.map(() => 0);
  const head = [
    `# Session: ${source.title ?? source.view.title ?? 'Untitled'}`,
    '## Tables',
    ...source.tables.map((t) => tableBlock(t, source.profiles[t.name])),
  ].join('\n');
  const render = () =>
    [head, ...turns.map((t, i) => turnBlock(t, i + 1, details[i]!, charts))].join('\n\n');

  let text = render();
  // Oldest first: each pass gives one more turn a shorter form, until the text fits.
  for (let level = 1 as Detail; level <= 3 && text.length / CHARS_PER_TOKEN > budgetTokens; level++)
    for (let i = 0; i < turns.length - 1 && text.length / CHARS_PER_TOKEN > budgetTokens; i++) {
      details[i] = level;
      text = render();
    }
  const queryIds = turns.flatMap((t) =>
    t.items.flatMap((i) =>
      i.type === 'query_result' && i.queryId && !i.isError ? [i.queryId] : [],
    ),
  );
  return {
    text,
    estimatedTokens: Math.ceil(text.length / CHARS_PER_TOKEN),
    charts,
    queryIds,
    summarisedTurns: details.filter((d) => d > 0).length,
  };
}
