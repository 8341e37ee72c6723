/**
 * What the page does with the service worker's reports (state/app-shell.svelte.ts): a new
 * version is applied by a reload only while the person has not yet acted in the page; once they
 * have, it waits for their word, and not while a turn runs.
 */
import { describe, expect, it } from 'vitest';
import { Shell } from '../../src/state/app-shell.svelte.ts';
import type { AppShell, ShellListener } from '../../src/state/ports.ts';

function fakeShell() {
  let listener: ShellListener | null = null;
  let connectivity: ((online: boolean) => void) | null = null;
  const shell: AppShell & { updates: number } = {
    updates: 0,
    start: (l) => void (listener = l),
    update: () => void shell.updates++,
    installed: () => false,
    online: () => false,
    onConnectivity: (l) => void (connectivity = l),
  };
  return {
    shell,
    report: () => listener!,
    started: () => listener !== null,
    connect: (online: boolean) => connectivity!(online),
  };
}

/** Lets the promise the shell waits on (the engine's start) settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve));

describe('Shell', () => {
  it('starts the service worker only once the data engine has started', async () => {
    const fake = fakeShell();
    let engineStarted!: () => void;
    new Shell(fake.shell, () => false, new Promise<void>((r) => (engineStarted = r)));
    await settled();
    expect(fake.started()).toBe(false);
    engineStarted();
    await settled();
    expect(fake.started()).toBe(true);
  });

  it('follows the network, starting from what the browser says', () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => false);
    expect(shell.online).toBe(false);
    fake.connect(true);
    expect(shell.online).toBe(true);
  });

  it('reloads into a new version at once in a page not yet used', async () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => false);
    await settled();
    fake.report().updateReady(true);
    expect(fake.shell.updates).toBe(1);
    expect(shell.applying).toBe(true);
  });

  it('announces a new version in a page in use, and applies it on the person’s word', async () => {
    const fake = fakeShell();
    let running = true;
    const shell = new Shell(fake.shell, () => running);
    await settled();
    fake.report().updateReady(false);
    expect(fake.shell.updates).toBe(0);
    expect(shell.updateReady).toBe(true);
    // A reload would cut the running turn short: not offered until it ends.
    expect(shell.canApply).toBe(false);
    running = false;
    expect(shell.canApply).toBe(true);
    shell.apply();
    expect(fake.shell.updates).toBe(1);
    expect(shell.canApply).toBe(false);
  });

  it('waits, in an unused page, while a file is being read', async () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => true);
    await settled();
    fake.report().updateReady(true);
    expect(fake.shell.updates).toBe(0);
    expect(shell.updateReady).toBe(true);
  });

  it('says when the app is cached for offline use, and when another tab updated it', async () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => false);
    await settled();
    fake.report().offlineReady();
    expect(shell.offlineReady).toBe(true);
    shell.dismissOfflineReady();
    expect(shell.offlineReady).toBe(false);
    fake.report().replaced();
    expect(shell.replaced).toBe(true);
  });
});
