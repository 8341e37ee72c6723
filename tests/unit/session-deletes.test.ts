/**
 * The Undo window's own rules (src/state/session-deletes.svelte.ts): the delete is carried out
 * when the window passes, not before; the mark outlives a page closed before the delete finished,
 * so the next start carries it out; a mark another tab left hides the session here too.
 */
import { describe, expect, it, vi } from 'vitest';
import { SessionDeletes } from '../../src/state/session-deletes.svelte.ts';
import { memoryPreferences } from '../helpers/test-platform.ts';
import type { SessionId } from '../../src/core/ids.ts';

const rain = 'rain' as SessionId;
const sales = 'sales' as SessionId;

function deletes(carryOut: (id: SessionId) => Promise<void>, windowMs = 50) {
  const marks = memoryPreferences();
  return { marks, deletes: new SessionDeletes({ marks, carryOut, windowMs }) };
}

describe('session deletes', () => {
  it('carries out the delete once the window has passed, and not before', async () => {
    vi.useFakeTimers();
    try {
      const done: SessionId[] = [];
      const { deletes: d } = deletes(async (id) => void done.push(id), 8_000);
      await d.begin({ id: rain, title: 'rain.csv', wasOpen: false });
      expect(d.hides(rain)).toBe(true);
      await vi.advanceTimersByTimeAsync(7_999);
      expect(done).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toEqual([rain]);
      expect(d.pending).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('Undo clears the mark and nothing is carried out', async () => {
    const carryOut = vi.fn(async () => undefined);
    const { deletes: d, marks } = deletes(carryOut);
    await d.begin({ id: rain, title: 'rain.csv', wasOpen: true });
    expect(d.undo()).toEqual({ id: rain, title: 'rain.csv', wasOpen: true });
    expect(d.hides(rain)).toBe(false);
    expect(marks.values.size).toBe(0);
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
    const { deletes: d, marks } = deletes(() => new Promise(() => undefined), 60_000);
    await d.begin({ id: rain, title: 'rain.csv', wasOpen: false });
    expect(d.due()).toEqual([]);
    d.pageHide();
    const next = new SessionDeletes({ marks, carryOut: async () => undefined });
    expect(next.due()).toEqual([rain]);
    expect(next.hides(rain)).toBe(true);
  });

  it('reads a mark it cannot make sense of as none', () => {
    const marks = memoryPreferences([['sift.deleting', '{"rain": "soon", "sales": 1']]);
    const d = new SessionDeletes({ marks, carryOut: async () => undefined });
    expect(d.due()).toEqual([]);
    expect(d.hides(rain)).toBe(false);
  });
});
