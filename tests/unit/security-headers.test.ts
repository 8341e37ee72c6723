/** The policy Sift promises, and the same policy in each form a host can take. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headersFile, metaCsp, securityHeaders } from '../../build/security-headers.ts';
import { parseHeadersFile, parsePolicy, requiredPolicy } from '../policy.ts';

const policy = (options?: Parameters<typeof securityHeaders>[0]) =>
  parsePolicy(securityHeaders(options)['Content-Security-Policy']!);

describe('the Content-Security-Policy', () => {
  it('has exactly the directives the issue asks for', () => {
    expect(policy({ connect: ['https://gateway.example'] })).toEqual(
      requiredPolicy(['https://gateway.example']),
    );
  });

  it('comes with no-referrer and nosniff', () => {
    expect(securityHeaders()).toMatchObject({
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it("lets the dev server's websocket through on this machine only, never any ws: host", () => {
    const dev = policy({ dev: true });
    expect(dev['connect-src']).toEqual([
      "'self'",
      'https://api.anthropic.com',
      'http://localhost:*',
      'http://127.0.0.1:*',
      'ws://localhost:*',
      'ws://127.0.0.1:*',
    ]);
    expect(dev['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev['script-src']).toEqual(policy()['script-src']);
  });

  it('takes only bare origins as extra connect-src entries', () => {
    expect(policy({ connect: ['http://127.0.0.1:8080/'] })['connect-src']).toContain(
      'http://127.0.0.1:8080',
    );
    for (const bad of [
      '*',
      'https://gateway.example/v1',
      'https://gateway.example; script-src *',
      'ws://gateway.example',
      'https://*.example',
    ]) {
      expect(() => securityHeaders({ connect: [bad] }), bad).toThrow(/SIFT_CONNECT_SRC/);
    }
  });
});

describe('the same policy for static hosts', () => {
  it('as a <meta> policy: everything but frame-ancestors, which a meta tag cannot set', () => {
    const { 'frame-ancestors': _ignored, ...rest } = policy({ connect: ['https://g.example'] });
    expect(parsePolicy(metaCsp({ connect: ['https://g.example'] }))).toEqual(rest);
  });

  it('as a _headers file: every header, for every path', () => {
    const headers = securityHeaders({ connect: ['https://g.example'] });
    expect(parseHeadersFile(headersFile(headers))).toEqual({ '/*': headers });
  });

  it('as the nginx snippet of docs/security.md, word for word', () => {
    const readme = readFileSync('docs/security.md', 'utf8');
    const snippet = /```nginx\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const lines = [...snippet.matchAll(/^add_header ([\w-]+) "([^"]*)" always;$/gm)];
    expect(Object.fromEntries(lines.map(([, name, value]) => [name, value]))).toEqual(
      securityHeaders(),
    );
  });
});
