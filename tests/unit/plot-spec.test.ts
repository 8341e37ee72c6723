import { describe, expect, it } from 'vitest';
import { compile, type TopLevelSpec } from 'vega-lite';
import { checkPlotSpec, type PlotSpecOptions } from '../../src/core/charts/plot-spec.ts';
import { closestMatch, levenshtein } from '../../src/core/closest.ts';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const rows = [
  { region: 'North', month: '2024-01', revenue: 120, units: 4 },
  { region: 'South', month: '2024-01', revenue: 90, units: 3 },
  { region: 'North', month: '2024-02', revenue: 150, units: 5 },
];

type Options = Partial<PlotSpecOptions>;

/** Drawn by Sift, behind its paint sanitiser, unless the test says otherwise. */
const drawn = (options?: Options): PlotSpecOptions => ({ paints: 'sanitised', ...options });

function accepted(spec: unknown, options?: Options): Record<string, unknown> {
  const result = checkPlotSpec(spec, drawn(options));
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.spec;
}

function reason(spec: unknown, options?: Options): string {
  const result = checkPlotSpec(spec, drawn(options));
  if (result.ok) throw new Error('accepted a spec that should be refused');
  return result.reason;
}

const bar = () => ({
  $schema: SCHEMA,
  data: { values: rows.map((r) => ({ ...r })) },
  mark: 'bar',
  encoding: {
    x: { field: 'region', type: 'nominal' },
    y: { field: 'revenue', type: 'quantitative', aggregate: 'sum' },
  },
});

