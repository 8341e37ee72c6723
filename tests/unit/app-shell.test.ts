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
    online: () => false,
    onConnectivity: (l) => void (connectivity = l),
  };
  return { shell, report: () => listener!, connect: (online: boolean) => connectivity!(online) };
}

describe('Shell', () => {
  it('follows the network, starting from what the browser says', () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => false);
    expect(shell.online).toBe(false);
    fake.connect(true);
    expect(shell.online).toBe(true);
  });

  it('reloads into a new version at once in a page not yet used', () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => false);
    fake.report().updateReady(true);
    expect(fake.shell.updates).toBe(1);
    expect(shell.applying).toBe(true);
  });

  it('announces a new version in a page in use, and applies it on the person’s word', () => {
    const fake = fakeShell();
    let running = true;
    const shell = new Shell(fake.shell, () => running);
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

  it('waits, in an unused page, while a file is being read', () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => true);
    fake.report().updateReady(true);
    expect(fake.shell.updates).toBe(0);
    expect(shell.updateReady).toBe(true);
  });

  it('says when the app is cached for offline use, and when another tab updated it', () => {
    const fake = fakeShell();
    const shell = new Shell(fake.shell, () => false);
    fake.report().offlineReady();
    expect(shell.offlineReady).toBe(true);
    shell.dismissOfflineReady();
    expect(shell.offlineReady).toBe(false);
    fake.report().replaced();
    expect(shell.replaced).toBe(true);
  });
});
