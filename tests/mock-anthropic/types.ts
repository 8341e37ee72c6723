/**
 * The mock's scripting vocabulary. Everything here is plain JSON so that tests in another
 * process (the end-to-end tests) can script the mock over its HTTP control API.
 */

export interface ReplyUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_input_tokens?: number;
  cache_creation_input_tokens?: number;
}

/** One scripted assistant reply. */
export interface ReplySpec {
  text?: string;
  /** A text block sent before the tool calls (the model "thinking aloud"). */
  reasoning?: string;
  tools?: Array<{ name: string; input: unknown; id?: string }>;
  /** Defaults to 'tool_use' when there are tools, else 'end_turn'. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens';
  usage?: ReplyUsage;
  /** Defaults to the model the request asked for. */
  model?: string;
}

/** What the next POST /v1/messages answers. Each request that passes validation takes one. */
export type Step =
  | { reply: ReplySpec; chunkDelayMs?: number }
  | { status: number; errorType: string; message: string; headers?: Record<string, string> }
  /**
   * Sends the first `afterEvents` SSE events, then closes the socket mid-response. Space the
   * events out (as a real stream is) for the client to read them before the cut: a stream that
   * errors discards chunks not yet read (WHATWG Streams).
   */
  | { cut: { reply: ReplySpec; afterEvents: number }; chunkDelayMs?: number }
  /** Sends message_start and a ping, then nothing until the client goes away (for Stop). */
  | { hang: true }
  /** Sends the first `afterEvents` events, then an SSE `error` event, then ends the response. */
  | {
      streamError: { reply: ReplySpec; afterEvents: number; errorType: string; message: string };
    };

export interface ModelEntry {
  id: string;
  display_name: string;
  created_at?: string;
}

/** GET /v1/models answers with this list, or with this error. */
export type ModelsSetting = ModelEntry[] | { status: number; errorType: string; message: string };

export interface RecordedRequest {
  method: string;
  /** The path without the query string, e.g. `/v1/messages`. */
  path: string;
  /** The query string without `?` ('' when none). */
  query: string;
  /** Header names lower-cased, as Node gives them. */
  headers: Record<string, string>;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface SseEvent {
  event: string;
  data: unknown;
}