describe('checkPlotSpec accepts ordinary charts', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['a bar chart', bar()],
    [
      'a line chart with a tooltip array and sort by another field',
      {
        data: { values: rows },
        mark: { type: 'line', point: true, cursor: 'pointer' },
        encoding: {
          x: { field: 'month', type: 'ordinal', sort: { field: 'units', op: 'sum' } },
          y: { field: 'revenue', type: 'quantitative' },
          color: { field: 'region', type: 'nominal', sort: ['South', 'North'] },
          tooltip: [{ field: 'region' }, { field: 'revenue', format: ',.0f' }],
        },
      },
    ],
    [
      'a layered chart with shared data and a per-layer transform',
      {
        $schema: 'https://vega.github.io/schema/vega-lite/v5.20.1.json',
        data: { values: rows },
        layer: [
          {
            mark: 'bar',
            encoding: {
              x: { field: 'month', type: 'ordinal' },
              y: { field: 'revenue', type: 'quantitative' },
            },
          },
          {
            transform: [{ calculate: 'datum.revenue / datum.units', as: 'per_unit' }],
            mark: { type: 'rule', color: 'firebrick' },
            encoding: { y: { field: 'per_unit', type: 'quantitative', aggregate: 'mean' } },
          },
        ],
      },
    ],
    [
      'a faceted chart (facet operator)',
      {
        data: { values: rows },
        facet: { column: { field: 'region' } },
        spec: {
          mark: 'point',
          encoding: {
            x: { field: 'units', type: 'quantitative' },
            y: { field: 'revenue', type: 'quantitative' },
          },
        },
      },
    ],
    [
      'a faceted chart (row channel)',
      {
        data: { values: rows },
        mark: 'bar',
        encoding: {
          row: { field: 'region' },
          x: { field: 'revenue', type: 'quantitative' },
        },
      },
    ],
    [
      'transforms that create fields',
      {
        data: { values: rows },
        transform: [
          { filter: { field: 'units', gt: 1 } },
          { filter: 'datum.revenue > 0' },
          { aggregate: [{ op: 'sum', field: 'revenue', as: 'total' }], groupby: ['region'] },
          {
            window: [{ op: 'rank', as: 'rank' }],
            sort: [{ field: 'total', order: 'descending' }],
          },
          { joinaggregate: [{ op: 'max', field: 'total', as: 'best' }] },
          { calculate: 'datum.total / datum.best', as: 'share' },
          { fold: ['total', 'share'] },
          { bin: true, field: 'best', as: 'best_bin' },
        ],
        mark: 'bar',
        encoding: {
          x: { field: 'key', type: 'nominal' },
          y: { field: 'value', type: 'quantitative' },
          color: { field: 'rank', type: 'ordinal' },
          opacity: { field: 'best_bin_end', type: 'quantitative' },
        },
      },
    ],
    [
      'a density and a regression',
      {
        data: { values: rows },
        vconcat: [
          {
            transform: [{ density: 'revenue', groupby: ['region'] }],
            mark: 'area',
            encoding: {
              x: { field: 'value', type: 'quantitative' },
              y: { field: 'density', type: 'quantitative' },
            },
          },
          {
            layer: [
              {
                mark: 'point',
                encoding: {
                  x: { field: 'units', type: 'quantitative' },
                  y: { field: 'revenue', type: 'quantitative' },
                },
              },
              {
                transform: [{ regression: 'revenue', on: 'units' }],
                mark: 'line',
                encoding: {
                  x: { field: 'units', type: 'quantitative' },
                  y: { field: 'revenue', type: 'quantitative' },
                },
              },
            ],
          },
        ],
      },
    ],
    [
      'a pivot, whose new fields cannot be known',
      {
        data: { values: rows },
        transform: [{ pivot: 'region', value: 'revenue', groupby: ['month'] }],
        mark: 'bar',
        encoding: {
          x: { field: 'month', type: 'ordinal' },
          y: { field: 'North', type: 'quantitative' },
        },
      },
    ],
    [
      'a repeat',
      {
        data: { values: rows },
        repeat: ['revenue', 'units'],
        spec: {
          mark: 'bar',
          encoding: {
            x: { field: 'region', type: 'nominal' },
            y: { field: { repeat: 'repeat' }, type: 'quantitative' },
          },
        },
      },
    ],
    [
      'nested values reached by a path',
      {
        data: { values: [{ place: { city: 'Oslo' }, n: 3 }] },
        mark: 'bar',
        encoding: {
          x: { field: 'place.city', type: 'nominal' },
          y: { field: 'n', type: 'quantitative' },
        },
      },
    ],
    [
      'views with data of their own under a concat',
      {
        hconcat: [
          { data: { values: [{ a: 1 }] }, mark: 'bar', encoding: { x: { field: 'a' } } },
          { data: { values: [{ b: 2 }] }, mark: 'bar', encoding: { x: { field: 'b' } } },
        ],
      },
    ],
    [
      'titles that begin with "Data:" and "File:"',
      {
        ...bar(),
        title: { text: 'Data: revenue by region', subtitle: 'File: sales.csv' },
        config: { view: { stroke: null } },
      },
    ],
  ];

  it.each(cases)('%s', (_name, spec) => {
    const clean = accepted(spec);
    expect(clean).toEqual(spec);
    expect(clean).not.toBe(spec);
    // And Vega-Lite itself compiles what was accepted.
    expect(() => compile(clean as unknown as TopLevelSpec)).not.toThrow();
  });

  it('returns a deep copy', () => {
    const spec = bar();
    const clean = accepted(spec);
    (clean.data as { values: { revenue: number }[] }).values[0]!.revenue = -1;
    expect(spec.data.values[0]!.revenue).toBe(120);
  });

  it('drops usermeta, which could carry embed options', () => {
    const clean = accepted({ ...bar(), usermeta: { embedOptions: { actions: true } } });
    expect(clean).not.toHaveProperty('usermeta');
    expect(clean).toHaveProperty('mark', 'bar');
  });

  it('accepts backslashes in text, field names and data, and colour scales with a range', () => {
    const spec = {
      ...bar(),
      title: 'Paths under C:\\data',
      data: { values: rows.map((r) => ({ ...r, region: `${r.region}\\x` })) },
      encoding: {
        x: { field: 'region', type: 'nominal', sort: ['North\\x', 'South\\x'] },
        y: { field: 'revenue', type: 'quantitative', aggregate: 'sum' },
        color: {
          field: 'region',
          scale: { domain: ['North\\x', 'South\\x'], range: ['#1f77b4', 'rgb(255, 127, 14)'] },
        },
      },
    };
    expect(accepted(spec).title).toBe('Paths under C:\\data');
  });

  it('escapes a column name with a dot, which Vega-Lite would read as a path', () => {
    const clean = accepted({
      data: { values: [{ 'sales.q1': 3, 'x[0]': 1 }] },
      mark: 'bar',
      encoding: { x: { field: 'x[0]' }, y: { field: 'sales.q1', type: 'quantitative' } },
    });
    const encoding = clean.encoding as Record<string, { field: string }>;
    expect(encoding.y!.field).toBe('sales\\.q1');
    expect(encoding.x!.field).toBe('x\\[0\\]');
    expect(accepted({ ...clean }).encoding).toEqual(encoding); // already escaped: left alone
  });
});

