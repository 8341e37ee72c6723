/**
 * Every chart of a session as the Charts tab gathers them, oldest first: the model's with the
 * turn that drew it, and those the person kept (core/events/own-chart.ts) after the charts of the
 * turns that had started when they kept them, until they remove them.
 */
import type { SessionView } from '../events/view-types.ts';

interface Chart {
  id: string;
  title: string;
  spec: Record<string, unknown>;
}

export type SessionChart =
  | (Chart & { by: 'model'; queryId?: string; turn: number; question: string })
  | (Chart & { by: 'person'; queryId: string });

export function sessionCharts(view: SessionView): SessionChart[] {
  const kept = (afterTurns: number): SessionChart[] =>
    view.ownCharts
      .filter((c) => c.afterTurns === afterTurns && !c.removed)
      .map((c) => ({
        by: 'person',
        id: c.chartId,
        title: c.title,
        spec: c.spec,
        queryId: c.queryId,
      }));
  return [
    ...kept(0),
    ...view.turns.flatMap((turn, i): SessionChart[] => [
      ...turn.items.flatMap((item): SessionChart[] =>
        item.type === 'plot'
          ? [
              {
                by: 'model',
                id: item.id,
                title: item.title,
                spec: item.spec,
                ...(item.queryId ? { queryId: item.queryId } : {}),
                turn: i + 1,
                question: turn.question ?? 'Initial analysis',
              },
            ]
          : [],
      ),
      ...kept(i + 1),
    ]),
  ];
}
