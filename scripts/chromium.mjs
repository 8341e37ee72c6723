// Debian's Chromium, headless, as every test, benchmark and screenshot script starts it.
// The flags keep it off the network it would otherwise reach for (updates, sync, QUIC).
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const options = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});

/** @returns {Promise<import('playwright-core').Browser>} */
export function launchChromium() {
  return chromium.launch(options());
}

/**
 * A Chromium that other processes connect to (`chromium.connect(server.wsEndpoint())`).
 * @returns {Promise<import('playwright-core').BrowserServer>}
 */
export function launchChromiumServer() {
  return chromium.launchServer(options());
}