describe('checkPlotSpec refuses', () => {
  const refusals: [string, unknown, RegExp][] = [
    ['a non-object', [bar()], /JSON object/],
    ['a string', 'bar chart', /JSON object/],
    [
      'a Vega (not Vega-Lite) schema',
      { ...bar(), $schema: 'https://vega.github.io/schema/vega/v5.json' },
      /Vega-Lite v5 or v6/,
    ],
    [
      'an old Vega-Lite schema',
      { ...bar(), $schema: 'https://vega.github.io/schema/vega-lite/v4.json' },
      /v5 or v6/,
    ],
    ['a spec without data', { mark: 'bar', encoding: { x: { field: 'a' } } }, /no data/],
    [
      'data from a URL',
      { ...bar(), data: { url: 'https://evil.example/data.csv' } },
      /cannot load URLs/,
    ],
    ['data from a relative URL', { ...bar(), data: { url: 'data/cars.json' } }, /cannot load URLs/],
    ['a named dataset', { ...bar(), data: { name: 'table' } }, /named datasets/],
    [
      'top-level datasets',
      { ...bar(), datasets: { t: rows }, data: { name: 't' } },
      /[Nn]amed datasets/,
    ],
    [
      'a generator instead of values',
      { ...bar(), data: { sequence: { start: 0, stop: 10 } } },
      /inline "values"/,
    ],
    [
      'inline CSV text',
      { ...bar(), data: { values: 'a,b\n1,2', format: { type: 'csv' } } },
      /must be an array/,
    ],
    ['a concat view without data', { hconcat: [{ mark: 'bar' }] }, /hconcat\[0\] has no data/],
    ['a view with nothing to draw', { data: { values: rows } }, /no mark/],
    ['an image mark', { ...bar(), mark: 'image' }, /image marks/],
    [
      'an unknown mark',
      { ...bar(), mark: 'nonsense' },
      /"nonsense" is not a Vega-Lite mark. Use one of: arc, area, bar/,
    ],
    [
      'a mark object without a type',
      { ...bar(), mark: { color: 'red' } },
      /is not a Vega-Lite mark/,
    ],
    [
      'an image mark object in a layer',
      { data: { values: rows }, layer: [{ mark: { type: 'image' } }] },
      /image marks/,
    ],
    ['an href channel', { ...bar(), encoding: { href: { field: 'region' } } }, /href/],
    ['an href mark property', { ...bar(), mark: { type: 'bar', href: 'x' } }, /href/],
    ['a url channel', { ...bar(), encoding: { url: { field: 'region' } } }, /URL/],
    [
      'a url in a lookup',
      { ...bar(), transform: [{ lookup: 'region', from: { data: { url: 'x.json' }, key: 'k' } }] },
      /cannot load URLs/,
    ],
    [
      'a CSS url() cursor',
      { ...bar(), mark: { type: 'bar', cursor: 'url(https://evil.example/c.png), auto' } },
      /cursor|URL/,
    ],
    [
      'a computed cursor',
      { ...bar(), mark: { type: 'bar', cursor: { expr: "'u' + 'rl(x)'" } } },
      /cursor/,
    ],
    [
      'url() in config',
      { ...bar(), config: { background: 'url(https://evil.example/bg)' } },
      /URL/,
    ],
    ['a protocol-relative string', { ...bar(), background: '//evil.example/x' }, /URL/],
    ['a backslash host', { ...bar(), background: '\\\\evil.example\\x' }, /URL/],
    ['a data: URL', { ...bar(), background: 'data:image/png;base64,AAAA' }, /URL/],
    [
      'a URL in an axis label expression',
      {
        ...bar(),
        encoding: {
          x: { field: 'region', axis: { labelExpr: "'https://evil.example/' + datum.label" } },
        },
      },
      /URL/,
    ],
    [
      'a URL in a paint beside a title',
      { ...bar(), title: { text: 'Sales', color: 'url(https://evil.example/p)' } },
      /title\.color contains a URL/,
    ],
    [
      'a URL as a constant colour',
      { ...bar(), encoding: { color: { value: 'url(https://evil.example/p)' } } },
      /URL/,
    ],
    [
      'a URL in a mark fill',
      { ...bar(), mark: { type: 'bar', fill: 'url(https://evil.example/p)' } },
      /URL/,
    ],
    [
      'a URL built in a calculate expression',
      { ...bar(), transform: [{ calculate: "'https://evil.example/?' + datum.region", as: 'u' }] },
      /URL/,
    ],
    [
      'a URL in a signal expression',
      { ...bar(), params: [{ name: 'p', expr: "'http' + '://evil.example'" }] },
      /URL/,
    ],
    [
      'an element binding',
      { ...bar(), params: [{ name: 'p', value: 1, bind: { input: 'range', element: '#app' } }] },
      /element/,
    ],
    // Issue 27: CSS escapes spell url( without its letters, and a colour scale can copy a cell.
    [
      'an escaped url() in a mark fill',
      { ...bar(), mark: { type: 'bar', fill: 'u\\rl(http\\3a //evil.example/p)' } },
      /mark\.fill contains a URL/,
    ],
    [
      'a hex-escaped url() as the background',
      { ...bar(), background: '\\75 rl(https://evil.example/bg)' },
      /background contains a URL/,
    ],
    [
      'a six-digit escape in config',
      { ...bar(), config: { bar: { stroke: '\\000055RL(//evil.example/s)' } } },
      /config\.bar\.stroke contains a URL/,
    ],
    [
      'a backslash in a paint with no URL',
      { ...bar(), mark: { type: 'bar', fill: 'red\\9' } },
      /backslash/,
    ],
    [
      'a backslash in an expression',
      { ...bar(), params: [{ name: 'p', expr: "'\\\\' + '75 rl(x)'" }] },
      /params\[0\]\.expr contains a backslash/,
    ],
  ];

  it.each(refusals)('%s', (_name, spec, expected) => {
    expect(reason(spec)).toMatch(expected);
  });

  it('refuses a spec over 200 KB of JSON', () => {
    const spec = { ...bar(), description: 'x'.repeat(210_000) };
    expect(reason(spec)).toMatch(/KB of JSON; the limit is 200 KB/);
  });

  it('refuses values that cannot be JSON', () => {
    const cyclic: Record<string, unknown> = { mark: 'bar' };
    cyclic.self = cyclic;
    expect(reason(cyclic)).toMatch(/plain JSON/);
    expect(reason({ ...bar(), n: 10n })).toMatch(/plain JSON/);
  });

  it('refuses absurd nesting instead of overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(reason({ ...bar(), description: deep })).toMatch(/nested more than/);
  });

  it('allows URLs in text a chart only shows (regression: "description contains a URL")', () => {
    accepted({ ...bar(), description: 'Adapted from https://vega.github.io/vega-lite/examples/' });
    accepted({ ...bar(), title: { text: 'Sales', subtitle: 'Source: https://data.example.org' } });
    accepted({ ...bar(), title: ['Line one', 'see http://example.com'] });
    accepted({
      ...bar(),
      encoding: {
        ...bar().encoding,
        x: { ...(bar().encoding as Record<string, object>).x, title: 'per https://x.example' },
      },
    });
    accepted({ ...bar(), mark: { type: 'text', text: 'https://example.com' } });
    accepted({
      ...bar(),
      encoding: { ...bar().encoding, text: { value: 'via https://e.example' } },
    });
    accepted({ ...bar(), mark: { type: 'bar', tooltip: 'Details at https://e.example' } });
  });

  it('allows URLs inside the data values, which are only ever shown as text', () => {
    accepted({
      data: { values: [{ site: 'https://example.com', n: 1, url: 'x' }] },
      mark: 'bar',
      encoding: { x: { field: 'site' }, y: { field: 'n', type: 'quantitative' } },
    });
  });
});

