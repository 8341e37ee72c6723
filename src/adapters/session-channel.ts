/**
 * The BroadcastChannel between tabs of this origin. Messages are checked against their schema
 * (core/session/tab-messages.ts) before anyone sees them.
 */
import type { SessionChannel } from '../state/ports.ts';
import { tabMessage, type TabMessage } from '../core/session/tab-messages.ts';

export function openChannel(onMessage: (message: TabMessage) => void): SessionChannel {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel('sift-sessions');
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const checked = tabMessage.safeParse(e.data);
    if (checked.success) onMessage(checked.data);
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
