/** What one mock knows, shared by its routes (server.ts owns it). */
import type { ServerResponse } from 'node:http';
import type { Parsed } from './http.ts';
import type { LocalModel, LocalRecordedRequest, LocalStep } from './types.ts';

export interface State {
  models: LocalModel[];
  /** undefined: the server's default (Ollama 4096; llama.cpp the first model's trained ctx). */
  numCtx: number | undefined;
  origins: string[] | '*';
  legacyTags: boolean;
  steps: LocalStep[];
  /** Ollama: names of models loaded by /v1/messages since reset (for /api/ps). */
  used: Set<string>;
  /** Ollama's host check applies only when it listens on a loopback address. */
  loopback: boolean;
}

/** One incoming (non-control) request. */
export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Parsed;
  res: ServerResponse;
  record: LocalRecordedRequest;
}
