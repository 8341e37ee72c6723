import { describe, expect, it } from 'vitest';
import type { TableInfo } from '../../src/core/data/engine.ts';
import { readsOf, withLoaded } from '../../src/state/stored-files.ts';
import type { LoadedFile } from '../../src/state/workspace.svelte.ts';

const loadedFrom = (file: File, ...tables: Array<[string, string?]>): LoadedFile[] =>
  tables.map(([name, sheet]) => ({ file, table: { name, sheet } as TableInfo }));

describe('the files a session stores for its tables', () => {
  it('stores a workbook once for all its sheets, and lets it go only when no sheet is read from it', () => {
    const workbook = new File(['xlsx bytes'], 'sales.xlsx');
    const first = withLoaded([], loadedFrom(workbook, ['sales', 'Sales'], ['targets', 'Targets']));
    expect(first.put).toHaveLength(1);
    expect(first.put[0]![1]).toBe(workbook);
    const [sales, targets] = first.tables;
    expect(sales!.fileId).toBe(targets!.fileId);
    expect(first.unused).toEqual([]);

    // One sheet's table replaced by a CSV of the same name: the other still reads the workbook.
    const csv = new File(['a,b\n1,2'], 'targets.csv');
    const second = withLoaded(first.tables, loadedFrom(csv, ['targets']));
    expect(second.tables.map((t) => [t.name, t.fileName])).toEqual([
      ['sales', 'sales.xlsx'],
      ['targets', 'targets.csv'],
    ]);
    expect(second.unused).toEqual([]);

    // Then the last one: now the workbook is read by nothing.
    const third = withLoaded(second.tables, loadedFrom(new File(['x'], 'sales.csv'), ['sales']));
    expect(third.unused).toEqual([sales!.fileId]);
  });

  it('keeps the encoding the person chose, and reads the table that way again', () => {
    const file = new File(['Jm\xe9no'], 'cz.csv');
    const table = (readAs?: 'windows-1250') =>
      ({ name: 'people', encoding: readAs ?? 'windows-1252', readAs }) as TableInfo;
    const guessed = withLoaded([], [{ file, table: table() }]);
    expect(guessed.tables[0]).not.toHaveProperty('encoding');
    expect(readsOf(guessed.tables).size).toBe(0);
    const stored = new Map([['people', file]]);
    const chosen = withLoaded(guessed.tables, [{ file, table: table('windows-1250') }], stored);
    expect(chosen.tables.map((t) => [t.name, t.encoding])).toEqual([['people', 'windows-1250']]);
    expect(readsOf(chosen.tables).get('people')).toEqual({
      sheet: undefined,
      encoding: 'windows-1250',
    });
    // The same file, read another way: stored once, not written again, nothing let go.
    expect(chosen.tables[0]!.fileId).toBe(guessed.tables[0]!.fileId);
    expect([chosen.put, chosen.unused]).toEqual([[], []]);
    // Kept as written: the choice joins the encoding, still on the one stored file.
    const asWritten = { ...table('windows-1250'), asWritten: true } as TableInfo;
    const kept = withLoaded(chosen.tables, [{ file, table: asWritten }], stored);
    expect(readsOf(kept.tables).get('people')).toEqual({
      sheet: undefined,
      encoding: 'windows-1250',
      asWritten: true,
    });
    expect([kept.put, kept.unused]).toEqual([[], []]);
    // Another file under the table's name is stored, and the first let go.
    const other = withLoaded(
      kept.tables,
      [{ file: new File(['x'], 'cz.csv'), table: table() }],
      stored,
    );
    expect([other.put.length, other.unused]).toEqual([1, [guessed.tables[0]!.fileId]]);
  });
});
