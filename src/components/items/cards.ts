/**
 * How each kind of item is shown in a turn: its card, and the data attributes tests and styles
 * read from its section. The kind itself (its event, its item, its report) is one file in
 * core/items; this is its view, one line each (ARCHITECTURE.md, Where a change goes).
 */
import type { Component } from 'svelte';
import type { ItemView } from '../../core/items/kinds.ts';
import AskCard from './AskCard.svelte';
import QueryCard from './QueryCard.svelte';
import type { CardContext } from './card-context.ts';
import ErrorCard from './ErrorCard.svelte';
import PlotCard from './PlotCard.svelte';
import TableCard from './TableCard.svelte';
import TextCard from './TextCard.svelte';
import ValidationCard from './ValidationCard.svelte';

type Attributes = Record<string, string | number | undefined>;
type ItemOf<T extends ItemView['type']> = Extract<ItemView, { type: T }>;

interface ItemCard<T extends ItemView['type']> {
  card: Component<{ item: ItemOf<T>; context: CardContext }>;
  /** `data-*` attributes of the item's section, by name without `data-`. */
  data?(item: ItemOf<T>): Attributes;
}

const CARDS: { [T in ItemView['type']]: ItemCard<T> } = {
  text: { card: TextCard, data: (item) => ({ draft: String(item.draft) }) },
  table: { card: TableCard },
  plot: { card: PlotCard },
  query_result: {
    card: QueryCard,
    data: (item) => ({
      rows: item.rows.length,
      'row-count': item.rowCount ?? '',
      error: String(item.isError),
      running: String(item.running),
    }),
  },
  validation: { card: ValidationCard, data: (item) => ({ verdict: item.verdict }) },
  ask: { card: AskCard },
  error: { card: ErrorCard, data: (item) => ({ kind: item.kind }) },
};

/** The card of `item`'s kind, and its section's `data-*` attributes (type included). */
export function cardOf(item: ItemView): {
  Card: Component<{ item: ItemView; context: CardContext }>;
  attributes: Attributes;
} {
  // One cast, sound because CARDS is keyed by the item's own type.
  const entry = CARDS[item.type] as unknown as ItemCard<ItemView['type']>;
  const attributes: Attributes = { 'data-type': item.type };
  for (const [name, value] of Object.entries(entry.data?.(item) ?? {}))
    attributes[`data-${name}`] = value;
  return {
    Card: entry.card as Component<{ item: ItemView; context: CardContext }>,
    attributes,
  };
}
