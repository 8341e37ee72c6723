/**
 * main.ts starts the data engine, then imports the page (src/start-app.ts). A dynamic import is
 * fetched only once the entry has run, one round trip after it; this tells the browser about the
 * page's chunk in index.html, so that both download together (issue 15).
 */
import type { Plugin } from 'vite';

export function preloadPagePlugin(entry = 'src/start-app.ts'): Plugin {
  let base = '/';
  return {
    name: 'sift-preload-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.replaceAll('\\', '/').endsWith(entry),
        );
        if (!chunk) throw new Error(`sift-preload-page: no chunk for ${entry} in the build`);
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
