/** The page's policy read as the browser reads it, for a gateway's address (core/model/csp-connect.ts). */
import { describe, expect, it } from 'vitest';
import { metaCsp } from '../../build/security-headers.ts';
import { connectAllowed, connectSources } from '../../src/core/model/csp-connect.ts';

const SELF = 'http://localhost:4173/';

describe('connect-src as the browser reads it', () => {
  it('lets through what Sift’s own policy names, and nothing else', () => {
    const policy = metaCsp();
    const allows = (url: string) => connectAllowed(policy, url, SELF);
    expect(allows('https://api.anthropic.com/v1/messages')).toBe(true);
    expect(allows('http://localhost:11434')).toBe(true);
    expect(allows('http://127.0.0.1:8080/v1')).toBe(true);
    expect(allows('http://localhost:4173/assets/x.js')).toBe(true);
    expect(allows('https://gateway.example.com')).toBe(false);
    expect(allows('http://127.0.0.2:11434')).toBe(false);
    expect(allows('http://[::1]:11434')).toBe(false);
    expect(allows('https://api.anthropic.com.evil.example')).toBe(false);
    expect(allows('not a url')).toBe(false);
  });

  it('lets through a gateway named by SIFT_CONNECT_SRC, on its own port only', () => {
    const policy = metaCsp({ connect: ['https://gateway.example.com'] });
    expect(connectAllowed(policy, 'https://gateway.example.com/anthropic', SELF)).toBe(true);
    expect(connectAllowed(policy, 'https://gateway.example.com:8443', SELF)).toBe(false);
    expect(connectAllowed(policy, 'http://gateway.example.com', SELF)).toBe(false);
  });

  it('reads wildcards, schemes, default-src and the absence of a policy', () => {
    expect(
      connectAllowed('connect-src *.corp.example', 'https://ai.corp.example', 'https://a.b'),
    ).toBe(true);
    expect(
      connectAllowed('connect-src *.corp.example', 'https://corp.example', 'https://a.b'),
    ).toBe(false);
    expect(connectAllowed('connect-src https:', 'https://anything.example', SELF)).toBe(true);
    expect(connectAllowed("default-src 'self'", 'https://x.example', SELF)).toBe(false);
    expect(connectAllowed("connect-src 'none'", 'http://localhost:4173/', SELF)).toBe(false);
    expect(connectAllowed(null, 'https://x.example', SELF)).toBe(true);
    expect(connectSources("img-src 'self'")).toBeNull();
  });
});
