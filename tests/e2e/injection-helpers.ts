/** What the injection tests look for in a page: anything a payload left live. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { mock } from './agent.ts';
import { startListener, type Listener } from './listener.ts';

/**
 * A loopback listener for a file's tests, with its record emptied and the mock model reset before
 * each test. Read `origin` and `requests` inside tests, once the file's hooks have run.
 */
export function useListener(): Pick<Listener, 'origin' | 'requests'> {
  let listener: Listener | undefined;
  beforeAll(async () => {
    listener = await startListener();
  });
  afterAll(async () => {
    await listener?.close();
  });
  beforeEach(async () => {
    listener!.requests.length = 0;
    await mock().reset();
  });
  return {
    get origin() {
      return listener!.origin;
    },
    get requests() {
      return listener!.requests;
    },
  };
}

/**
 * Elements and attributes in the page's body that could fetch, navigate or run script: elements
 * that load things, inline event handlers, `url(…)` in styles, and any resource or link attribute
 * naming `origin` — a link's `href` too: the context menu or a drag would open it without the
 * confirmation (a rendered link keeps its address in `data-href`). Empty when everything shown
 * is inert.
 */
export function inertProblems(page: Page, origin: string): Promise<string[]> {
  return page.evaluate((origin) => {
    const LOADERS = new Set(
      'script iframe frame object embed base meta link style video audio source track picture image use'.split(
        ' ',
      ),
    );
    const RESOURCE = new Set([
      'src',
      'srcset',
      'poster',
      'data',
      'action',
      'formaction',
      'background',
      'ping',
      'xlink:href',
    ]);
    const found: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const tag = el.localName;
      if (LOADERS.has(tag)) found.push(`element <${tag}>`);
      if (tag === 'img') found.push(`img src=${el.getAttribute('src') ?? ''}`);
      if (tag === 'input' && el.getAttribute('type') === 'image') found.push('input type=image');
      for (const { name, value } of el.attributes) {
        const n = name.toLowerCase();
        if (n.startsWith('on')) found.push(`attribute ${n} on <${tag}>`);
        if (n === 'style' && /url\s*\(/i.test(value)) found.push(`style url() on <${tag}>`);
        if ((RESOURCE.has(n) || n === 'href') && value.includes(origin))
          found.push(`${n} on <${tag}>`);
        if (n === 'href' && tag === 'a' && /^\s*(?:javascript|data|vbscript):/i.test(value))
          found.push(`${value.slice(0, 20)} link`);
      }
    }
    return found;
  }, origin);
}
