/**
 * list_tables and describe_table on a session of three tables, with the real SDK against the mock
 * and DuckDB in the page: Claude gets every table with its counts, then one table's columns,
 * types and the issues its profile found.
 */
import { describe, expect, it } from 'vitest';
import { ask, configure, messageRequests, mock, toolResults } from './agent.ts';
import { loadFiles } from './app.ts';
import { useBrowser } from './browser.ts';
import { openWithSample } from './sessions-helpers.ts';

const browser = useBrowser();

const csv = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text),
});

describe('list_tables and describe_table', () => {
  it('list three tables and describe one with its issues', async () => {
    const { page, errors } = await openWithSample(browser());
    await loadFiles(page, [
      csv('stations.csv', 'station,city,elevation_m\nKSEA,Seattle,131\nKNYC,New York,40\n'),
      csv(
        'readings.csv',
        `station,reading,note\n${Array.from({ length: 40 }, (_, i) => `KSEA,${i},`).join('\n')}\n`,
      ),
    ]);
    await mock().reset();
    await configure(page);
    await mock().script([
      {
        reply: {
          tools: [
            { name: 'list_tables', input: {} },
            { name: 'describe_table', input: { name: 'readings' } },
          ],
        },
      },
      {
        reply: {
          tools: [
            { name: 'output_text', input: { text: 'Three tables are loaded.' } },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'What is loaded?')).toBe('done');
    const [listed, described] = toolResults((await messageRequests())[1]!);
    expect(listed!.content).toBe(
      [
        '3 tables loaded:',
        '- data: 2,922 rows, 7 columns (from "weather.csv")',
        '- stations: 2 rows, 3 columns (from "stations.csv")',
        '- readings: 40 rows, 3 columns (from "readings.csv")',
      ].join('\n'),
    );
    const lines = described!.content.split('\n');
    expect(lines[0]).toBe('readings: 40 rows, 3 columns (from "readings.csv")');
    expect(lines[1]).toBe('- station: VARCHAR — issues: Constant column: every value is KSEA');
    expect(lines[2]).toBe('- reading: BIGINT');
    expect(lines[3]).toBe('- note: VARCHAR — issues: All values are missing');
    const trail = await page.locator('[data-testid="activity"] li').allTextContents();
    expect(trail.join('\n')).toContain('Listed the tables');
    expect(trail.join('\n')).toContain('Described readings');
    expect(errors).toEqual([]);
  });
});
