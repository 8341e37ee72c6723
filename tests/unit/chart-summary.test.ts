import { describe, expect, it } from 'vitest';
import { chartSummary } from '../../src/core/charts/chart-summary.ts';

describe('a chart in one line', () => {
  it('names the mark, the axes by their titles, the colour and the points', () => {
    expect(
      chartSummary({
        mark: 'bar',
        data: { values: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, rain: i })) },
        encoding: {
          x: { field: 'month', type: 'ordinal', title: 'Month' },
          y: { field: 'rain', type: 'quantitative', title: 'Precipitation (mm)' },
        },
      }),
    ).toBe('Bar chart of Precipitation (mm) by Month, 12 points.');
    expect(
      chartSummary({
        mark: { type: 'point', filled: true },
        encoding: { x: { field: 'hp' }, y: { field: 'mpg' }, color: { field: 'origin' } },
      }),
    ).toBe('Scatter plot of mpg by hp, coloured by origin.');
  });

  it('reads a layered chart and says little when it knows little', () => {
    expect(
      chartSummary({
        layer: [{ mark: 'line', encoding: { x: { field: 'date' }, y: { field: 'price' } } }],
      }),
    ).toBe('Line chart of price by date.');
    expect(chartSummary({})).toBe('Chart.');
  });
});
