import { chromium } from 'playwright-core';
const url = process.argv[2]; const out = process.argv[3];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('console', m => console.log('console:', m.type(), m.text()));
page.on('pageerror', e => console.log('pageerror:', e.message));
await page.goto(url);
await page.waitForTimeout(2500);
await page.click('[data-testid="sample-button"]');
try { await page.waitForSelector('[data-testid="profile-table"]', { timeout: 20000 }); } catch (e) { console.log('no profile', e.message); }
console.log(await page.locator('[data-testid="table-summary"]').evaluateAll(els => els.map(e => e.outerHTML.slice(0,300))));
await page.screenshot({ path: out, fullPage: true });
await page.fill('[data-testid="sql-input"]', "select weather, count(*) n, avg(temp_max) from data group by all order by n desc");
await page.click('[data-testid="sql-run"]');
await page.waitForSelector('[data-testid="sql-result"], [data-testid="sql-error"]', { timeout: 20000 });
console.log(await page.locator('[data-testid="sql-result"], [data-testid="sql-error"]').first().evaluate(e => e.outerHTML.slice(0, 600)));
await page.screenshot({ path: out.replace('.png', '-2.png'), fullPage: true });
await browser.close();
