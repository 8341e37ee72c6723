/**
 * A column of numbers keeps its places wherever it is shown (issue 45): in the report's tables
 * and in a quick chart's tooltip, as in the grid (src/core/data/number-places.ts).
 */
import { describe, expect, it } from 'vitest';
import { quickSpec } from '../../src/core/charts/quick-chart.ts';
import { markdownTable } from '../../src/core/report/report-document.ts';

describe('numbers with their column’s places', () => {
  it('writes a report table’s amounts with the same places, whole numbers and text as they are', () => {
    expect(
      markdownTable(
        ['region', 'orders', 'amount'],
        [
          ['North', 12, 845656],
          ['South', 7, 953524.78],
          ['West', null, 24981.7],
        ],
      ),
    ).toBe(
      [
        '| region | orders | amount |',
        '| --- | --- | --- |',
        '| North | 12 | 845656.00 |',
        '| South | 7 | 953524.78 |',
        '| West |  | 24981.70 |',
      ].join('\n'),
    );
  });

  it('gives a quick chart’s tooltip the column’s places, a DECIMAL its scale', () => {
    const spec = quickSpec(
      [
        { name: 'month', type: 'VARCHAR' },
        { name: 'amount', type: 'DECIMAL(18,2)' },
      ],
      [
        ['Jan', 845656],
        ['Feb', 953524.78],
      ],
      { x: 'month', y: 'amount', mark: 'bar' },
    ) as { encoding: { tooltip: Array<{ format?: string }> } };
    expect(spec.encoding.tooltip[1]!.format).toBe(',.2f');
  });
});
