/**
 * Two tabs on the same sessions (one fake browser: one IndexedDB, one channel, one set of locks;
 * tests/helpers/state-tabs.ts). The tab that writes a session holds its lock; another tab that
 * opens it shows it read-only and follows it live. When the writer lets go (closes, reloads, or
 * leaves the session) the follower takes over by itself and becomes the writer; a tab that comes
 * back to the session then follows. Characterization of src/state/session-follower.ts and
 * session-tabs.ts before a refactor.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { answering, FakeBrowser, Tab, until } from './driver.ts';

/** Tab A writing a session of rain.csv; tab B opened after it, on the same session. */
async function writerAndFollower(replies: { a?: string[]; b?: string[] } = {}) {
  const browser = new FakeBrowser();
  const a = await Tab.open(browser, { replies: answering(...(replies.a ?? [])) });
  await a.loadFile('rain.csv', 'month,mm\nnov,120\n');
  const id = a.currentId()!;
  const b = await Tab.open(browser, { replies: answering(...(replies.b ?? [])) });
  return { browser, a, b, id };
}

describe('follow', () => {
  it('a second tab on the session is read-only and shows what the writer asks, as it happens', async () => {
    const { a, b, id } = await writerAndFollower({ a: ['November.'] });
    expect(b.currentId()).toBe(id);
    expect(b.readOnly()).toBe(true);
    expect(b.canAsk()).toBe(false);
    expect(a.readOnly()).toBe(false);
    await until(() => b.tables().length === 1);
    expect(b.tables()).toEqual(['rain']);

    await a.ask('Which month is wettest?');
    await until(() => b.answers().length === 1 && !b.turnRunning());
    expect(b.questions()).toEqual(['Which month is wettest?']);
    expect(b.answers()).toEqual(['November.']);
    expect(b.readOnly()).toBe(true);
  });

  it('a follower that misses an event reads the stored transcript again, and shows each item once', async () => {
    const { browser, a, b } = await writerAndFollower({ a: ['November.', 'March.'] });
    // The first question's start never reaches the follower; the next event shows the gap.
    browser.loseStoredEvents(1);
    await a.ask('Which month is wettest?');
    await a.ask('And the driest?');
    await until(() => b.answers().length === 2 && !b.turnRunning());
    expect(b.questions()).toEqual(['Which month is wettest?', 'And the driest?']);
    expect(b.answers()).toEqual(['November.', 'March.']);
    expect(b.questions()).toEqual(a.questions());
  });

  it('the follower asks nothing; the writer’s new table shows there too', async () => {
    const { a, b } = await writerAndFollower({ b: ['Should not be asked.'] });
    await b.ask('From the follower?');
    expect(b.questions()).toEqual([]);
    expect(b.model.requests).toHaveLength(0);

    await a.loadFile('sales.csv', 'who,amount\nbob,9\n', 'add');
    expect(a.tables()).toEqual(['rain', 'sales']);
    await until(() => b.tables().length === 2);
    expect(b.tables()).toEqual(['rain', 'sales']);
    expect(a.questions()).toEqual([]);
  });

  it('the notebook the writer keeps shows in the follower as it grows, and stays after a reload', async () => {
    const { a, b } = await writerAndFollower();
    expect(await a.keepCell('SELECT 1 AS x')).toBe(true);
    // The fake engine answers with whose DuckDB ran it: the writer's.
    expect(a.cells()).toEqual([`cell_1: tab ${a.number}`]);
    await until(() => b.cells().length === 1 && !b.cells()[0]!.endsWith('-'));
    expect(b.cells()).toEqual(a.cells());
    expect(await b.keepCell('SELECT 2')).toBe(false);
    expect(a.cells()).toHaveLength(1);
    const again = await a.reload();
    await again.settled();
    expect(again.cells()).toEqual([`cell_1: tab ${a.number}`]);
  });

  it('a file dropped on the follower is refused at once, saying why', async () => {
    const { b } = await writerAndFollower();
    await b.dropFile('other.csv', 'x\n1\n');
    expect(b.asked()).toBe(false);
    expect(b.fileFailures()).toEqual([
      'other.csv: This session is open in another tab: add files there, or start a new session.',
    ]);
    expect(b.tables()).toEqual(['rain']);
  });

  it('a tab opened after the questions shows them from storage, read-only', async () => {
    const browser = new FakeBrowser();
    const a = await Tab.open(browser, { replies: answering('One.', 'Two.') });
    await a.loadFile('rain.csv', 'month,mm\nnov,120\n');
    await a.ask('First?');
    await a.ask('Second?');
    const b = await Tab.open(browser);
    expect(b.readOnly()).toBe(true);
    expect(b.questions()).toEqual(['First?', 'Second?']);
    expect(b.answers()).toEqual(['One.', 'Two.']);
  });
});

