/**
 * What `npm start` sends for the built assets (issue 15): DuckDB's wasm, the largest download,
 * compressed for a browser that accepts it and cached for good, since hashed names never change;
 * the page itself revalidated on every visit; and only the one DuckDB bundle the app runs.
 */
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { readdir, readFile, stat } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { GLUE_EDITS } from '../../build/duckdb-glue.ts';

interface Head {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
}

/** GET with exactly these request headers (fetch would add and undo its own encodings). */
function get(url: string, headers: Record<string, string>): Promise<Head> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** DuckDB's wasm: one bundle. (parquet-wasm's is the only other, fetched for Parquet files.) */
async function wasm(): Promise<string> {
  const names = (await readdir('dist/assets')).filter((f) => /^duckdb-.*\.wasm$/.test(f));
  expect(names).toHaveLength(1);
  return names[0]!;
}

describe('the built assets', () => {
  it("start the data engine from a small entry, with the page's code fetched alongside it", async () => {
    const html = await readFile('dist/index.html', 'utf8');
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    const page = /<link rel="modulepreload"[^>]*href="\/assets\/(start-app-[^"]+\.js)"/.exec(
      html,
    )?.[1];
    expect(entry).toBeDefined();
    expect(page).toBeDefined();
    const [entrySize, pageSize] = await Promise.all(
      [entry!, page!].map(async (f) => (await stat(`dist/assets/${f}`)).size),
    );
    // The engine starts once the entry has run: it must not wait for the page's 480 kB.
    expect(entrySize).toBeLessThan(20_000);
    expect(pageSize).toBeGreaterThan(10 * entrySize!);
    const code = await readFile(`dist/assets/${entry!}`, 'utf8');
    expect(code).toContain('duckdb.worker');
    expect(code).toContain(page!);
  });

  it('ship one DuckDB bundle, the eh one, with Brotli and gzip copies', async () => {
    const files = await readdir('dist/assets');
    const name = await wasm();
    expect(name).toMatch(/^duckdb-eh-.*\.wasm$/);
    expect(files.some((f) => /mvp/.test(f))).toBe(false);
    const others = files.filter((f) => f.endsWith('.wasm') && f !== name);
    expect(others.map((f) => f.replace(/-[\w-]+\.wasm$/, ''))).toEqual(['parquet_wasm_bg']);
    expect(files).toContain(`${others[0]}.br`);
    const [raw, br, gz] = await Promise.all(
      [name, `${name}.br`, `${name}.gz`].map(async (f) => (await stat(`dist/assets/${f}`)).size),
    );
    expect(br!).toBeLessThan(raw! / 4);
    expect(gz!).toBeLessThan(raw! / 3);
  });

  it("ship DuckDB's worker script with the edits that shorten its start, under a name of its own", async () => {
    const files = await readdir('dist/assets');
    const scripts = files.filter((f) => /^duckdb-browser-eh\.worker-[\w-]+\.js$/.test(f));
    expect(scripts).toHaveLength(1);
    const code = await readFile(`dist/assets/${scripts[0]!}`, 'utf8');
    for (const edit of GLUE_EDITS) {
      expect(code).toContain(edit.replace);
      expect(code).not.toContain(edit.find);
    }
    // The engine worker asks for this very file, and the compressed copies are of it too.
    const engine = files.find((f) => /^duckdb\.worker-[\w-]+\.js$/.test(f));
    expect(await readFile(`dist/assets/${engine!}`, 'utf8')).toContain(scripts[0]!);
    const res = await get(`${inject('baseUrl')}assets/${scripts[0]!}`, { 'accept-encoding': 'br' });
    const br = await readFile(`dist/assets/${scripts[0]!}.br`);
    expect(res.bytes).toBe(br.length);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(code);
  });

  it('send the wasm as Brotli to a browser that accepts it, cached for a year', async () => {
    const name = await wasm();
    const res = await get(`${inject('baseUrl')}assets/${name}`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/wasm');
    expect(res.bytes).toBe((await stat(`dist/assets/${name}.br`)).size);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    // The security headers are still there.
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('send it whole to a client that accepts no encoding', async () => {
    const name = await wasm();
    const res = await get(`${inject('baseUrl')}assets/${name}`, {});
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.bytes).toBe((await stat(`dist/assets/${name}`)).size);
  });

  it('leave the page itself to be revalidated, so a new build is seen at once', async () => {
    const res = await get(inject('baseUrl'), { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('make an installable app: a manifest with its name, colours and PNG icons of 192 and 512 px', async () => {
    const html = await readFile('dist/index.html', 'utf8');
    const href = /<link rel="manifest" href="\/?([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('manifest.webmanifest');
    const manifest = JSON.parse(await readFile(`dist/${href}`, 'utf8')) as {
      name: string;
      short_name: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ short_name: 'Sift', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && !i.purpose);
      expect(icon?.type).toBe('image/png');
      // A PNG's width and height are the two big-endian words after its IHDR tag.
      const png = await readFile(`dist/${icon!.src}`);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  it('have a service worker that precaches the page, the app and the one DuckDB bundle, revalidated on every visit', async () => {
    const sw = await readFile('dist/sw.js', 'utf8');
    const cached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
    expect(cached).toContain('index.html');
    expect(cached).toContain(`assets/${await wasm()}`);
    expect(cached.some((url) => /parquet_wasm_bg-.*\.wasm$/.test(url))).toBe(true);
    expect(cached.some((url) => /^assets\/index-.*\.js$/.test(url))).toBe(true);
    expect(cached).toContain('data/weather.csv');
    expect(cached.filter((url) => /\.(br|gz)$/.test(url))).toEqual([]);
    expect(new Set(cached).size).toBe(cached.length);
    const res = await get(`${inject('baseUrl')}sw.js`, {});
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).not.toMatch(/immutable|max-age=[1-9]/);
  });
});