describe('row limit', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => ({ i, v: i * 2 }));
  const spec = (n: number) => ({
    data: { values: many(n) },
    mark: 'line',
    encoding: { x: { field: 'i' }, y: { field: 'v' } },
  });

  it('accepts 100 rows and refuses 101, saying how many and what to do', () => {
    accepted(spec(100));
    const why = reason(spec(101));
    expect(why).toContain('101 rows');
    expect(why).toContain('at most 100');
    expect(why).toContain('Aggregate in a query first');
  });

  it('takes another limit', () => {
    accepted(spec(500), { maxRows: 500 });
    expect(reason(spec(11), { maxRows: 10 })).toContain('11 rows');
  });

  it('counts each view and lookup on its own', () => {
    const layered = { layer: [spec(60), spec(101)] };
    expect(reason(layered)).toMatch(/layer\[1\]\.data\.values has 101 rows/);
    const lookup = {
      ...spec(3),
      transform: [{ lookup: 'i', from: { data: { values: many(200) }, key: 'i' } }],
    };
    expect(reason(lookup)).toContain('200 rows');
  });
});

describe('unknown fields', () => {
  it('names the field, lists the real ones and suggests the closest', () => {
    const spec = bar();
    spec.encoding.y.field = 'Revnue';
    const why = reason(spec);
    expect(why).toContain('encoding.y.field names the field "Revnue"');
    expect(why).toContain('Available fields: region, month, revenue, units');
    expect(why).toContain('Did you mean "revenue"?');
  });

  it('gives no suggestion when nothing is close', () => {
    const spec = bar();
    spec.encoding.x.field = 'zzzzzzzz';
    expect(reason(spec)).not.toContain('Did you mean');
  });

  it('checks tooltip arrays, sort fields, conditions and facets', () => {
    const base = bar();
    const withEncoding = (encoding: Record<string, unknown>) => ({
      ...base,
      encoding: { ...base.encoding, ...encoding },
    });
    expect(reason(withEncoding({ tooltip: [{ field: 'region' }, { field: 'profit' }] }))).toMatch(
      /encoding\.tooltip\[1\]\.field names the field "profit"/,
    );
    expect(
      reason(withEncoding({ x: { field: 'region', sort: { field: 'unit', op: 'sum' } } })),
    ).toMatch(/sort\.field .*Did you mean "units"/);
    expect(
      reason(
        withEncoding({
          color: { condition: { param: 'p', field: 'regoin' }, value: 'grey' },
        }),
      ),
    ).toMatch(/condition\.field .*"regoin".*Did you mean "region"/);
    expect(
      reason({
        data: { values: rows },
        facet: { row: { field: 'country' } },
        spec: { mark: 'bar' },
      }),
    ).toMatch(/facet\.row\.field/);
  });

  it('checks the inputs of transforms, in order', () => {
    const withTransform = (transform: unknown[]) => ({ ...bar(), transform });
    expect(
      reason(
        withTransform([{ aggregate: [{ op: 'sum', field: 'revenu', as: 't' }], groupby: [] }]),
      ),
    ).toMatch(/transform\[0\]\.aggregate\[0\]\.field/);
    expect(
      reason(withTransform([{ aggregate: [{ op: 'count', as: 'n' }], groupby: ['regions'] }])),
    ).toMatch(/transform\[0\]\.groupby\[0\]/);
    expect(reason(withTransform([{ fold: ['revenue', 'unitz'] }]))).toMatch(/fold\[1\]/);
    expect(
      reason(
        withTransform([
          {
            filter: {
              and: [
                { field: 'month', equal: 'x' },
                { field: 'mont', equal: 1 },
              ],
            },
          },
        ]),
      ),
    ).toMatch(/filter\.and\[1\]\.field/);
    // A field used before the transform that creates it does not exist yet.
    expect(
      reason(
        withTransform([
          { calculate: 'datum.share * 2', as: 'double' },
          { window: [{ op: 'sum', field: 'share', as: 'cum' }] },
          { calculate: '1', as: 'share' },
        ]),
      ),
    ).toMatch(/transform\[1\]\.window\[0\]\.field names the field "share"/);
  });

  it('checks the fields a repeat lists', () => {
    const spec = {
      data: { values: rows },
      repeat: { column: ['revenue', 'profit'] },
      spec: { mark: 'bar', encoding: { y: { field: { repeat: 'column' } } } },
    };
    expect(reason(spec)).toMatch(/repeat\.column\[1\] names the field "profit"/);
  });
});

