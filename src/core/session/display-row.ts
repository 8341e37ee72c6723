/**
 * An event as the ancestor analyst's persistence row (role, type, text, plot_data), so stored sessions keep
 * that row's columns readable without replaying events. The event itself is kept whole beside
 * them: replay reads `event`, never the columns.
 */
import type { AgentEvent } from '../events/events.ts';
import { isItemEvent, kindOf } from '../items/kinds.ts';
import type { StoredEvent } from './records.ts';

export function displayRow(sessionId: string, seq: number, event: AgentEvent): StoredEvent {
  const row = (
    role: StoredEvent['role'],
    type: string,
    text: string | null,
    payload?: unknown,
  ): StoredEvent => ({
    sessionId,
    seq,
    role,
    type,
    text,
    plot_data: payload === undefined ? null : JSON.stringify(payload),
    event,
  });

  // An item's row is its kind's (core/items/).
  if (isItemEvent(event)) {
    const { role, type, text, payload } = kindOf(event).row(event);
    return row(role, type, text, payload);
  }
  switch (event.type) {
    case 'turn_start':
      // The initial analysis has no question: the ancestor recorded it as a request, not as text.
      return event.question === null
        ? row('user', 'analysis_request', null)
        : row('user', 'text', event.question);
    case 'answer':
      return row('user', 'answer', event.answer);
    case 'reasoning':
      return row('assistant', 'reasoning', event.text);
    case 'status':
      return row('system', event.type, event.message);
    case 'tool_end':
      return row('system', event.type, event.message ?? null);
    case 'suggestions':
      return row('system', event.type, null, { suggestions: event.suggestions });
    case 'session_update':
      return row('system', event.type, event.title);
    default:
      return row('system', event.type, null);
  }
}
