/**
 * Export and import of a session as one file, and the failures a person would notice. The
 * exported file brought into another browser gives the same title, turns and table files, and
 * is stored there; imported where it came from, it becomes a second session (a new id) beside
 * the first. A corrupt file is refused with a message and the open session stays open; a
 * session gone from storage (deleted in another tab) gives a notice and a blank page.
 * Characterization of src/state/session-transfer.ts and sessions.svelte.ts before a refactor.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { answering, FakeBrowser, Tab, until } from './driver.ts';

/** A session of rain.csv and sales.csv with one question asked, exported. */
async function exported() {
  const browser = new FakeBrowser();
  const tab = await Tab.open(browser, { replies: answering('November, by far.') });
  await tab.loadFile('rain.csv', 'month,mm\nnov,120\n');
  await tab.loadFile('sales.csv', 'who,amount\nbob,9\n', 'add');
  await tab.rename(tab.currentId()!, 'Rain and sales');
  await tab.ask('Which month is wettest?');
  return { browser, tab, file: await tab.exportSession() };
}

const FILES = ['rain ← rain.csv: month,mm\nnov,120\n', 'sales ← sales.csv: who,amount\nbob,9\n'];

describe('export and import', () => {
  it('brings the session into another browser: same title, turns and table files, stored', async () => {
    const { file } = await exported();
    expect(file.name).toBe('Rain and sales – session.sift');

    const elsewhere = await Tab.open(new FakeBrowser());
    expect(elsewhere.list()).toEqual([]);
    await elsewhere.importSession(file);
    expect(elsewhere.notice()).toBe('Imported “Rain and sales”.');
    expect(elsewhere.titles()).toEqual(['Rain and sales']);
    expect(elsewhere.currentTitle()).toBe('Rain and sales');
    expect(elsewhere.readOnly()).toBe(false);
    expect(elsewhere.questions()).toEqual(['Which month is wettest?']);
    expect(elsewhere.answers()).toEqual(['November, by far.']);
    expect(elsewhere.tables()).toEqual(['rain', 'sales']);
    expect(await elsewhere.tableFiles()).toEqual(FILES);

    const again = await elsewhere.reload();
    expect(again.currentTitle()).toBe('Rain and sales');
    expect(again.questions()).toEqual(['Which month is wettest?']);
    expect(await again.tableFiles()).toEqual(FILES);
  });

  it('imported where it came from, it is a second session beside the first', async () => {
    const { tab, file } = await exported();
    const first = tab.currentId()!;
    await tab.importSession(file);
    expect(tab.titles()).toEqual(['Rain and sales', 'Rain and sales']);
    const second = tab.currentId()!;
    expect(second).not.toBe(first);
    expect(
      tab
        .list()
        .map((s) => s.id)
        .sort(),
    ).toEqual([first, second].sort());
    expect(tab.questions()).toEqual(['Which month is wettest?']);
    expect(tab.readOnly()).toBe(false);

    // The original is untouched and still opens with its own turns.
    await tab.openSession(first);
    expect(tab.questions()).toEqual(['Which month is wettest?']);
    expect(await tab.tableFiles()).toEqual(FILES);
  });

  it('imported in a read-only tab, it opens there as a session that tab writes', async () => {
    const { browser, tab: a, file } = await exported();
    const b = await Tab.open(browser);
    expect(b.readOnly()).toBe(true);
    await b.importSession(file);
    expect(b.readOnly()).toBe(false);
    expect(b.currentId()).not.toBe(a.currentId());
    expect(b.questions()).toEqual(['Which month is wettest?']);
    await until(() => a.list().length === 2);
    expect(a.readOnly()).toBe(false);
  });

  it('exported in the middle of a turn, it imports with that turn closed', async () => {
    const tab = await Tab.open(new FakeBrowser(), { replies: [{ hang: true }] });
    await tab.loadFile('rain.csv', 'month,mm\nnov,120\n');
    await tab.startAsking('Still running?');
    const file = await tab.exportSession();
    const elsewhere = await Tab.open(new FakeBrowser());
    await elsewhere.importSession(file);
    expect(elsewhere.questions()).toEqual(['Still running?']);
    expect(elsewhere.turnStates()).toEqual(['interrupted']);
  });

  it('a blank page has nothing to export', async () => {
    const tab = await Tab.open(new FakeBrowser());
    await expect(tab.exportSession()).rejects.toThrow(
      'There is no session to export yet: load a file first.',
    );
  });
});

describe('failures a person notices', () => {
  it('a corrupt file is refused with a message, and the open session stays open', async () => {
    const browser = new FakeBrowser();
    const tab = await Tab.open(browser, { replies: answering('Yes.') });
    await tab.loadFile('rain.csv', 'month,mm\nnov,120\n');
    const rain = tab.currentId()!;
    await tab.ask('Wet?');

    await tab.importSession(new File(['this is not a session export'], 'rain.sift'));
    expect(tab.notice()).toMatch(/^Not imported: ./);
    expect(tab.currentId()).toBe(rain);
    expect(tab.questions()).toEqual(['Wet?']);
    expect(tab.tables()).toEqual(['rain']);
    expect(tab.list()).toEqual([{ id: rain, title: 'rain.csv' }]);

    // An export cut short is refused as well.
    const whole = await tab.exportSession();
    const cut = new File([(await whole.arrayBuffer()).slice(0, whole.size / 2)], whole.name);
    await tab.importSession(cut);
    expect(tab.notice()).toMatch(/^Not imported: ./);
    expect(tab.list()).toEqual([{ id: rain, title: 'rain.csv' }]);
    expect(tab.currentId()).toBe(rain);
  });

  it('opening a session deleted in another tab says so and leaves a blank page', async () => {
    const browser = new FakeBrowser();
    const a = await Tab.open(browser);
    await a.loadFile('rain.csv', 'month,mm\nnov,120\n');
    const rain = a.currentId()!;
    await a.newSession();
    await a.loadFile('sales.csv', 'who,amount\nbob,9\n');
    const sales = a.currentId()!;
    const b = await Tab.open(browser);
    expect(b.currentId()).toBe(sales);

    // B deletes rain; A clicks it in a list not yet brought up to date.
    await b.deleteSession(rain);
    await a.openSession(rain);
    expect(a.notice()).toBe('That session is no longer stored.');
    expect(a.currentId()).toBeNull();
    expect(a.questions()).toEqual([]);
    expect(a.tables()).toEqual([]);
    expect(a.list()).toEqual([{ id: sales, title: 'sales.csv' }]);
  });

  it('a reload whose address names a deleted session shows a blank page, not another session', async () => {
    const browser = new FakeBrowser();
    const a = await Tab.open(browser);
    await a.loadFile('rain.csv', 'month,mm\nnov,120\n');
    await a.newSession();
    await a.loadFile('sales.csv', 'who,amount\nbob,9\n');
    const sales = a.currentId()!;
    const b = await Tab.open(browser);
    // B deletes it from a blank page: had it been open there, B would go on to open the next
    // session first, and A would have heard of the deletion by then.
    await b.newSession();
    await b.deleteSession(sales);
    // A reloads before it hears of the deletion: its address still names sales.
    const again = await a.reload();
    expect(again.currentId()).toBeNull();
    expect(again.titles()).toEqual(['rain.csv']);
  });
});