describe('closestMatch', () => {
  it('is case-insensitive and returns the candidate as written', () => {
    expect(closestMatch('REVENUE', ['units', 'Revenue'])).toBe('Revenue');
    expect(closestMatch('custmer_id', ['order_id', 'customer_id'])).toBe('customer_id');
  });

  it('returns null when nothing is close or there are no candidates', () => {
    expect(closestMatch('price', ['region', 'month'])).toBeNull();
    expect(closestMatch('x', [])).toBeNull();
  });

  it('computes edit distances', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('abc', 'abc')).toBe(0);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
  });
});

describe('ordinary shapes of data and fields (regressions: refused gallery charts)', () => {
  it('reads an array of plain values as the field "data"', () => {
    accepted({
      data: { values: [12, 23, 47, 6, 52, 19] },
      mark: 'arc',
      encoding: { theta: { field: 'data', type: 'quantitative' } },
    });
    expect(
      reason({ data: { values: [1, 2] }, mark: 'bar', encoding: { x: { field: 'a' } } }),
    ).toMatch(/"a", which is not in the data. Available fields: data/);
  });

  it('reaches nested objects by a path such as "a.b" or "a[0]"', () => {
    accepted({
      data: { values: [{ place: { city: 'Seattle', pos: [1, 2] }, n: 3 }] },
      mark: 'bar',
      encoding: {
        x: { field: 'place.city', type: 'nominal' },
        y: { field: 'n', type: 'quantitative' },
        tooltip: { field: 'place.pos[0]' },
      },
    });
  });

  it('counts rows with the field "*"', () => {
    accepted({
      data: { values: rows },
      mark: 'bar',
      encoding: {
        x: { field: 'region', type: 'nominal' },
        y: { aggregate: 'count', field: '*', type: 'quantitative' },
      },
    });
    accepted({
      data: { values: rows },
      transform: [{ aggregate: [{ op: 'count', field: '*', as: 'n' }], groupby: ['region'] }],
      mark: 'bar',
      encoding: { x: { field: 'region' }, y: { field: 'n', type: 'quantitative' } },
    });
  });

  it('keeps selections and input bindings', () => {
    const spec = accepted({
      data: { values: rows },
      params: [
        { name: 'pick', select: { type: 'point', fields: ['region'] }, bind: 'legend' },
        { name: 'zoom', select: 'interval', bind: 'scales' },
        {
          name: 'size',
          value: 40,
          bind: { input: 'range', min: 10, max: 100, step: 5, name: 'Size ' },
        },
        { name: 'which', value: 'N', bind: { input: 'select', options: ['N', 'S'] } },
        { name: 'show', value: true, bind: { input: 'checkbox' } },
      ],
      mark: { type: 'point', size: { expr: 'size' } },
      encoding: {
        x: { field: 'region', type: 'nominal' },
        y: { field: 'revenue', type: 'quantitative' },
        opacity: { condition: { param: 'pick', value: 1 }, value: 0.3 },
      },
    });
    expect((spec.params as unknown[]).length).toBe(5);
  });
});

