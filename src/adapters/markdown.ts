/**
 * The model's markdown as HTML that is safe to put in the page. Model output is untrusted and
 * may be steered by the data it read (prompt injection), so nothing it writes may make the
 * browser fetch a URL — a remote image is enough to exfiltrate what the model saw — or run
 * script, and a link must show where it really goes (ARCHITECTURE.md, Security invariants).
 *
 * Three layers: marked renders raw HTML as text and images as text; DOMPurify keeps only an
 * allowlist of elements and attributes (its default profile left a fetchable URL in 10 of 24
 * exfiltration payloads — ARCHITECTURE.md, Facts: Markdown); then every link is given its visible
 * target, and its address moves out of `href` so that only the confirmation can open it.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import { CITED_ID } from '../core/figures/figures-in-text.ts';

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  // Query citations ([Q3] → <cite>Q3</cite>), made by the extension below only (the model's own
  // HTML is escaped); the page links each to its query card by the id it holds as text.
  'cite',
];

/** `data-href`, `role`, `tabindex` and the target `<span>` are added after sanitizing, by this module only. */
const PURIFY_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href', 'title', 'align'],
  // Every attribute not listed as URI-safe must match this, so `align` ("right") is listed.
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
  ADD_URI_SAFE_ATTR: ['align'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  SAFE_FOR_TEMPLATES: false,
  WHOLE_DOCUMENT: false,
};

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * `[Q3]` or `[Q3, Q7]` after a figure cites the queries it came from (the ids the sql_query
 * tool hands the model); `[@revenue]` a notebook cell (core/figures/figures-in-text.ts). Inline code is tokenized first, so `` `[Q3]` `` stays code.
 */
const CITATION = new RegExp(String.raw`^\[(${CITED_ID}(?:\s*,\s*${CITED_ID})*)\]`);

const citations: TokenizerAndRendererExtension = {
  name: 'citation',
  level: 'inline',
  start: (src) => src.match(/\[(?:Q\d|@[a-z_])/)?.index,
  tokenizer(src) {
    const match = CITATION.exec(src);
    if (!match) return undefined;
    return { type: 'citation', raw: match[0], ids: match[1]!.split(/\s*,\s*/) };
  },
  renderer: (token) => (token.ids as string[]).map((id) => `<cite>${id}</cite>`).join(' '),
};

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Raw HTML in the markdown is shown as the text it is, never parsed as HTML.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // No <img>: its request alone would leak data. The picture is named, not fetched.
    image: ({ href, text }: Tokens.Image) =>
      escapeHtml(`[image: ${text || 'no description'}]${href ? ` (${href})` : ''}`),
    // A task list's checkbox would be an <input>; a character says the same.
    checkbox: ({ checked }: Tokens.Checkbox) => (checked ? '☑ ' : '☐ '),
  },
  extensions: [citations],
});

// Made on first use from the page's window (jsdom's in tests): its own instance, so no other
// code's hooks or settings reach it.
let purify: DOMPurify | undefined;

function getPurify(): DOMPurify {
  purify ??= createDOMPurify(window);
  return purify;
}

/** The parsed target of a link, or null unless it is an absolute http(s) or mailto URL. */
function linkTarget(href: string): URL | null {
  try {
    const url = new URL(href);
    return LINK_PROTOCOLS.has(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/** How a target is shown beside its link: host and path, or the mail address. */
function shownTarget(url: URL): string {
  const text =
    url.protocol === 'mailto:'
      ? decodeURIComponent(url.pathname)
      : url.host + (url.pathname === '/' ? '' : url.pathname) + url.search;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Link text that already says where the link goes (autolinks, `www.` links, addresses). */
function textShowsTarget(text: string, url: URL, href: string): boolean {
  const plain = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/^(?:https?:\/\/|mailto:)/, '')
      .replace(/\/$/, '');
  const t = plain(text);
  return t === plain(href) || t === plain(url.href);
}

/**
 * Each allowed link keeps its address in `data-href`, not `href`: with a real `href`, the context
 * menu's "Open link in new tab", dragging it to the tab bar and a modified click all open a
 * model-written address without the confirmation (issue 27). Without one the browser offers none
 * of these, and the link guard (state/link-guard.svelte.ts) is the only way it opens.
 */
function finishLinks(root: DocumentFragment): void {
  for (const a of root.querySelectorAll('a')) {
    const href = a.getAttribute('href');
    const url = href === null ? null : linkTarget(href);
    a.removeAttribute('href');
    if (!url || href === null) {
      // Not a link we allow: keep its text, drop the element.
      a.replaceWith(...a.childNodes);
      continue;
    }
    a.setAttribute('data-href', url.href);
    a.setAttribute('title', url.href);
    a.setAttribute('role', 'link');
    a.setAttribute('tabindex', '0');
    if (!textShowsTarget(a.textContent, url, href)) {
      const note = a.ownerDocument.createElement('span');
      note.textContent = ` (${shownTarget(url)})`;
      a.append(note);
    }
  }
}

/** Sanitized HTML for the model's markdown (GFM, tables), for `{@html}` in MarkdownText. */
export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false });
  const fragment = getPurify().sanitize(html, { ...PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true });
  finishLinks(fragment);
  const box = fragment.ownerDocument.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}
