/** Small Node `http` helpers shared by the two local mocks. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatSse } from '../mock-anthropic/sse.ts';
import type { SseEvent } from './types.ts';

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  type = 'text/plain',
): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
  res.end(text);
}

/** A status with no body (Ollama's CORS and host refusals, preflights). */
export function sendEmpty(res: ServerResponse, status: number): void {
  res.writeHead(status, status === 204 ? {} : { 'content-length': '0' });
  res.end();
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(raw: string): Parsed {
  if (raw === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

export function lowerHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * Writes SSE events (spaced out by `delayMs` when > 0), then ends the response normally: even a
 * "truncated" stream ends cleanly, as Ollama's does after a mid-stream error.
 */
export function sendStream(
  res: ServerResponse,
  headers: Record<string, string>,
  events: SseEvent[],
  delayMs = 0,
): void {
  res.writeHead(200, headers);
  res.flushHeaders();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  res.on('close', () => {
    closed = true;
    clearTimeout(timer);
  });
  if (delayMs <= 0) {
    res.end(events.map(formatSse).join(''));
    return;
  }
  let i = 0;
  const next = () => {
    if (closed) return;
    const event = events[i++];
    if (!event) return void res.end();
    res.write(formatSse(event));
    timer = setTimeout(next, delayMs);
  };
  next();
}
