/**
 * What tabs on the same sessions tell each other: the writer's events as they happen (so a
 * follower shows the turn live) and changes to the session list. Messages from another origin
 * cannot arrive on a BroadcastChannel; the shapes are still checked before use.
 */
import type { AgentEvent } from '../core/events/events.ts';

export type ChannelMessage =
  /** `seq` is the event's position in the stored session; null for a streaming event. */
  | { type: 'event'; sessionId: string; seq: number | null; event: AgentEvent }
  /** The session's tables changed: followers read them again. */
  | { type: 'tables'; sessionId: string }
  /** Titles, new sessions or deletions: every tab lists sessions again. */
  | { type: 'list'; deleted?: string };

export interface SessionChannel {
  post(message: ChannelMessage): void;
  close(): void;
}

export function openChannel(onMessage: (message: ChannelMessage) => void): SessionChannel {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel('sift-sessions');
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const m = e.data as Partial<ChannelMessage> | null;
    if (m && typeof m === 'object' && typeof m.type === 'string') onMessage(m as ChannelMessage);
  };
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // A message that cannot be cloned is only a follower missing a live update; it
        // catches up from storage when it takes over.
      }
    },
    close: () => channel.close(),
  };
}
