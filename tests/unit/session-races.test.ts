/**
 * Three races of the open session, each forced here at the moment it happens (found by a review
 * of the state layer's refactor, issue 29): a catch-up read that ends after this tab took the
 * session over; an open that fails after the session shown was let go; a question asked in the
 * moment between a turn's stop and the next page. What the person would see is asserted: the
 * tab that holds the lock writes, a tab without it writes nothing, and no turn runs on for a page
 * it was not asked on.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createApp, type SiftApp } from '../../src/app.ts';
import { FakeBrowser } from '../helpers/state-tabs.ts';
import { ScriptedModel, type ScriptStep } from '../helpers/scripted-model.ts';
import { TEST_SETTINGS, until } from '../helpers/test-platform.ts';

const answering = (...a: string[]): ScriptStep[] => a.map((text) => ({ text }));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openApp(browser: FakeBrowser, replies: ScriptStep[] = []) {
  const model = new ScriptedModel(replies);
  const tab = browser.tab({ model });
  const app = createApp(tab.platform);
  app.settings.save(TEST_SETTINGS);
  await until(() => app.sessions.started);
  await app.sessions.ready();
  return { app, tab, model };
}

async function load(app: SiftApp, name: string, into: 'add' | 'new' = 'add') {
  await app.intake.take([new File(['month,mm\nnov,120\n'], name, { type: 'text/csv' })]);
  if (app.intake.waiting) await app.intake.choose(into, false);
  await until(() => {
    const open = app.sessions.stored.items.find((s) => s.id === app.sessions.active.id);
    return !!open?.tables.some((t) => t.fileName === name);
  });
}

describe('the open session, at the wrong moment', () => {
  it('stays the writer when a catch-up read ends after it took the session over', async () => {
    const browser = new FakeBrowser();
    const A = await openApp(browser);
    await load(A.app, 'rain.csv');
    const id = A.app.sessions.active.id!;
    const B = await openApp(browser, answering('B answers.'));
    expect(B.app.sessions.active.id).toBe(id);
    expect(B.app.sessions.active.role).toBe('follower');

    // B's first read of the events (the catch-up's) is held until we let it go.
    const store = B.app.sessions.status.store!;
    const events = store.events.bind(store);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let first = true;
    store.events = (async (sid: never) => {
      if (first) {
        first = false;
        const out = await events(sid);
        await held;
        return out;
      }
      return events(sid);
    }) as never;

    // Another tab's event with a gap: B has missed one, and reads the transcript again.
    const fake = browser.links(99).openChannel(() => undefined);
    fake.post({
      type: 'event',
      sessionId: id,
      seq: 50,
      event: { type: 'session_update', turnId: 't' as never, title: 'x' },
    } as never);
    await sleep(20);
    expect(first).toBe(false); // the catch-up read began

    // The writer goes away: B takes over.
    A.tab.close();
    await until(() => B.app.sessions.active.role === 'writer');
    expect(browser.holder(id as never)).not.toBeNull();

    // The catch-up read ends now.
    release();
    await sleep(50);
    expect(B.app.sessions.active.role).toBe('writer');
    expect(B.app.scope.analyst.readOnly).toBe(false);
  });

  it('writes nothing of the session left when opening another fails and it stays shown', async () => {
    const browser = new FakeBrowser();
    const A = await openApp(browser, answering('One.', 'Two.'));
    await load(A.app, 'rain.csv');
    const s1 = A.app.sessions.active.id!;
    await A.app.sessions.newSession();
    await load(A.app, 'sales.csv');
    const s2 = A.app.sessions.active.id!;
    await A.app.sessions.open(s1);
    await A.app.sessions.ready();
    expect(A.app.sessions.active.id).toBe(s1);
    const store = A.app.sessions.status.store!;
    const get = store.get.bind(store);
    store.get = (async (sid: never) => {
      if (sid === s2) throw new Error('disk');
      return get(sid);
    }) as never;
    await A.app.sessions.open(s2);
    const before = (await store.events(s1)).length;
    await A.app.scope.analyst.ask('After the failed open?');
    await sleep(50);
    const after = (await store.events(s1)).length;
    expect(A.app.sessions.active.id).toBe(s1);
    expect(after).toBe(before);
  });

  it('stops a turn asked between the stop and the next page, which is not its page', async () => {
    const browser = new FakeBrowser();
    const A = await openApp(browser, [{ hang: true }]);
    await load(A.app, 'rain.csv');
    const analyst = A.app.scope.analyst;
    const settle = analyst.settle.bind(analyst);
    let once = true;
    analyst.settle = async () => {
      await settle();
      if (once) {
        once = false;
        // The person asks in the moment between the stop and the blank page (writes flushing).
        void analyst.ask('Quick one?');
      }
    };
    const id = A.app.sessions.active.id!;
    await A.app.sessions.newSession();
    await sleep(50);
    // Stopped with the session it was asked in, and neither on the blank page nor stored there.
    expect(analyst.running).toBe(false);
    expect(A.app.scope.analyst).not.toBe(analyst);
    expect(A.app.scope.analyst.view.turns).toEqual([]);
    const stored = await A.app.sessions.status.store!.events(id);
    expect(JSON.stringify(stored)).not.toContain('Quick one?');
  });

  it('stays blank when the session it was taking over is deleted while it read it', async () => {
    const browser = new FakeBrowser();
    const A = await openApp(browser);
    await load(A.app, 'rain.csv');
    const id = A.app.sessions.active.id!;
    const B = await openApp(browser);
    expect(B.app.sessions.active.role).toBe('follower');

    // B's read of the session it takes over is held until the deletion has reached it.
    const store = B.app.sessions.status.store!;
    const get = store.get.bind(store);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reading = false;
    store.get = (async (sid: never) => {
      const meta = await get(sid);
      if (sid === id && !reading) {
        reading = true;
        await held;
      }
      return meta;
    }) as never;

    // A deletes it only once B has read it: B's take-over then goes on with a deleted session.
    const stored = A.app.sessions.status.store!;
    const remove = stored.delete.bind(stored);
    stored.delete = (async (sid: never) => {
      await until(() => reading);
      return remove(sid);
    }) as never;
    await A.app.sessions.delete(id);
    await A.app.sessions.deletes.finish();
    await until(() => reading && B.app.sessions.status.notice !== null);
    expect(B.app.sessions.active.id).toBeNull();
    release();
    await sleep(50);
    expect(B.app.sessions.active.id).toBeNull();
    expect(B.app.sessions.status.notice).toBe('This session was deleted in another tab.');
    expect(browser.holder(id as never)).toBeNull();
  });
});
