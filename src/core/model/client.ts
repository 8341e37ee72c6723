/**
 * What the agent needs of a model: one streamed call. The browser implements it with the
 * Anthropic SDK (src/adapters/anthropic-client.ts); unit tests with a scripted model.
 */
import type { AssistantBlock, Message, TextBlock, ToolSpec } from './messages.ts';
import type { Usage } from './usage.ts';

export type { Usage } from './usage.ts';

export interface ModelRequest {
  model: string;
  system: TextBlock[];
  messages: Message[];
  tools: ToolSpec[];
  maxTokens: number;
  /**
   * 'off' asks the model not to think first: Ollama thinks by default for a model that can, and
   * in a small window its thoughts would use the reply's few hundred tokens (issue 32).
   */
  thinking?: 'off';
}

/** Pieces of the reply as they arrive, for the page to show before the reply is complete. */
export type StreamEvent =
  | { type: 'text'; index: number; delta: string }
  /**
   * The tool call's input so far: the SDK's parse (`partial`, which leaves out a string still
   * arriving) and the raw JSON text, from which a long string can be shown as it streams.
   */
  | { type: 'tool_input'; index: number; id: string; name: string; partial: unknown; json: string };

export type StopReason =
  'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'pause_turn' | 'refusal';

export interface ModelReply {
  content: AssistantBlock[];
  stopReason: StopReason | null;
  usage: Usage;
  model: string;
}

export interface CallOptions {
  signal: AbortSignal;
  onEvent?: (event: StreamEvent) => void;
}

export interface ModelClient {
  /** One model call, streamed. Throws a ModelError when the call fails; never returns partial. */
  complete(request: ModelRequest, options: CallOptions): Promise<ModelReply>;
}

export type ModelErrorKind =
  | 'auth' // 401: the key is wrong
  | 'permission' // 403
  | 'not_found' // 404: usually the model id or the base URL
  | 'bad_request' // 400 / 413 / 422
  | 'rate_limit' // 429, after the SDK's retries
  | 'overloaded' // 529, after the SDK's retries
  | 'server' // other 5xx
  | 'network' // no response at all, or the stream cut mid-way
  | 'blocked' // the page's Content-Security-Policy refused the address
  | 'aborted'; // the person pressed Stop

/** A failed model call, classified so the page can say what to do about it. */
export class ModelError extends Error {
  readonly kind: ModelErrorKind;
  readonly status: number | null;
  /** What arrived before the failure, if the stream was cut. */
  readonly partial: AssistantBlock[];

  constructor(
    kind: ModelErrorKind,
    message: string,
    options: { status?: number | null; partial?: AssistantBlock[] } = {},
  ) {
    super(message);
    this.name = 'ModelError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.partial = options.partial ?? [];
  }
}
