/**
 * What one kind of item is (issue 29, item 2): the event that brings it, checked with its zod
 * schema wherever events come back in (events.ts gathers them); the item the page shows, whose
 * type is that schema's fields under the item's id; where it goes among a turn's items; what its
 * tool call's line in the activity trail says once it arrives; what it becomes if its call fails
 * or its turn ends while it is still in progress; its row in the ancestor's persistence format;
 * and what the report takes of it. A new kind is one file in this folder
 * and a line in `kinds.ts`; view.ts folds every kind with one step (`foldItem`).
 */
import type { z } from 'zod';

/** An item's own fields: its event's, without what routes the event. */
export type Fields<E> = Omit<E, 'type' | 'turnId' | 'callId'>;

/** A row in the ancestor's persistence format (session/display-row.ts). */
export interface AncestorRow {
  role: 'user' | 'assistant' | 'system';
  type: string;
  text: string | null;
  /** Kept as JSON in `plot_data`. */
  payload?: unknown;
}

/** How much of a turn the report gives: 0 all, 1 without result rows, 2 without SQL, 3 answers cut. */
export type ReportDetail = 0 | 1 | 2 | 3;

/**
 * An event that shows an item before its own event brings it, or changes it after (issue 47: how
 * items change after they arrive belongs to their kind, not to the view): a draft answer as it
 * streams, a query's card while it runs, the person's answer on Claude's question. It names its
 * item by its call (`callId`).
 */
export interface ItemUpdate<S extends z.ZodObject = z.ZodObject, V = { type: string; id: string }> {
  event: S;
  /** The item in progress it shows, in the place of the one of its call (or added). */
  shows?(event: z.infer<S>): V;
  /** What the item of its call becomes, when that item is of this kind: null, it goes. */
  changes?(item: V, event: z.infer<S>): V | null;
}

/** The status a call's line in the activity trail takes when its item arrives. */
export type CallStatus = { status: 'done' | 'error'; message?: string };

export interface ItemKind<
  S extends z.ZodObject = z.ZodObject,
  V extends { type: string; id: string } = { type: string; id: string },
> {
  /** The item's type, as the page's items are told apart (`ItemView['type']`). */
  type: V['type'];
  /** The event that brings it. */
  event: S;
  /**
   * The item the page shows, from its event and the turn's items so far; it replaces the item of
   * the same id.
   */
  item(event: z.infer<S>, items: readonly { type: string; id: string }[]): V;
  /**
   * The position of another item it takes the place of (a chart fixed after a look), or -1: then
   * it replaces the item of its own id, or comes last (before an answer still being drafted).
   */
  replaces?(items: readonly { type: string; id: string }[], event: z.infer<S>): number;
  /**
   * It comes after everything, an answer still being drafted included (a failure ends what was
   * being written); otherwise a new item goes before such a draft.
   */
  last?: boolean;
  /** Its call's status in the activity trail once it arrives; absent: unchanged. */
  call?(event: z.infer<S>): CallStatus;
  /**
   * What an item shown in progress (a draft answer, a running query) becomes when its call
   * fails with `message`: null when it goes. Absent: it stays as it is.
   */
  callFailed?(item: V, message: string): V | null;
  /** What it becomes when its turn ends (`stopped` by the person, or cut short): null, it goes. */
  turnEnded?(item: V, stopped: boolean): V | null;
  /** The events that show its item in progress or change it once shown. */
  updates?: readonly ItemUpdate<z.ZodObject, V>[];
  /** Its row in the ancestor's persistence format. */
  row(event: z.infer<S>): AncestorRow;
  /** What the report says of the turn's items of this kind, in order. */
  report?(items: V[], detail: ReportDetail): string[];
}

/** An update of a kind's item, typed by its event (`ItemKind.updates`). */
export function defineUpdate<S extends z.ZodObject, V>(update: ItemUpdate<S, V>): ItemUpdate<S, V> {
  return update;
}

export function defineItem<S extends z.ZodObject, V extends { type: string; id: string }>(
  kind: ItemKind<S, V>,
): ItemKind<S, V> {
  return kind;
}
