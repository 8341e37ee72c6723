/**
 * A chart in one line of words, for people who do not see it (screen readers read it as the
 * chart's text alternative): its mark, what it plots against what, and how many data points —
 * from the Vega-Lite spec alone, e.g. "Bar chart of Precipitation by Month, 12 points."
 */

type Spec = Record<string, unknown>;

const MARKS: Record<string, string> = {
  bar: 'Bar chart',
  line: 'Line chart',
  area: 'Area chart',
  point: 'Scatter plot',
  circle: 'Scatter plot',
  square: 'Scatter plot',
  tick: 'Tick plot',
  rect: 'Heat map',
  arc: 'Pie chart',
  boxplot: 'Box plot',
  text: 'Text chart',
  rule: 'Rule chart',
  trail: 'Line chart',
};

const obj = (v: unknown): Spec | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Spec) : null;

function markOf(spec: Spec): string | null {
  const mark = spec.mark;
  const type = typeof mark === 'string' ? mark : (obj(mark)?.type as string | undefined);
  if (type) return MARKS[type] ?? `${type} chart`;
  const layers = Array.isArray(spec.layer) ? spec.layer : [];
  for (const layer of layers) {
    const inner = obj(layer) && markOf(layer as Spec);
    if (inner) return inner;
  }
  return null;
}

function channel(spec: Spec, name: string): string | null {
  const enc = obj(spec.encoding) ?? obj(obj((spec.layer as unknown[])?.[0])?.encoding);
  const ch = obj(enc?.[name]);
  if (!ch) return null;
  const label = ch.title ?? ch.field ?? (ch.aggregate === 'count' ? 'count' : null);
  return typeof label === 'string' ? label : null;
}

export function chartSummary(spec: Spec): string {
  const what = markOf(spec) ?? 'Chart';
  const [x, y] = [channel(spec, 'x') ?? channel(spec, 'theta'), channel(spec, 'y')];
  const colour = channel(spec, 'color');
  const values = obj(spec.data)?.values;
  const points = Array.isArray(values) ? values.length : null;
  const parts = [
    y && x ? `${what} of ${y} by ${x}` : x || y ? `${what} of ${x ?? y}` : what,
    colour ? `, coloured by ${colour}` : '',
    points !== null ? `, ${points.toLocaleString('en-US')} point${points === 1 ? '' : 's'}` : '',
  ];
  return `${parts.join('')}.`;
}
