/** What the injection tests look for in a page: anything a payload left live. */
import type { Page } from 'playwright-core';

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
