/**
 * validate_finding in the page with the real SDK against the mock, on DuckDB in the worker: each
 * finding Claude checks gets a card with the verdict the sample gives it, kept after a reload.
 */
import { describe, expect, it } from 'vitest';
import { ask, configure, messageRequests, mock, toolResults } from './agent.ts';
import { useBrowser } from './browser.ts';
import { openWithSample, sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();

const check = (finding: string, query: string) => ({
  name: 'validate_finding',
  input: { finding, query },
});

describe('validate_finding', () => {
  it('shows a card with the verdict for each finding, on the data in the page', async () => {
    const { page, errors } = await openWithSample(browser());
    await mock().reset();
    await configure(page);
    await mock().script([
      {
        reply: {
          tools: [
            check(
              'It rains on more days in Seattle than in New York',
              'SELECT (precipitation > 0)::INT AS value, location AS grp, weather FROM data',
            ),
            check(
              'Seattle gets more rain per day than New York',
              'SELECT precipitation AS value, location AS grp FROM data',
            ),
          ],
        },
      },
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: { text: 'Seattle has rain on more days; per day the two are alike.' },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'Is Seattle wetter?')).toBe('done');

    const cards = page.locator('[data-testid="item"][data-type="validation"]');
    const shown = async () =>
      cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
    expect(await shown()).toEqual(['holds', 'weak']);
    expect(await cards.nth(0).innerText()).toContain(
      'Seattle 42.6% vs New York 32.2%, from 1,461 and 1,461 rows',
    );
    expect(await cards.nth(1).innerText()).toContain('which includes no difference at all');
    const [first] = toolResults((await messageRequests())[1]!);
    expect(first!.content).toMatch(/^Verdict: holds\n- Rows \(holds\): 2,922 rows behind/);

    await page.reload();
    await sessionsReady(page, 1);
    await cards.first().waitFor();
    expect(await shown()).toEqual(['holds', 'weak']);
    expect(errors).toEqual([]);
  });
});
