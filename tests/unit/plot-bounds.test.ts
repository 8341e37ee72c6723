/** Chart specs whose small numbers would freeze the page are refused, with a reason; charts as people make them pass. */
import { describe, expect, it } from 'vitest';
import { checkPlotSpec } from '../../src/core/charts/plot-spec.ts';

const values = [
  { month: 'Jan', temp: 3.5, year: 2012 },
  { month: 'Feb', temp: 5.1, year: 2015 },
];
const chart = (extra: Record<string, unknown> = {}, y: Record<string, unknown> = {}) => ({
  data: { values },
  mark: 'bar',
  encoding: {
    x: { field: 'month', type: 'nominal' },
    y: { field: 'temp', type: 'quantitative', ...y },
  },
  ...extra,
});
const reason = (spec: unknown) => {
  const r = checkPlotSpec(spec, { paints: 'sanitised' });
  return r.ok ? null : r.reason;
};

describe('a chart that would freeze the page', () => {
  it.each([
    [
      'a flattened sequence',
      chart({ transform: [{ calculate: 'sequence(0, 10000000)', as: 's' }, { flatten: ['s'] }] }),
      /sequence\(\) is not allowed/,
    ],
    [
      'a padded string',
      chart({ transform: [{ calculate: "pad('', 100000000, 'x')", as: 's' }] }),
      /pad\(\) is not allowed/,
    ],
    [
      'a sequence in a parameter',
      chart({ params: [{ name: 'p', expr: 'length(sequence(0, 1e9))' }] }),
      /params\[0\]\.expr: sequence\(\)/,
    ],
    ['a huge width', chart({ width: 10000000 }), /width is 10000000; at most 4,000 px/],
    ['a huge band step', chart({ width: { step: 100000 } }), /width\.step is 100000/],
    [
      'a huge default view',
      chart({ config: { view: { continuousWidth: 1e7 } } }),
      /continuousWidth/,
    ],
    [
      'ten million ticks',
      chart({}, { axis: { tickCount: 10000000 } }),
      /tickCount is 10000000; at most 1,000/,
    ],
    ['ten million bins', chart({}, { bin: { maxbins: 10000000 } }), /maxbins/],
    [
      'a bin step that makes millions of bins',
      chart({}, { bin: { step: 0.0000001 } }),
      /makes 16,000,000 bins/,
    ],
    [
      'a bin step within a huge extent',
      chart({}, { bin: { step: 1, extent: [0, 1e9] } }),
      /makes 1,000,000,000 bins/,
    ],
    [
      'a density with millions of steps',
      chart({ transform: [{ density: 'temp', steps: 1e7 }] }),
      /steps is 10000000/,
    ],
    [
      'impute keys without end',
      chart({ transform: [{ impute: 'temp', key: 'year', keyvals: { start: 0, stop: 1e9 } }] }),
      /keyvals would make more than 10,000 keys/,
    ],
    [
      'a format padded to a huge width',
      chart({}, { axis: { format: '0100000000d' } }),
      /pads to a huge width/,
    ],
    [
      'a format expression padded to a huge width',
      chart({ transform: [{ calculate: "format(datum.temp, '>100000000')", as: 't' }] }),
      /pads to a huge width/,
    ],
    ['a huge font', chart({ config: { axis: { labelFontSize: 1e6 } } }), /labelFontSize/],
  ])('refuses %s', (_, spec, why) => {
    expect(reason(spec)).toMatch(why);
  });
});

describe('charts as people make them', () => {
  it.each([
    ['a wide chart', chart({ width: 1200, height: 400 })],
    ['bins of 5 degrees', chart({}, { bin: { step: 5 } })],
    [
      'a bin step of thousands on large values',
      chart({ transform: [{ bin: { step: 5000 }, field: 'year', as: 'y5' }] }),
    ],
    ['a formatted axis', chart({}, { axis: { format: ',.2f', tickCount: 10 } })],
    ['a title that mentions a sequence', chart({ title: 'Gene sequence (bp) with padding (mm)' })],
    ['a density', chart({ transform: [{ density: 'temp', steps: 200 }] })],
    ['bands of 30 px', chart({ width: { step: 30 } })],
    ['big numbers in a domain and a rule', chart({}, { scale: { domain: [0, 10000000] } })],
  ])('accepts %s', (_, spec) => {
    expect(reason(spec)).toBeNull();
  });
});
