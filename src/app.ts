/**
 * The composition root: the one place the app's object graph is built. Each part gets what it
 * depends on through its constructor; the browser's side comes in as a `Platform`
 * (src/browser-platform.ts in the page, fakes in tests). Components receive these objects and
 * display them; none of them builds a dependency of its own.
 */
import { estimatedFit } from './core/agent/window-estimate.ts';
import { SIFT_TOOLS } from './core/tools/registry.ts';
import type { SessionScope } from './state/session-scope.svelte.ts';
import { CsvFormat } from './state/csv-format.svelte.ts';
import { FileIntake } from './state/file-intake.svelte.ts';
import { FollowersServed } from './state/followers-served.ts';
import { Layout } from './state/layout.svelte.ts';
import { LinkGuard } from './state/link-guard.svelte.ts';
import { LocalServerList } from './state/local-servers.svelte.ts';
import type { Platform } from './state/ports.ts';
import { roomOf } from './state/room-of.ts';
import { Sessions } from './state/sessions.svelte.ts';
import { Shell } from './state/app-shell.svelte.ts';
import { Theme } from './state/theme.svelte.ts';
import { Settings } from './state/settings.svelte.ts';
import { TabEngine } from './state/tab-engine.svelte.ts';
import { Workspace } from './state/workspace.svelte.ts';

export interface SiftApp {
  /** This tab's DuckDB, or the writer's while this tab follows a session (tab-engine.svelte.ts). */
  engine: TabEngine;
  workspace: Workspace;
  intake: FileIntake;
  settings: Settings;
  sessions: Sessions;
  /**
   * What lives as long as the session shown (session-scope.svelte.ts): its log, analyst, SQL box,
   * kept charts and rows; another object once another session (or a blank page) is shown.
   */
  readonly scope: SessionScope;
  /** How a turn would fit a local model's window of that many tokens (the settings say it). */
  windowFit(window: number): ReturnType<typeof estimatedFit>;
  links: LinkGuard;
  shell: Shell;
  theme: Theme;
  /** The side panels: open or closed, the Activity panel hidden or not (layout.svelte.ts). */
  layout: Layout;
  /** Which CSV a download writes, kept on this device (csv-format.svelte.ts). */
  csvFormat: CsvFormat;
  /** Answers the tabs that follow this one's session (followers-served.ts). */
  served: FollowersServed;
}

export function createApp(platform: Platform): SiftApp {
  // This tab's DuckDB, or the one of the tab that writes the session this tab follows; the
  // writer addresses its answers to `tab`.
  const tab = crypto.randomUUID();
  const engine = new TabEngine(platform.engine, platform.tabs, { tab });
  const workspace = new Workspace(engine);
  const settings = new Settings(
    platform.preferences,
    platform.modelClient,
    new LocalServerList(platform.localServers),
    (url) => platform.connectAllowed(url),
  );
  // A model on this computer is asked at once whether it answers: the top bar says so.
  void settings.checkLocal();
  const sessions = new Sessions({
    workspace,
    // Each session shown gets its own analyst, handed Sift's tools here.
    scope: { settings, tools: SIFT_TOOLS, chartImage: platform.chartImage },
    openStore: platform.openStore,
    tabs: platform.tabs,
    rescue: platform.rescue,
    address: platform.address,
    quota: platform.quota,
    // A delete waiting for its Undo is marked where every tab, and the next start, can read it.
    marks: platform.preferences,
    engine,
  });
  // The tabs that follow the session this tab writes read its tables here (tab-engine.svelte.ts).
  const served = new FollowersServed({
    engine: platform.engine,
    links: platform.tabs,
    writes: () => (sessions.active.role === 'writer' ? sessions.active.id : null),
    settled: () => workspace.settled(),
    profiled: (table) => workspace.profiled(table),
  });
  platform.onPageHide(() => sessions.rescue());
  void sessions.start();
  const scope = () => sessions.active.scope;
  return {
    engine,
    workspace,
    // Files the person brings go through it: into this session or a new one, as they say.
    intake: new FileIntake({
      workspace,
      preference: settings,
      newSession: () => sessions.newSession(),
      readOnly: () => scope().log.readOnly,
      session: () => sessions.active.id,
      ready: () => sessions.ready(),
      room: () => roomOf(engine, platform.quota),
      sample: platform.fetchSample,
    }),
    settings,
    sessions,
    get scope() {
      return scope();
    },
    windowFit: (window) => estimatedFit(window, SIFT_TOOLS),
    links: new LinkGuard(platform.openLink),
    // A reload would cut short a turn or a file being read; sessions themselves are stored.
    // The first visit's caching of the whole app (40 MB, most of it DuckDB's wasm) waits for a
    // quiet spell: begun as the engine became ready, it ran beside a 100 MB file chosen then and
    // made the summary 1.2 s later (4.2–4.5 s against 3.0–3.5 s, issue 15). 15 s while no file
    // has come (the person is still finding one), 3 s once a file is loaded and profiled. An
    // installed app only checks for a new version: it starts once the engine is quiet.
    shell: new Shell(
      platform.shell,
      () => scope().analyst.running || workspace.loading,
      platform.shell.installed()
        ? workspace.quiet()
        : workspace.quietFor((tablesLoaded) => (tablesLoaded ? 3_000 : 15_000)),
    ),
    theme: new Theme(platform.colorScheme, platform.preferences),
    // The panels follow what the page shows: none beside the welcome, no Activity before a turn.
    layout: new Layout(platform.preferences, {
      empty: () => workspace.empty,
      noTurns: () => scope().log.view.turns.length === 0,
    }),
    csvFormat: new CsvFormat(platform.preferences, platform.locale),
    served,
  };
}
