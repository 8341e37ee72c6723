/**
 * The local mocks' scripting vocabulary: plain JSON, so tests in another process can script a
 * mock over its HTTP control API (control.ts). Replies reuse the Anthropic mock's `ReplySpec`.
 */
import type { RecordedRequest, ReplySpec } from '../mock-anthropic/types.ts';

export type { RecordedRequest, ReplySpec, SseEvent } from '../mock-anthropic/types.ts';

export type LocalKind = 'ollama' | 'llamacpp';

export interface LocalModel {
  /** e.g. 'qwen3:8b' (Ollama) or 'qwen3-8b' (llama.cpp's alias). */
  name: string;
  /** Trained context: Ollama details.context_length / model_info; llama.cpp meta.n_ctx_train. */
  contextLength: number;
  /** Ollama capability strings: 'completion', 'tools', 'vision', 'thinking', … */
  capabilities: string[];
  family?: string;
  parameterSize?: string;
  quantization?: string;
  /**
   * Ollama's cloud models (`gpt-oss:120b-cloud`): /api/tags lists them with `remote_model` and
   * `remote_host` (ollama api/types.go, ListModelResponse), and the server passes requests on.
   */
  remoteHost?: string;
}

/**
 * A scripted reply. `reasoning` and `text` become ONE text block (a local model's text is one
 * stream of tokens until a tool call); `thinking` becomes a thinking block (an addition to
 * ReplySpec: Ollama streams it by default for 'thinking' models, llama.cpp when it parses one).
 */
export interface LocalReply extends ReplySpec {
  thinking?: string;
}

export type LocalStep =
  | { reply: LocalReply; chunkDelayMs?: number }
  /** An error answered before streaming, in that server's error shape. */
  | { status: number; message: string }
  /** Some events, then the stream just ends (status 200, no message_delta/stop, no error). */
  | { truncated: { reply: LocalReply; afterEvents: number }; chunkDelayMs?: number };

export interface MockLocalOptions {
  kind: LocalKind;
  /** Listen address, default '127.0.0.1'. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  models?: LocalModel[];
  /** Runtime context: Ollama default 4096 (capped at the trained one); llama.cpp default = trained. */
  numCtx?: number;
  /** Ollama's OLLAMA_ORIGINS, added to the default origins; '*' allows all. */
  origins?: string[] | '*';
  /** Ollama older than ~v0.30: /api/tags without capabilities and context_length. */
  legacyTags?: boolean;
}

export type LocalRecordedRequest = RecordedRequest & {
  /** Ollama: old messages were dropped to fit numCtx. */
  truncated?: boolean;
  /** The prompt's token count as the server saw it (after truncation, for Ollama). */
  promptTokens?: number;
};

export const DEFAULT_MODELS: Record<LocalKind, LocalModel[]> = {
  ollama: [
    {
      name: 'qwen3:8b',
      contextLength: 40960,
      capabilities: ['completion', 'tools'],
      family: 'qwen3',
      parameterSize: '8.2B',
      quantization: 'Q4_K_M',
    },
  ],
  llamacpp: [
    {
      name: 'qwen3-8b',
      contextLength: 40960,
      capabilities: ['completion', 'tools'],
      family: 'qwen3',
      parameterSize: '8.2B',
      quantization: 'Q4_K_M',
    },
  ],
};
