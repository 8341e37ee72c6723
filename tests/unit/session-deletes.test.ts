/**
 * The Undo window's own rules (src/state/session-deletes.svelte.ts): the delete is carried out
 * when the window passes, not before; the mark (delete-marks.ts) outlives a page closed before the
 * delete finished, so the next start carries it out; a mark another tab left hides the session
 * here too; where storage keeps nothing, this tab still hides what it deletes.
 */
import { describe, expect, it, vi } from 'vitest';
import { DeleteMarks } from '../../src/state/delete-marks.ts';
import { SessionDeletes } from '../../src/state/session-deletes.svelte.ts';
import { memoryPreferences } from '../helpers/test-platform.ts';
import type { SessionId } from '../../src/core/ids.ts';

const rain = 'rain' as SessionId;
const sales = 'sales' as SessionId;

/** Deletes whose removal is `remove`, which unmarks once done as session-removal.ts does. */
function deletes(remove: (id: SessionId) => Promise<void>, windowMs = 50) {
  const stored = memoryPreferences();
  const marks = new DeleteMarks(stored);
  const removal = { remove: async (id: SessionId) => (await remove(id), marks.unmark(id)) };
  return { stored, marks, deletes: new SessionDeletes({ marks, removal, windowMs }) };
}

const nothing = { remove: async () => undefined };

describe('session deletes', () => {
  it('carries out the delete once the window has passed, and not before', async () => {
    vi.useFakeTimers();
    try {
      const done: SessionId[] = [];
      const { deletes: d, marks } = deletes(async (id) => void done.push(id), 8_000);
      await d.begin({ id: rain, title: 'rain.csv', wasOpen: false });
      expect(marks.hides(rain)).toBe(true);
      await vi.advanceTimersByTimeAsync(7_999);
      expect(done).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toEqual([rain]);
      expect(d.pending).toBeNull();
      expect(marks.hides(rain)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('Undo clears the mark and nothing is carried out', async () => {
    const carryOut = vi.fn(async () => undefined);
    const { deletes: d, marks, stored } = deletes(carryOut);
    await d.begin({ id: rain, title: 'rain.csv', wasOpen: true });
    expect(d.undo()).toEqual({ id: rain, title: 'rain.csv', wasOpen: true });
    expect(marks.hides(rain)).toBe(false);
    expect(stored.values.size).toBe(0);
    await new Promise((r) => setTimeout(r, 80));
    expect(carryOut).not.toHaveBeenCalled();
  });

  it('a second delete carries out the first at once', async () => {
    const done: SessionId[] = [];
    const { deletes: d } = deletes(async (id) => void done.push(id));
    await d.begin({ id: rain, title: 'rain.csv', wasOpen: false });
    await d.begin({ id: sales, title: 'sales.csv', wasOpen: false });
    expect(done).toEqual([rain]);
    expect(d.pending?.id).toBe(sales);
  });

  it('a page closed before its delete finished leaves it due for the next start', async () => {
    // A delete that the closing page cuts off: it never finishes, and so never unmarks.
    const { deletes: d, marks, stored } = deletes(() => new Promise(() => undefined), 60_000);
    await d.begin({ id: rain, title: 'rain.csv', wasOpen: false });
    expect(marks.due()).toEqual([]);
    d.pageHide();
    // The next page of the origin, or another tab: it reads the marks from storage.
    const next = new DeleteMarks(stored);
    expect(next.due()).toEqual([rain]);
    expect(next.hides(rain)).toBe(true);
  });

  it('hides what this tab deletes where the browser keeps nothing, until Undo', async () => {
    const marks = new DeleteMarks(null);
    const d = new SessionDeletes({ marks, removal: nothing, windowMs: 60_000 });
    await d.begin({ id: rain, title: 'rain.csv', wasOpen: false });
    expect(marks.hides(rain)).toBe(true);
    expect(new DeleteMarks(null).hides(rain)).toBe(false);
    d.undo();
    expect(marks.hides(rain)).toBe(false);
  });

  it('reads a mark it cannot make sense of as none', () => {
    const marks = new DeleteMarks(
      memoryPreferences([['sift.deleting', '{"rain": "soon", "sales": 1']]),
    );
    expect(marks.due()).toEqual([]);
    expect(marks.hides(rain)).toBe(false);
  });
});
