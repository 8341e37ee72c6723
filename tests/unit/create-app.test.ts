/**
 * The composition root built from a platform of the test's own: nothing in the app reaches the
 * browser but through it. A loaded file becomes a stored session named in the address, a link
 * opens only through the platform, the key is remembered through its preferences, and the page's
 * last moment goes to its rescue slot.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.ts';
import {
  memoryPreferences,
  tableEngine,
  TEST_SETTINGS,
  testPlatform,
  until,
} from '../helpers/test-platform.ts';

describe('createApp', () => {
  it('stores a loaded file as a session, named in the address, through the platform alone', async () => {
    const test = testPlatform();
    const app = createApp(test.platform);
    await until(() => app.sessions.started);
    expect(app.workspace.engineState).toBe('ready');

    await app.intake.takeSample();
    await until(() => app.sessions.stored.items.length === 1);
    const [session] = app.sessions.stored.items;
    expect(session!.title).toBe('weather.csv');
    expect(session!.tables.map((t) => t.name)).toEqual(['data']);
    expect(test.address()).toBe(session!.id);
    expect(test.platform.quota.requestPersistence).toHaveBeenCalledOnce();

    // Another app on the same storage (a reload) reopens it from the address.
    const again = createApp({ ...test.platform, engine: tableEngine() });
    await until(() => again.sessions.started);
    expect(again.sessions.active.id).toBe(session!.id);
    expect(again.sessions.active.files.get('data')?.name).toBe('weather.csv');
  });

  it('opens a confirmed link through the platform, and only once confirmed', () => {
    const test = testPlatform();
    const app = createApp(test.platform);
    app.links.ask('https://example.com/?q=1');
    expect(test.platform.openLink).not.toHaveBeenCalled();
    app.links.confirm();
    expect(test.platform.openLink).toHaveBeenCalledWith('https://example.com/?q=1');
  });

  it('remembers the key through the preferences only when asked to', () => {
    const preferences = memoryPreferences();
    const first = createApp(testPlatform({ preferences }).platform);
    const draft = { ...TEST_SETTINGS, apiKey: 'sk-test', model: 'm', chartCheck: true };
    expect(first.settings.save({ ...draft, remember: false })).toBeNull();
    expect([...preferences.values.values()].join()).not.toContain('sk-test');
    first.settings.save({ ...draft, remember: true });
    expect(createApp(testPlatform({ preferences }).platform).settings.apiKey).toBe('sk-test');
  });

  it('hands what storage has not confirmed to the rescue slot as the page goes away', async () => {
    const test = testPlatform();
    const app = createApp(test.platform);
    await until(() => app.sessions.started);
    expect(test.pageHide).toHaveLength(1);
    test.pageHide[0]!();
    expect(test.rescued).toEqual([null]);
  });
});
