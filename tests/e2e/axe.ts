/** axe-core (from npm) run inside a page of the app: what tests/e2e/accessibility.test.ts and others check. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  targets: string[];
}

/** axe's serious and critical violations on the page as it is now. */
export async function serious(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the page's CSP allows no inline script, rightly.
  await page.evaluate(AXE);
  const all = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(d: Document): Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              nodes: Array<{ target: string[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
