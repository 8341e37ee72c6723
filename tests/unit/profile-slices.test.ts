/**
 * The profile in slices over a fake engine that counts the columns it is asked to profile: what
 * one profile found serves the next, two at once still compute each column once, and a table
 * that changed is profiled anew.
 */
import { describe, expect, it } from 'vitest';
import type {
  ColumnProfile,
  SiftEngine,
  TableInfo,
  TableProfile,
} from '../../src/core/data/engine.ts';
import { ProfileCache, profileInSlices } from '../../workers/profile-slices.ts';
import { Scheduler } from '../../workers/scheduler.ts';

const COLUMNS = ['a', 'b', 'c'];

const info: TableInfo = {
  name: 'data',
  fileName: 'data.csv',
  fileBytes: 1,
  rows: 10,
  columns: COLUMNS.map((name) => ({ original: name, name })),
  schema: COLUMNS.map((name) => ({ name, type: 'BIGINT' })),
  format: 'csv',
  encoding: 'utf-8',
  notes: [],
  loadMs: 1,
};

function setUp() {
  const asked: string[] = [];
  let version = 1;
  const column = (name: string): ColumnProfile => ({
    column: name,
    type: 'BIGINT',
    nonNullCount: 10,
    uniqueCount: version,
    min: null,
    max: null,
    typicalValues: [],
    issues: [],
  });
  const cache = new ProfileCache();
  const deps = {
    scheduler: new Scheduler(),
    running: new Map<string, () => void>(),
    cache,
    engine: async () => ({ tables: async () => [info] }) as unknown as SiftEngine,
    slice: async (columns: string[]): Promise<TableProfile> => {
      asked.push(...columns);
      await new Promise((r) => setTimeout(r, 1));
      return { table: 'data', rows: 10, columns: columns.map(column), durationMs: 1 };
    },
    interrupt: () => undefined,
  };
  const profile = () => profileInSlices(deps, 'data', {});
  return { asked, cache, profile, change: () => version++ };
}

describe('profileInSlices', () => {
  it('answers a second profile of a table from the first, running nothing', async () => {
    const { asked, profile } = setUp();
    const first = await profile();
    const second = await profile();
    expect(asked).toEqual(COLUMNS);
    expect(second.columns).toEqual(first.columns);
  });

  it('computes each column once when two profiles run at once', async () => {
    const { asked, profile } = setUp();
    const [page, model] = await Promise.all([profile(), profile()]);
    expect(asked).toEqual(COLUMNS);
    expect(model.columns).toEqual(page.columns);
  });

  it('profiles a table anew once it is forgotten (replaced, dropped, reset)', async () => {
    const { asked, cache, profile, change } = setUp();
    await profile();
    change();
    cache.forget('data');
    const again = await profile();
    expect(asked).toEqual([...COLUMNS, ...COLUMNS]);
    expect(again.columns.map((c) => c.uniqueCount)).toEqual([2, 2, 2]);
  });

  it('keeps no column a slice found for a table forgotten while it ran', () => {
    const cache = new ProfileCache();
    const since = cache.version('data');
    cache.forget('data');
    const stale = { column: 'a' } as ColumnProfile;
    cache.write('data', since, stale);
    expect(cache.read('data', 'a')).toBeUndefined();
    cache.write('data', cache.version('data'), stale);
    expect(cache.read('data', 'a')).toBe(stale);
  });

  it('tells a profile begun before a reset, even of a table it had never seen, from one after', () => {
    const cache = new ProfileCache();
    // The last session's `data`, its profile begun, no column written yet.
    const since = cache.version('data');
    cache.clear();
    // The next session's `data`: what the old profile found is not written, nor kept.
    expect(cache.version('data')).not.toBe(since);
    cache.write('data', since, { column: 'a' } as ColumnProfile);
    expect(cache.read('data', 'a')).toBeUndefined();
  });
});
