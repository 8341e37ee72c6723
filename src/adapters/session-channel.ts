/**
 * The BroadcastChannel between tabs of this origin. Messages are checked against their schema
 * (core/session/tab-messages.ts) before anyone sees them.
 *
 * One channel per page, shared by every part that opens one (the session list, the engine that
 * asks a writer, the writer that answers): a BroadcastChannel delivers to every other object of
 * its name, those of the same page included (HTML, "broadcasting to other browsing contexts"),
 * so with one each the page's parts heard one another — a tab that became a writer asked
 * itself — and each message from another tab was checked once per part.
 */
import type { SessionChannel } from '../state/ports.ts';
import { tabMessage, type TabMessage } from '../core/session/tab-messages.ts';

type Listener = (message: TabMessage) => void;

let shared: { channel: BroadcastChannel; listeners: Set<Listener> } | null = null;

function openShared(): { channel: BroadcastChannel; listeners: Set<Listener> } {
  const channel = new BroadcastChannel('sift-sessions');
  const listeners = new Set<Listener>();
  channel.onmessage = (e: MessageEvent<unknown>) => {
    const checked = tabMessage.safeParse(e.data);
    if (!checked.success) return;
    // A copy of the set: a listener may close its part (or open another) as it hears.
    for (const listener of [...listeners]) listener(checked.data);
  };
  return { channel, listeners };
}

export function openChannel(onMessage: Listener): SessionChannel {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => undefined, close: () => undefined };
  const page = (shared ??= openShared());
  // Its own function even when one is opened twice with the same callback: closing one must not
  // silence the other.
  const listener: Listener = (m) => onMessage(m);
  page.listeners.add(listener);
  return {
    post: (message) => {
      try {
        page.channel.postMessage(message);
      } catch {
        // A message that cannot be cloned is only a follower missing a live update; it
        // catches up from storage when it takes over.
      }
    },
    close: () => {
      page.listeners.delete(listener);
      if (page.listeners.size || shared !== page) return;
      page.channel.close();
      shared = null;
    },
  };
}
