/**
 * Undo after a delete (issue 33): for a few seconds the session is only hidden, storage still
 * holding it whole, and Undo lists it again in its place and opens it again if it was open. The
 * delete is carried out when the notice goes: another delete, or the page closing (a reload).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { answering, FakeBrowser, Tab } from './driver.ts';

/** A tab with three sessions, rain, sales then wind, the last open. */
async function three() {
  const tab = await Tab.open(new FakeBrowser(), { replies: answering('Yes.') });
  const ids: string[] = [];
  for (const [name, csv] of [
    ['rain.csv', 'month,mm\nnov,120\n'],
    ['sales.csv', 'who,amount\nbob,9\n'],
    ['wind.csv', 'day,kmh\nmon,40\n'],
  ] as const) {
    if (ids.length) await tab.newSession();
    await tab.loadFile(name, csv);
    ids.push(tab.currentId()!);
  }
  await tab.ask('Windy?');
  const [rain, sales, wind] = ids as [string, string, string];
  return { tab, rain, sales, wind };
}

describe('undo a delete', () => {
  it('brings the open session back whole, in its place, and opens it again', async () => {
    const { tab, rain, sales, wind } = await three();
    const listed = tab.list();

    await tab.startDelete(wind);
    expect(tab.undoOffered()).toBe('wind.csv');
    expect(tab.list().map((s) => s.id)).toEqual([sales, rain]);
    expect(tab.currentId()).toBe(sales);

    await tab.undoDelete();
    expect(tab.undoOffered()).toBeNull();
    expect(tab.list()).toEqual(listed);
    expect(tab.currentId()).toBe(wind);
    expect(tab.tables()).toEqual(['wind']);
    expect(tab.questions()).toEqual(['Windy?']);
  });

  it('brings back one that was not open without leaving the one that is', async () => {
    const { tab, rain, wind } = await three();
    const listed = tab.list();
    await tab.startDelete(rain);
    await tab.undoDelete();
    expect(tab.list()).toEqual(listed);
    expect(tab.currentId()).toBe(wind);
  });

  it('a second delete makes the first final, and takes its place in the notice', async () => {
    const { tab, rain, sales, wind } = await three();
    await tab.startDelete(rain);
    await tab.startDelete(sales);
    expect(tab.undoOffered()).toBe('sales.csv');
    await tab.undoDelete();
    expect(tab.list().map((s) => s.id)).toEqual([wind, sales]);
    const again = await tab.reload();
    expect(again.list().map((s) => s.id)).toEqual([wind, sales]);
  });

  it('a reload during the notice carries out the delete: the session does not come back', async () => {
    const { tab, rain, sales, wind } = await three();
    await tab.startDelete(wind);
    const again = await tab.reload();
    expect(again.list().map((s) => s.id)).toEqual([sales, rain]);
    expect(again.undoOffered()).toBeNull();
  });
});