describe('data copied into a paint (issue 46)', () => {
  // Ordinary Vega-Lite where Sift draws the chart (every paint passes safeSvgAttribute, which
  // paints what is not a colour grey); refused in a file another viewer draws.
  const copying: [string, unknown, RegExp][] = [
    [
      'an identity colour scale',
      {
        ...bar(),
        encoding: { ...bar().encoding, color: { field: 'region', scale: { type: 'identity' } } },
      },
      /encoding\.color\.scale is an identity scale/,
    ],
    [
      'a null fill scale',
      { ...bar(), encoding: { ...bar().encoding, fill: { field: 'region', scale: null } } },
      /encoding\.fill\.scale is null/,
    ],
    [
      'a null scale in a stroke condition',
      {
        ...bar(),
        encoding: {
          ...bar().encoding,
          stroke: { condition: { test: 'true', field: 'region', scale: null }, value: 'red' },
        },
      },
      /encoding\.stroke\.condition\.scale is null/,
    ],
    [
      'a colour range read from a field',
      {
        ...bar(),
        encoding: {
          ...bar().encoding,
          color: { field: 'region', scale: { range: { field: 'region' } } },
        },
      },
      /range reads colours from a field/,
    ],
  ];

  it.each(copying)('%s: drawn by Sift, refused for another viewer', (_name, spec, expected) => {
    expect(accepted(spec)).toBeTruthy();
    expect(reason(spec, { paints: 'raw' })).toMatch(expected);
  });

  it('a row spelling a fetching CSS function is refused for another viewer only', () => {
    const painted = {
      ...bar(),
      data: { values: [{ region: 'N', revenue: 1, paint: '\\75 rl(//evil.example/p)' }] },
      mark: { type: 'bar', fill: { expr: 'datum.paint' } },
    };
    expect(accepted(painted)).toBeTruthy();
    expect(reason(painted, { paints: 'raw' })).toMatch(
      /data\.values\[0\]\.paint reads as a CSS url\(…\), which a viewer could fetch/,
    );
    // Words about a URL are not a paint: "url" without a call is kept.
    const worded = { ...bar(), data: { values: [{ region: 'see the url', revenue: 1 }] } };
    expect(accepted(worded, { paints: 'raw' })).toBeTruthy();
  });
});
