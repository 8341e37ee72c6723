/**
 * Regression: a stream cut after a complete `output_text` call, before the message
 * ended, lost the answer that was on screen while the page said "What had arrived is kept".
 * What was shown stays shown — marked as cut off — after a reload too, and the history sent next
 * is one the API accepts.
 */
import { describe, expect, it } from 'vitest';
import { replyEvents } from '../mock-anthropic/sse.ts';
import { ask, configure, messageRequests, mock, shownItems, openScripted } from './agent.ts';
import { useBrowser } from './browser.ts';
import { sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

const ANSWER = 'Seattle had 1,341 mm of rain over the four years, against 1,187 mm in New York.';
const reply = {
  reasoning: 'Comparing the two cities.',
  tools: [
    { name: 'output_text', input: { text: ANSWER } },
    { name: 'finalize', input: { session_title: 'Rain by city' } },
  ],
};
/** Events through the output_text block's stop, and the start of the next block. */
const events = replyEvents(reply);
const THROUGH_ANSWER =
  events.findIndex(
    (e) => e.event === 'content_block_stop' && (e.data as { index?: number }).index === 1,
  ) + 2;

describe('a stream cut after a whole output_text call', () => {
  it('keeps the answer on screen, marked as cut off, across a reload, and the next question works', async () => {
    const { page, errors } = await openScripted(browser(), [
      { cut: { reply, afterEvents: THROUGH_ANSWER }, chunkDelayMs: 15 },
    ]);
    expect(await ask(page, 'Which city is wetter?')).toBe('error');

    const shown = async () => {
      const items = await shownItems(page);
      expect(items.map((i) => i.type)).toEqual(['text', 'error']);
      expect(items[0]!.text).toContain(ANSWER);
      expect(items[1]!.kind).toBe('network');
      expect(await page.locator('[data-testid="cut-off"]').count()).toBe(1);
    };
    await shown();

    await page.reload();
    await sessionsReady(page, 1);
    await page.waitForSelector('[data-testid="item"]');
    await shown();

    await mock().reset();
    await configure(page);
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: 'Seattle, by 154 mm.' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'So which one?')).toBe('done');
    const [request] = await messageRequests();
    // The model is told what the person saw before the cut.
    expect(JSON.stringify(request!.body.messages)).toContain(ANSWER);
    expect(errors).toEqual([]);
  });
});
