/**
 * Several related files, as seed 003 answered questions across them: the page names each table
 * for its file, shows the join key it found with its match rate, tells the model, and a question
 * across the tables ("revenue per customer segment") is answered from a join that real DuckDB
 * runs in the page, by the real SDK against the mock Messages API.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import {
  ask,
  configure,
  messageRequests,
  mock,
  queryStep,
  shownItems,
  toolResults,
} from './agent.ts';
import { loadFiles, summaries } from './app.ts';
import { openApp, useBrowser } from './browser.ts';
import { sessionsReady } from './sessions-helpers.ts';

const browser = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'sift-joins-'));
const SEGMENTS = ['retail', 'wholesale', 'online'];
writeFileSync(
  join(dir, 'customers.csv'),
  'id,name,segment\n' +
    Array.from({ length: 30 }, (_, i) => `${i + 1},Customer ${i + 1},${SEGMENTS[i % 3]}`).join(
      '\n',
    ),
);
// Order 7, 14, 21… belong to customer 77, who is not in customers.csv.
writeFileSync(
  join(dir, 'orders.csv'),
  'order_id,customer_id,amount\n' +
    Array.from(
      { length: 120 },
      (_, i) => `${i + 1},${(i + 1) % 7 === 0 ? 77 : (i % 30) + 1},${(i % 9) * 12.5 + 10}`,
    ).join('\n'),
);

const REVENUE_SQL =
  'SELECT c.segment, round(sum(o.amount), 2) AS revenue\nFROM orders o JOIN customers c ON o.customer_id = c.id\nGROUP BY c.segment\nORDER BY revenue DESC';

describe('a question across two files', () => {
  it('shows the join key, tells the model, and answers revenue per segment from the join', async () => {
    const { page, errors } = await openApp(browser());
    await sessionsReady(page);
    await loadFiles(page, [join(dir, 'orders.csv'), join(dir, 'customers.csv')]);
    expect((await summaries(page)).map((s) => [s.table, s.file])).toEqual([
      ['orders', 'orders.csv'],
      ['customers', 'customers.csv'],
    ]);

    // The key, measured on the data: 30 of the 31 customer ids in orders are customers.
    const hint = page.locator('[data-testid="join-hint"]');
    await hint.first().waitFor({ timeout: 60_000 });
    expect(await hint.count()).toBe(1);
    expect(await hint.getAttribute('data-left')).toBe('orders.customer_id');
    expect(await hint.getAttribute('data-right')).toBe('customers.id');
    expect(Number(await hint.getAttribute('data-match'))).toBeCloseTo(30 / 31, 3);
    expect(await hint.textContent()).toMatch(/97% of the values match/);

    await mock().reset();
    await configure(page);
    await mock().script([
      queryStep(REVENUE_SQL, 'Revenue per segment'),
      {
        reply: {
          tools: [
            {
              name: 'output_text',
              input: {
                text: 'Revenue by customer segment, from the orders joined to their customers [Q1].',
              },
            },
            { name: 'finalize', input: { session_title: null } },
          ],
        },
      },
    ]);
    expect(await ask(page, 'What is the revenue per customer segment?')).toBe('done');

    const [first, second] = await messageRequests();
    const system = first!.body.system.map((b) => b.text).join('\n');
    expect(system).toContain('Table: `orders`');
    expect(system).toContain('Table: `customers`');
    expect(system).toMatch(
      /How the tables connect[^\n]*\n- orders\.customer_id → customers\.id: 97%/,
    );

    // What the model was given back, and what the page shows, against native DuckDB's join.
    const native = await (await DuckDBInstance.create(':memory:')).connect();
    await native.run(`CREATE TABLE orders AS FROM read_csv('${join(dir, 'orders.csv')}')`);
    await native.run(`CREATE TABLE customers AS FROM read_csv('${join(dir, 'customers.csv')}')`);
    const expected = (await native.runAndReadAll(REVENUE_SQL)).getRowObjects();
    const sent = toolResults(second!)[0]!.content;
    for (const row of expected) expect(sent).toContain(`${row.segment}`);
    const result = (await shownItems(page)).find((i) => i.type === 'query_result')!;
    expect(result).toMatchObject({ error: 'false', rowCount: 3 });
    for (const row of expected) {
      expect(result.text).toContain(String(row.segment));
      // Shown as people read it: grouped, to two decimals at most here (issue 33).
      expect(result.text).toContain(
        Number(row.revenue).toLocaleString('en-US', { maximumFractionDigits: 2 }),
      );
    }
    expect(errors).toEqual([]);
  });
});
