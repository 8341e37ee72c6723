/**
 * Model and cell text made safe to put in a Markdown file. A report saved as Markdown is opened
 * in previewers (GitHub, VS Code, Obsidian) that load images and render raw HTML, under no CSP of
 * ours: `![c](https://host/?d=…)` or `<img src=…>` written by a steered model would send the data
 * when the file is previewed (issue 27). So, as in the page, an image becomes the words naming it
 * and raw HTML becomes the text it is; and the text can open no code fence, which could swallow
 * the fences of the report's own SQL and chart specs and leave their contents rendered as Markdown.
 *
 * Escaping, not parsing: the result holds no `![`, no `<` that starts a tag, and no run of three
 * backticks or tildes, whatever parser reads it. The cost is that such characters inside the
 * model's own code spans show escaped.
 */

/** `![alt](address "title")`: the common inline image, named as the page names it. */
const INLINE_IMAGE = /!\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;

/** An autolink (`<https://…>`), which is a link, not a tag: kept. Sticky: tried where a `<` is. */
const AUTOLINK = /<(?:https?|mailto):[^\s<>]*>/iy;

function isAutolink(text: string, at: number): boolean {
  AUTOLINK.lastIndex = at;
  return AUTOLINK.test(text);
}

export function inertMarkdown(text: string): string {
  const named = text.replace(
    INLINE_IMAGE,
    (_, alt: string, address: string) =>
      `\\[image: ${alt || 'no description'}\\]${address ? ` (${address})` : ''}`,
  );
  return (
    named
      // A tag, comment, declaration or processing instruction starts with `<` and one of these.
      .replace(/<(?=[A-Za-z/!?])/g, (lt, at: number, all: string) =>
        isAutolink(all, at) ? lt : '&lt;',
      )
      // Any other image syntax (reference images, `![[embeds]]`) loses its `!`'s meaning.
      .replaceAll('![', '!\\[')
      // No fence can open: each character of a run of three or more is escaped.
      .replace(/`{3,}|~{3,}/g, (run) => run.replace(/./g, '\\$&'))
  );
}

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
export function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}
