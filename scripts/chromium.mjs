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
 * How every script launches Chromium (`chromium.launch`, `launchServer`, `launchPersistentContext`):
 * the executable, the switches, and Playwright's switch that ours replace.
 */
export const chromiumOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
  ignoreDefaultArgs: REPLACED_DEFAULTS,
});

/** @returns {Promise<import('playwright-core').Browser>} */
export function launchChromium() {
  return chromium.launch(chromiumOptions());
}

/**
 * A Chromium that other processes connect to (`chromium.connect(server.wsEndpoint())`).
 * @returns {Promise<import('playwright-core').BrowserServer>}
 */
export function launchChromiumServer() {
  return chromium.launchServer(chromiumOptions());
}
