/** The chart of a SQL box result (core/charts/quick-chart.ts): its first choice and its spec. */
import { describe, expect, it } from 'vitest';
import { firstChoice, quickSpec } from '../../src/core/charts/quick-chart.ts';

const col = (name: string, type: string) => ({ name, type });

describe('a chart of a result', () => {
  it('puts a category across and the first number up, as bars', () => {
    const columns = [col('weather', 'VARCHAR'), col('days', 'BIGINT'), col('mm', 'DOUBLE')];
    expect(firstChoice(columns)).toEqual({ x: 'weather', y: 'days', mark: 'bar' });
  });

  it('draws a line over dates, points for two numbers, nothing without a number', () => {
    expect(firstChoice([col('day', 'DATE'), col('rain', 'DOUBLE')])).toEqual({
      x: 'day',
      y: 'rain',
      mark: 'line',
    });
    expect(firstChoice([col('temp_max', 'DOUBLE'), col('wind', 'DOUBLE')])).toEqual({
      x: 'temp_max',
      y: 'wind',
      mark: 'point',
    });
    expect(firstChoice([col('month', 'BIGINT'), col('rain', 'DOUBLE')], 12)).toMatchObject({
      mark: 'bar',
    });
    expect(firstChoice([col('id', 'BIGINT'), col('rain', 'DOUBLE')], 1000)).toMatchObject({
      mark: 'point',
    });
    expect(firstChoice([col('a', 'VARCHAR'), col('b', 'DATE')])).toBeNull();
    expect(firstChoice([col('n', 'BIGINT')])).toBeNull();
  });

  it('keeps the result’s order and reads numbers sent as text', () => {
    const columns = [col('city', 'VARCHAR'), col('total', 'HUGEINT')];
    const spec = quickSpec(
      columns,
      [
        ['Zürich', '12345678901234567890'],
        ['Aarau', null],
      ],
      {
        x: 'city',
        y: 'total',
        mark: 'bar',
      },
    ) as {
      data: { values: Array<{ x: unknown; y: unknown }> };
      encoding: { x: { sort?: unknown; type: string } };
    };
    expect(spec.data.values).toEqual([
      { x: 'Zürich', y: Number('12345678901234567890') },
      { x: 'Aarau', y: null },
    ]);
    expect(spec.encoding.x).toMatchObject({ type: 'nominal', sort: null });
  });

  it('treats whole numbers across bars as categories in order, as a scale otherwise', () => {
    const columns = [col('month', 'BIGINT'), col('rain', 'DOUBLE')];
    const bar = quickSpec(columns, [[1, 2]], { x: 'month', y: 'rain', mark: 'bar' }) as {
      encoding: { x: { type: string } };
    };
    const line = quickSpec(columns, [[1, 2]], { x: 'month', y: 'rain', mark: 'line' }) as {
      encoding: { x: { type: string } };
    };
    expect(bar.encoding.x.type).toBe('ordinal');
    expect(line.encoding.x.type).toBe('quantitative');
  });

  it('lays a few short categories level, and leaves many or long ones to Vega-Lite', () => {
    const columns = [col('weather', 'VARCHAR'), col('days', 'BIGINT')];
    const choice = { x: 'weather', y: 'days', mark: 'bar' } as const;
    const axis = (rows: (string | number)[][]) =>
      (quickSpec(columns, rows, choice).encoding as { x: { axis?: unknown } }).x.axis;
    expect(
      axis([
        ['sun', 1466],
        ['drizzle', 111],
      ]),
    ).toEqual({ labelAngle: 0 });
    expect(axis([['a category name of some length', 1]])).toBeUndefined();
    expect(axis(Array.from({ length: 30 }, (_, i) => [`c${i}`, i]))).toBeUndefined();
  });
});
