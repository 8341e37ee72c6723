/**
 * What lives as long as one session is shown in this tab (issue 47): its log — a writer's or a
 * follower's, for the scope's whole life — the analyst that runs its turns on that log, the
 * person's SQL box and its result, the charts they keep, the rows grid, and the figure checks
 * of its answers. Built by
 * `createSession` each time the open session shows another log (a session opened, a blank page,
 * a follower taking the session over, a transcript read again), and disposed of when the next
 * one takes its place: its log takes nothing more, so a turn of the session left that is still
 * ending reaches nothing shown, and nothing here needs resetting by hand. The page renders the
 * scope shown under `{#key}` (App.svelte), so what a view holds of a session goes with it too.
 */
import type { SiftEngine } from '../core/data/engine.ts';
import type { ToolSet } from '../core/tools/tool-set.ts';
import { Analyst } from './analyst.svelte.ts';
import { FigureChecks } from './figure-checks.svelte.ts';
import { KeptCharts } from './kept-charts.svelte.ts';
import { Notebook } from './notebook.svelte.ts';
import type { SessionLog } from './session-log.svelte.ts';
import type { Settings } from './settings.svelte.ts';
import { SqlConsole } from './sql-console.svelte.ts';
import { TableRows } from './table-rows.svelte.ts';
import type { Workspace } from './workspace.svelte.ts';

/** What every session's scope is built with: the app's parts it uses, never owns. */
export interface ScopeDeps {
  /** This tab's DuckDB, or the writer's while this tab follows (tab-engine.svelte.ts). */
  engine: SiftEngine;
  workspace: Workspace;
  settings: Settings;
  /** The tools its turns give the model (the composition root hands Sift's own). */
  tools: ToolSet;
  /** Draws a chart as the page does, for the model to look at (when settings allow). */
  chartImage: ((spec: Record<string, unknown>) => Promise<string>) | null;
}

export interface SessionScope {
  readonly log: SessionLog;
  readonly analyst: Analyst;
  readonly sqlConsole: SqlConsole;
  /** The charts the person keeps of their own results (kept-charts.svelte.ts). */
  readonly keptCharts: KeptCharts;
  readonly tableRows: TableRows;
  /** Its notebook: cells the person keeps and runs again (notebook.svelte.ts). */
  readonly notebook: Notebook;
  /** Its answers' figures checked against the queries they cite (figure-checks.svelte.ts). */
  readonly figures: FigureChecks;
  /** The session is no longer shown: its log closes, its rows are let go. */
  dispose(): void;
}

export function createSession(log: SessionLog, deps: ScopeDeps): SessionScope {
  const analyst = new Analyst({ ...deps, log });
  const tableRows = new TableRows(deps.engine);
  return {
    log,
    analyst,
    sqlConsole: new SqlConsole(deps.engine, log),
    keptCharts: new KeptCharts(log),
    tableRows,
    figures: new FigureChecks(() => log.view),
    notebook: new Notebook(log, {
      engine: deps.engine,
      tables: () => deps.workspace.tables,
    }),
    dispose() {
      analyst.stop();
      log.close();
      tableRows.forget();
    },
  };
}
