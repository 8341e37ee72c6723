// Debian's Chromium, headless, as every test, benchmark and screenshot script starts it.
// The flags keep it off the network it would otherwise reach for (updates, sync, QUIC).
import { chromium } from 'playwright-core';

/**
 * The features playwright-core 1.65 turns off (its `chromiumSwitches`). Chromium keeps only the
 * last `--disable-features` it is given, not the union (playwright#36658, browserless#5452), so
 * ours carries these and Playwright's own is left out. Should Playwright change its list, its
 * switch no longer matches, both reach Chromium, and tests/e2e/chromium-switches.test.ts fails.
 */
const PLAYWRIGHT_DISABLED = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 builds the address bar's two popup pages (chrome://omnibox-popup.top-chrome/ and
 * its AI-mode page) in a renderer of their own for every tab, though headless never shows them:
 * about 1.2 s of CPU a page. Without them ten app boots took 35 s of Chromium's CPU instead of
 * 47 s, and each boot 2.7 s instead of 3.3 s (two cores, 2026-12-03, alternated runs).
 */
export const SIFT_DISABLED = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Playwright's switches that CHROMIUM_ARGS takes the place of. */
const REPLACED_DEFAULTS = [`--disable-features=${PLAYWRIGHT_DISABLED.join(',')}`];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED, ...SIFT_DISABLED].join(',')}`,
];

/**
 * What the tests' Chromium adds (tests/e2e/global-setup.ts), and not the bench's or the
 * screenshots', which show what a person's browser does. V8 compiles DuckDB's wasm with Liftoff
 * and recompiles a function with TurboFan once it has run about 13 MB of code
 * (`--wasm-tiering-budget`, V8's default 13,000,000). A test's queries are many and short, so
 * the recompiling cost more than it saved: about 1.3 s of CPU after each boot, and whole files
 * 20–25 % slower. With a budget a hundred times larger, only what runs long gets recompiled:
 * six data-heavy browser files took 160 s and 167 s instead of 210 s, eight that mostly boot
 * pages 162 s instead of 186 s (two at a time on two cores, 2026-12-04, alternated). Liftoff
 * alone (`--liftoff-only`) saved more on the second set (152 s) and cost on the first (210 s
 * against 194 s). Queries give the same results at either tier; only their speed differs.
 */
export const TEST_SWITCHES = ['--js-flags=--wasm-tiering-budget=1300000000'];

/**
 * How every script launches Chromium (`chromium.launch`, `launchServer`, `launchPersistentContext`):
 * the executable, the switches (and any of the caller's), and Playwright's switch that ours replace.
 * @param {string[]} [extra]
 */
export const chromiumOptions = (extra = []) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_ARGS, ...extra],
  ignoreDefaultArgs: REPLACED_DEFAULTS,
});

/**
 * @param {string[]} [extra] switches of the caller's (TEST_SWITCHES)
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchChromium(extra = []) {
  return chromium.launch(chromiumOptions(extra));
}

/**
 * A Chromium that other processes connect to (`chromium.connect(server.wsEndpoint())`).
 * @param {string[]} [extra] switches of the caller's (TEST_SWITCHES)
 * @returns {Promise<import('playwright-core').BrowserServer>}
 */
export function launchChromiumServer(extra = []) {
  return chromium.launchServer(chromiumOptions(extra));
}
