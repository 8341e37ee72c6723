/**
 * Turns whatever the Anthropic SDK throws into a ModelError whose kind tells the page what to do
 * and whose message a person can act on: no stack traces, no SDK jargon, never the API key.
 */
import { cspBlockedMessage } from '../core/model/csp-connect.ts';
import {
  AnthropicError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from '@anthropic-ai/sdk';
import { ModelError, type ModelErrorKind } from '../core/model/client.ts';
import type { AssistantBlock } from '../core/model/messages.ts';
import type { Provider } from '../core/model/provider.ts';
import { localMessage } from './local-errors.ts';
import { offlineMessage } from './offline-message.ts';

export interface ErrorContext {
  apiKey: string;
  /** Where the endpoint is: a server on this computer is described as one. */
  provider?: Provider;
  baseURL: string;
  /** The model asked for, when the call was a Messages call (a 404 usually means it). */
  model?: string;
  maxRetries: number;
  signal?: AbortSignal;
  /** What the stream had delivered before failing (complete blocks). */
  partial?: AssistantBlock[];
  /** True once the API answered 200 and the stream began: a failure after that is a cut. */
  connected?: boolean;
  /** The URL the request went to, for `wasBlocked`. */
  url?: string;
  wasBlocked?: (url: string) => boolean;
  /** Whether the browser says it has no network (navigator.onLine), asked as the call fails. */
  isOffline?: () => boolean;
}

function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return baseURL;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

const retries = (n: number) => (n === 1 ? '1 retry' : `${n} retries`);

/** The API's `error.type` (status codes are absent on an SSE `error` event) → our kind. */
const KIND_OF_TYPE: Record<string, ModelErrorKind> = {
  authentication_error: 'auth',
  permission_error: 'permission',
  not_found_error: 'not_found',
  invalid_request_error: 'bad_request',
  request_too_large: 'bad_request',
  rate_limit_error: 'rate_limit',
  overloaded_error: 'overloaded',
  api_error: 'server',
  timeout_error: 'server',
};

function kindOfStatus(status: number): ModelErrorKind {
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limit';
  if (status === 529) return 'overloaded';
  if (status >= 500) return 'server';
  return 'bad_request';
}

function describe(
  kind: ModelErrorKind,
  status: number | null,
  apiMessage: string,
  ctx: ErrorContext,
): string {
  const code = status === null ? '' : ` (${status})`;
  const detail = apiMessage ? `: ${apiMessage.replace(/\.$/, '')}` : '';
  if (ctx.provider === 'local') return localMessage(kind, code, detail, ctx);
  const tries = ctx.maxRetries > 0 ? ` after ${retries(ctx.maxRetries)}` : '';
  switch (kind) {
    case 'auth':
      return `The API key was refused${code}. Check it in Settings.`;
    case 'permission':
      return `The API key is not allowed to do this${code}${detail}. Check the key's permissions in the Anthropic Console.`;
    case 'not_found': {
      const what = ctx.model ? `the model id "${ctx.model}" and ` : '';
      return `Not found${code}${detail}. Check ${what}the API address ${ctx.baseURL} in Settings.`;
    }
    case 'rate_limit':
      return `Rate limited by the API${code || ' (429)'}${tries}. Wait a minute and try again.`;
    case 'overloaded':
      return `The API is overloaded${code || ' (529)'}${tries}. Try again in a few minutes.`;
    case 'server':
      return `The API had an internal error${code}${tries}${detail}. Try again in a moment.`;
    default:
      return `The API rejected the request${code}${detail}.`;
  }
}

function networkMessage(error: unknown, ctx: ErrorContext): string {
  const host = hostOf(ctx.baseURL);
  if (ctx.provider === 'local') return localMessage('network', '', '', ctx);
  if (ctx.connected) {
    return `The connection to ${host} was lost in the middle of the reply. What had arrived is kept; try again.`;
  }
  if (ctx.isOffline?.()) return offlineMessage(host);
  if (error instanceof APIConnectionTimeoutError) {
    return `The request to ${host} timed out. Check your connection and try again.`;
  }
  return `Could not connect to ${host}. Check your internet connection and the API address in Settings.`;
}

function blockedMessage(url: string): string {
  return cspBlockedMessage(originOf(url), true);
}

/** The SDK wraps non-API failures (a reset socket, a bad chunk) in AnthropicError with a cause. */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause; depth++) {
    if (current instanceof TypeError || current instanceof SyntaxError) break;
    current = current.cause;
  }
  return current;
}

function classify(error: unknown, ctx: ErrorContext): [ModelErrorKind, string, number | null] {
  if (error instanceof APIUserAbortError || ctx.signal?.aborted) {
    return ['aborted', 'Stopped.', null];
  }
  if (error instanceof APIError && !(error instanceof APIConnectionError)) {
    const apiMessage = error.apiMessage ?? '';
    if (typeof error.status === 'number') {
      const kind = kindOfStatus(error.status);
      return [kind, describe(kind, error.status, apiMessage, ctx), error.status];
    }
    // An SSE `error` event mid-stream: no status, only the API's error type.
    const kind = KIND_OF_TYPE[error.type ?? ''] ?? 'server';
    const cut = ' The reply stopped part-way; what had arrived is kept.';
    return [kind, describe(kind, null, apiMessage, { ...ctx, maxRetries: 0 }) + cut, null];
  }
  const url = ctx.url ?? ctx.baseURL;
  const cause = rootCause(error);
  const noResponse = error instanceof APIConnectionError || cause instanceof TypeError;
  if (noResponse && !ctx.connected && ctx.wasBlocked?.(url)) {
    return ['blocked', blockedMessage(url), null];
  }
  if (cause instanceof SyntaxError) {
    return ['server', 'The API sent a reply Sift could not read. Try again.', null];
  }
  if (noResponse || (error instanceof AnthropicError && ctx.connected)) {
    return ['network', networkMessage(error, ctx), null];
  }
  const text = error instanceof Error ? error.message : String(error);
  return ['server', `The model call failed: ${text}`, null];
}

/** Classifies `error`; a ModelError passes through unchanged. */
export function toModelError(error: unknown, ctx: ErrorContext): ModelError {
  if (error instanceof ModelError) return error;
  const [kind, message, status] = classify(error, ctx);
  // Belt and braces: no API message or SDK text may ever echo the key back to the page.
  const safe = ctx.apiKey.length >= 8 ? message.split(ctx.apiKey).join('[API key]') : message;
  return new ModelError(kind, safe, { status, partial: ctx.partial ?? [] });
}
