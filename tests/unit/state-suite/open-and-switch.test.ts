/**
 * Opening and switching sessions, as a person sees them: a loaded file becomes a listed session
 * titled by its file, opened; a reload reopens it with its tables and its turns; a second
 * session shows only its own turns and tables, and switching back shows the first's again.
 * Characterization of src/state/sessions.svelte.ts + open-session.svelte.ts before a refactor.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { answering, FakeBrowser, Tab, until } from './driver.ts';

describe('open', () => {
  it('stores a loaded file as a session titled by it, and a reload reopens it with its turns', async () => {
    const browser = new FakeBrowser();
    const tab = await Tab.open(browser, { replies: answering('It rains most in November.') });
    expect(tab.currentId()).toBeNull();
    expect(tab.list()).toEqual([]);

    await tab.loadFile('rain.csv', 'month,mm\nnov,120\n');
    const id = tab.currentId();
    expect(id).not.toBeNull();
    expect(tab.list()).toEqual([{ id, title: 'rain.csv' }]);
    expect(tab.tables()).toEqual(['rain']);
    expect(tab.readOnly()).toBe(false);

    await tab.ask('Which month is wettest?');
    expect(tab.questions()).toEqual(['Which month is wettest?']);
    expect(tab.answers()).toEqual(['It rains most in November.']);

    const again = await tab.reload();
    expect(again.currentId()).toBe(id);
    expect(again.list()).toEqual([{ id, title: 'rain.csv' }]);
    await until(() => again.tables().length === 1);
    expect(again.tables()).toEqual(['rain']);
    expect(await again.tableFiles()).toEqual(['rain ← rain.csv: month,mm\nnov,120\n']);
    expect(again.questions()).toEqual(['Which month is wettest?']);
    expect(again.answers()).toEqual(['It rains most in November.']);
    expect(again.readOnly()).toBe(false);

    // What storage holds, not only what the reload's rescue carried: a fresh tab reads it.
    const other = await Tab.open(browser);
    expect(other.currentId()).toBe(id);
    expect(other.questions()).toEqual(['Which month is wettest?']);
    expect(other.answers()).toEqual(['It rains most in November.']);
    await until(() => other.tables().length === 1);
    expect(other.tables()).toEqual(['rain']);
  });

  it('a reload in the middle of a turn reopens the session with that turn closed', async () => {
    const browser = new FakeBrowser();
    const tab = await Tab.open(browser, { replies: [{ hang: true }] });
    await tab.loadFile('rain.csv', 'month,mm\nnov,120\n');
    await tab.startAsking('Which month is wettest?');

    const again = await tab.reload({ replies: answering('November.') });
    expect(again.questions()).toEqual(['Which month is wettest?']);
    expect(again.turnStates()).toEqual(['interrupted']);
    await again.ask('And now?');
    expect(again.turnStates()).toEqual(['interrupted', 'done']);
    expect(again.answers()[1]).toBe('November.');
  });
});

describe('switch', () => {
  it('shows each session with its own turns and tables, and back again', async () => {
    const browser = new FakeBrowser();
    const tab = await Tab.open(browser, {
      replies: answering('November.', 'Bob sold most.'),
    });
    await tab.loadFile('rain.csv', 'month,mm\nnov,120\n');
    const rain = tab.currentId()!;
    await tab.ask('Which month is wettest?');

    await tab.newSession();
    await tab.loadFile('sales.csv', 'who,amount\nbob,9\n');
    const sales = tab.currentId()!;
    expect(sales).not.toBe(rain);
    expect(tab.questions()).toEqual([]);
    await tab.ask('Who sold most?');
    expect(tab.titles().sort()).toEqual(['rain.csv', 'sales.csv']);

    await tab.openSession(rain);
    expect(tab.currentId()).toBe(rain);
    expect(tab.currentTitle()).toBe('rain.csv');
    expect(tab.questions()).toEqual(['Which month is wettest?']);
    expect(tab.answers()).toEqual(['November.']);
    await until(() => tab.tables().length > 0);
    expect(tab.tables()).toEqual(['rain']);
    expect(await tab.tableFiles()).toEqual(['rain ← rain.csv: month,mm\nnov,120\n']);

    await tab.openSession(sales);
    expect(tab.currentId()).toBe(sales);
    expect(tab.questions()).toEqual(['Who sold most?']);
    expect(tab.answers()).toEqual(['Bob sold most.']);
    await until(() => tab.tables().length > 0);
    expect(tab.tables()).toEqual(['sales']);

    // Each is stored with its own turns: a reload on the first shows only its question.
    await tab.openSession(rain);
    const again = await tab.reload();
    expect(again.currentId()).toBe(rain);
    expect(again.questions()).toEqual(['Which month is wettest?']);
  });

  it('asks a question in the session open at the time, not in the one left', async () => {
    const browser = new FakeBrowser();
    const tab = await Tab.open(browser, { replies: answering('In B.') });
    await tab.loadFile('a.csv', 'x\n1\n');
    const a = tab.currentId()!;
    await tab.newSession();
    await tab.loadFile('b.csv', 'x\n2\n');
    await tab.ask('Only in B?');
    await tab.openSession(a);
    expect(tab.questions()).toEqual([]);
    const other = await Tab.open(browser);
    await other.openSession(a);
    expect(other.questions()).toEqual([]);
  });

  it('stops a turn still running in the session left, and keeps it there, not in the next', async () => {
    const browser = new FakeBrowser();
    // The model never answers: the turn runs until the person leaves the session.
    const tab = await Tab.open(browser, { replies: [{ hang: true }] });
    await tab.loadFile('a.csv', 'x\n1\n');
    const a = tab.currentId()!;
    await tab.startAsking('A long one?');
    await tab.newSession();
    expect(tab.turnRunning()).toBe(false);
    await tab.loadFile('b.csv', 'x\n2\n');
    expect(tab.questions()).toEqual([]);
    expect(tab.turnStates()).toEqual([]);
    await tab.openSession(a);
    expect(tab.questions()).toEqual(['A long one?']);
    expect(tab.turnStates()).toEqual(['stopped']);
  });
});
