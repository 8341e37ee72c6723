/**
 * Every kind of item a turn shows, by the type of the event that brings it, and the one step
 * that folds any of them into a turn's items (turn-view.ts). ARCHITECTURE.md: an item kind.
 */
import type { z } from 'zod';
import { answerEvent, askItem, type AskItem } from './ask.ts';
import { errorItem, type ErrorItem } from './error.ts';
import type { CallStatus, ItemKind, ItemUpdate } from './item-kind.ts';
import { plotItem, type PlotItem } from './plot.ts';
import { queryItem, queryRunningEvent, type QueryItem } from './query.ts';
import { tableItem, type TableItem } from './table.ts';
import { answerDraftEvent, answerWithdrawnEvent, textItem, type TextItem } from './text.ts';
import { validationItem, type ValidationItem } from './validation.ts';

export type { AskItem, ErrorItem, PlotItem, QueryItem, TableItem, TextItem, ValidationItem };

export type ItemView =
  TextItem | TableItem | PlotItem | QueryItem | AskItem | ValidationItem | ErrorItem;

export const ITEM_KINDS = {
  text: textItem,
  table: tableItem,
  plot: plotItem,
  query_result: queryItem,
  question: askItem,
  validation: validationItem,
  error: errorItem,
} as const;

/** Their events, for the one event union (events.ts). */
export const ITEM_EVENTS = [
  textItem.event,
  tableItem.event,
  plotItem.event,
  queryItem.event,
  askItem.event,
  validationItem.event,
  errorItem.event,
] as const;

/**
 * The events that show an item in progress or change one shown (`ItemKind.updates`), for the one
 * event union; each kind's file says what they do.
 */
export const ITEM_UPDATE_EVENTS = [
  answerDraftEvent,
  answerWithdrawnEvent,
  queryRunningEvent,
  answerEvent,
] as const;

type Kinds = typeof ITEM_KINDS;
/** An event that brings an item. */
export type ItemEvent = { [T in keyof Kinds]: z.infer<Kinds[T]['event']> }[keyof Kinds];

export function isItemEvent<E extends { type: string }>(
  e: E,
): e is Extract<E, { type: ItemEvent['type'] }> {
  return Object.hasOwn(ITEM_KINDS, e.type);
}

/** The kind of `e`: one cast, sound because the map is keyed by the event's own type. */
export function kindOf(e: ItemEvent): ItemKind<z.ZodObject, ItemView> {
  return ITEM_KINDS[e.type] as unknown as ItemKind<z.ZodObject, ItemView>;
}

/**
 * Replaces the item with the same id, or adds it. A new item goes before any answer still being
 * drafted: the draft streams in while earlier calls of the same reply have yet to run, and their
 * results belong above it.
 */
export function upsertItem(items: readonly ItemView[], item: ItemView): ItemView[] {
  const at = items.findIndex((i) => i.id === item.id);
  if (at >= 0) return items.map((i, k) => (k === at ? item : i));
  const isDraft = item.type === 'text' && item.draft;
  const firstDraft = isDraft ? -1 : items.findIndex((i) => i.type === 'text' && i.draft);
  if (firstDraft < 0) return [...items, item];
  return [...items.slice(0, firstDraft), item, ...items.slice(firstDraft)];
}

/** A turn's items with `e`'s item in its place, and the status its call takes, if any. */
export function foldItem(
  items: readonly ItemView[],
  e: ItemEvent,
): { items: ItemView[]; call: CallStatus | undefined } {
  const kind = kindOf(e);
  const item = kind.item(e, items);
  const at = kind.replaces?.(items, e) ?? -1;
  // In the place of the one it replaces; its own draft or placeholder, shown meanwhile, goes.
  const replaced = items.flatMap((i, k) => (k === at ? [item] : i.id === item.id ? [] : [i]));
  const placed = kind.last ? [...items.filter((i) => i.id !== item.id), item] : undefined;
  return {
    items: at >= 0 ? replaced : (placed ?? upsertItem(items, item)),
    call: kind.call?.(e),
  };
}

/** The kind of a shown item: a kind's item type is not always its event's (`question` → `ask`). */
function kindOfItem(item: ItemView): ItemKind<z.ZodObject, ItemView> | undefined {
  const kinds = Object.values(ITEM_KINDS) as unknown as ItemKind<z.ZodObject, ItemView>[];
  return kinds.find((k) => k.type === item.type);
}

/** A turn's items once call `callId` failed with `message`: each kind says what its item becomes. */
export function afterCallFailed(
  items: readonly ItemView[],
  callId: string,
  message: string,
): ItemView[] {
  return items.flatMap((i) => {
    if (i.id !== callId) return [i];
    const next = kindOfItem(i)?.callFailed?.(i, message);
    return next === undefined ? [i] : next === null ? [] : [next];
  });
}

/** A turn's items once it ended: what was still in progress, as each kind says, settled. */
export function afterTurnEnded(items: readonly ItemView[], stopped: boolean): ItemView[] {
  return items.flatMap((i) => {
    const next = kindOfItem(i)?.turnEnded?.(i, stopped);
    return next === undefined ? [i] : next === null ? [] : [next];
  });
}

/** An event that shows or changes an item (`ItemKind.updates`). */
export type ItemUpdateEvent = z.infer<(typeof ITEM_UPDATE_EVENTS)[number]>;

type AnyKind = ItemKind<z.ZodObject, ItemView>;

/** Each update by its event's type, with the kind whose item it shows or changes. */
const UPDATES = new Map<string, { kind: AnyKind; update: ItemUpdate<z.ZodObject, ItemView> }>(
  (Object.values(ITEM_KINDS) as unknown as AnyKind[]).flatMap((kind) =>
    (kind.updates ?? []).map((update) => [String(update.event.shape.type.value), { kind, update }]),
  ),
);

export function isItemUpdate<E extends { type: string }>(
  e: E,
): e is Extract<E, { type: ItemUpdateEvent['type'] }> {
  return UPDATES.has(e.type);
}

/** A turn's items after `e`: the item in progress it shows, or its call's item as it changes it. */
export function foldUpdate(items: readonly ItemView[], e: ItemUpdateEvent): ItemView[] {
  const found = UPDATES.get(e.type);
  if (!found) return [...items];
  const { kind, update } = found;
  if (update.shows) return upsertItem(items, update.shows(e));
  return items.flatMap((i) => {
    if (i.id !== e.callId || kindOfItem(i) !== kind || !update.changes) return [i];
    const next = update.changes(i, e);
    return next === null ? [] : [next];
  });
}
