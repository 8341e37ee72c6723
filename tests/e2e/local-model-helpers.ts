/** A person choosing a model on this computer (issue 32), on a page a file's tests share. */
import type { Browser, Page } from 'playwright-core';
import { useSharedApp, type OpenedPage } from './browser.ts';
import { sampleInNewSession } from './sessions-helpers.ts';

/**
 * One page for those tests of a file that each start from the sample loaded in a new session
 * (as useSampleApp), with the settings panel closed and the colour scheme a new context has
 * (light): a test may leave the panel open, or the page dark. The model saved by an earlier
 * test stays saved: each test chooses its own (connectLocal takes a server afresh).
 */
export function useLocalSampleApp(browser: () => Browser): () => Promise<OpenedPage> {
  return useSharedApp(browser, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    if (await page.isVisible('[data-testid="settings"]')) {
      await page.click('[data-testid="settings-open"]');
      await page.waitForSelector('[data-testid="settings"]', { state: 'detached' });
    }
    await sampleInNewSession(page);
  });
}

/** A window no server lists, put in the field for the read to replace. */
const UNREAD = '1';

/**
 * Types `url` in the open panel's address and presses Connect; when the panel already listed that
 * server, returns once the read has ended. On a shared page a server an earlier test read is
 * listed at once, with the models read then, so the model list shows before the new read ends.
 * That end sets the model and window afresh (the server's window): landing after a test typed its
 * own window it would drop it, and a Save before it would keep the window an earlier test saved.
 * The end is seen as the window field losing a value put there for it (or the field going).
 */
export async function connectLocal(page: Page, url: string): Promise<void> {
  await page.fill('[data-testid="local-url"]', url);
  const field = '[data-testid="context-window"]';
  const listed = (await page.locator(field).count()) > 0;
  if (listed) await page.fill(field, UNREAD);
  await page.click('[data-testid="local-connect"]');
  if (listed)
    await page.waitForFunction(
      ([selector, unread]) =>
        (document.querySelector(selector!) as HTMLInputElement | null)?.value !== unread,
      [field, UNREAD],
    );
}
