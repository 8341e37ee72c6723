// Writes the app's PNG icons (public/icons/) from its SVG logo, rendered by headless Chromium:
// the web app manifest needs 192 and 512 px PNGs to be installable, and a "maskable" one whose
// logo keeps to the inner 80 % safe zone (https://web.dev/articles/maskable-icon). Run it again
// after changing public/favicon.svg: `node scripts/make-icons.mjs`.
import { readFileSync } from 'node:fs';
import { launchChromium } from './chromium.mjs';

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
// A maskable icon is cropped to a circle or squircle by the system: full-bleed background, the
// logo at 60 % in the middle.
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];

const browser = await launchChromium();
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.6) : size;
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
        `background:${maskable ? '#1f4e79' : 'transparent'}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}"></body>`,
    );
    await page.screenshot({
      path: new URL(`../public/icons/${file}`, import.meta.url).pathname,
      omitBackground: !maskable,
    });
    await page.close();
  }
} finally {
  await browser.close();
}