describe("the writer's tables", () => {
  it("a follower's reads are answered by the writer's DuckDB, and follow its new tables", async () => {
    const { a, b } = await writerAndFollower();
    await until(() => b.tables().length === 1);
    expect(await b.runSql()).toBe(`tab ${a.number}`);

    await a.loadFile('sales.csv', 'who,amount\nbob,9\n', 'add');
    await until(() => b.tables().length === 2);
    expect(b.tables()).toEqual(['rain', 'sales']);
    expect(await b.runSql()).toBe(`tab ${a.number}`);
  });

  it('a writer that does not answer (an older Sift): the follower reads its own copy', async () => {
    const browser = new FakeBrowser();
    const a = await Tab.open(browser);
    await a.loadFile('rain.csv', 'month,mm\nnov,120\n');
    browser.answerNoFollower(a.number);
    const b = await Tab.open(browser);
    expect(b.readOnly()).toBe(true);
    // After the wait for an answer (3 s, state/tab-engine.svelte.ts).
    await until(() => b.tables().length === 1, 6_000);
    expect(await b.runSql()).toBe(`tab ${b.number}`);
  });

  it('after the follower moves to another session, its reads are its own again', async () => {
    const { b } = await writerAndFollower();
    await until(() => b.tables().length === 1);
    await b.newSession();
    await b.loadFile('other.csv', 'x\n1\n', 'add');
    expect(b.readOnly()).toBe(false);
    expect(b.tables()).toEqual(['other']);
    expect(await b.runSql()).toBe(`tab ${b.number}`);
  });
});

describe('take over', () => {
  it('when the writing tab closes, the follower becomes the writer and can ask', async () => {
    const { browser, a, b, id } = await writerAndFollower({
      a: ['A’s answer.'],
      b: ['B’s answer.'],
    });
    await a.ask('From A?');
    await until(() => b.answers().length === 1);
    a.close();

    await until(() => !b.readOnly());
    expect(b.currentId()).toBe(id);
    expect(b.canAsk()).toBe(true);
    expect(b.questions()).toEqual(['From A?']);
    await until(() => b.tables().length === 1);
    expect(b.tables()).toEqual(['rain']);
    await b.ask('From B?');
    expect(b.questions()).toEqual(['From A?', 'From B?']);
    expect(b.answers()).toEqual(['A’s answer.', 'B’s answer.']);

    // What B wrote is stored after A's: a new tab shows both, read-only while B writes.
    const c = await Tab.open(browser);
    expect(c.currentId()).toBe(id);
    expect(c.readOnly()).toBe(true);
    expect(c.questions()).toEqual(['From A?', 'From B?']);
  });

  it('when the writer leaves the session, the follower takes over and the writer coming back follows', async () => {
    const { a, b, id } = await writerAndFollower({ b: ['From B, live.'] });
    await a.newSession();
    await until(() => !b.readOnly());

    await a.openSession(id);
    expect(a.currentId()).toBe(id);
    expect(a.readOnly()).toBe(true);
    expect(a.canAsk()).toBe(false);

    await b.ask('Asked in B?');
    await until(() => a.answers().length === 1 && !a.turnRunning());
    expect(a.questions()).toEqual(['Asked in B?']);
    expect(a.answers()).toEqual(['From B, live.']);
  });

  it('a turn cut off by the writer closing is closed in the tab that takes over', async () => {
    const browser = new FakeBrowser();
    const a = await Tab.open(browser, { replies: [{ hang: true }] });
    await a.loadFile('rain.csv', 'month,mm\nnov,120\n');
    const b = await Tab.open(browser, { replies: answering('Asked again.') });
    await a.startAsking('Still thinking?');
    await until(() => b.turnRunning());
    expect(b.questions()).toEqual(['Still thinking?']);

    a.close();
    await until(() => !b.readOnly());
    expect(b.turnRunning()).toBe(false);
    expect(b.turnStates()).toEqual(['interrupted']);
    await b.ask('Again?');
    expect(b.questions()).toEqual(['Still thinking?', 'Again?']);
    expect(b.turnStates()[1]).toBe('done');
  });

  it('reloading the writing tab hands the session to the tab that followed it', async () => {
    const { a, b, id } = await writerAndFollower();
    const reloaded = await a.reload();
    await until(() => !b.readOnly());
    expect(reloaded.currentId()).toBe(id);
    expect(reloaded.readOnly()).toBe(true);
  });

  it('a follower that moves to another session no longer takes this one over', async () => {
    const { browser, a, b, id } = await writerAndFollower();
    await b.newSession();
    expect(b.readOnly()).toBe(false);
    a.close();
    const c = await Tab.open(browser);
    expect(c.currentId()).toBe(id);
    expect(c.readOnly()).toBe(false);
    expect(b.currentId()).toBeNull();
  });
});
