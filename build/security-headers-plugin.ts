/**
 * Puts the policy of security-headers.ts everywhere it must be: on every response of the dev and
 * preview servers (404s included, which Vite's `headers` options skip), in `dist/_headers` for
 * static hosts, and, when asked, in index.html as a <meta> tag for hosts that cannot set headers.
 */
import type { Connect, Plugin } from 'vite';
import { headersFile, metaCsp, securityHeaders, type HeaderOptions } from './security-headers.ts';
import { IMMUTABLE } from './static-assets-plugin.ts';

function setAll(headers: Record<string, string>): Connect.NextHandleFunction {
  return (_req, res, next) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
}

export function securityHeadersPlugin({
  connect = [],
  meta = false,
}: Pick<HeaderOptions, 'connect'> & { meta?: boolean }): Plugin {
  return {
    name: 'sift:security-headers',
    // Added before Vite's own middlewares, so nothing it answers goes out without them.
    configureServer(server) {
      server.middlewares.use(setAll(securityHeaders({ dev: true, connect })));
    },
    configurePreviewServer(server) {
      server.middlewares.use(setAll(securityHeaders({ connect })));
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '_headers',
        // Hashed assets never change: cached for a year (static-assets-plugin.ts).
        source: `${headersFile(securityHeaders({ connect }))}/assets/*\n  Cache-Control: ${IMMUTABLE}\n`,
      });
    },
    // Builds only: the dev server needs its own allowances, which its headers carry.
    transformIndexHtml(_html, { server }) {
      if (!meta || server) return;
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: metaCsp({ connect }) },
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
