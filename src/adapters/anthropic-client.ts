/**
 * The ModelClient the page uses: the official Anthropic SDK, called straight from the browser
 * (the key never leaves the person's machine except to the model endpoint). No DOM access, so
 * the integration tests run this very file in Node against the local mock.
 */
import type { AnthropicModelClient, ModelInfo } from '../state/ports.ts';
import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlock,
  Message as SdkMessage,
  MessageStreamEvent,
} from '@anthropic-ai/sdk/resources/messages';
import {
  ModelError,
  type CallOptions,
  type ModelReply,
  type ModelRequest,
  type StopReason,
  type StreamEvent,
} from '../core/model/client.ts';
import type { AssistantBlock } from '../core/model/messages.ts';
import { outgoingProblem } from '../core/model/outgoing.ts';
import type { Provider } from '../core/model/provider.ts';
import { readLocalServer } from './local-models.ts';
import { toModelError, type ErrorContext } from './model-errors.ts';

export interface AnthropicClientOptions {
  apiKey: string;
  /** Defaults to https://api.anthropic.com. */
  baseURL?: string;
  /** The SDK's retries for 408/409/429/5xx and connection failures. Defaults to 3. */
  maxRetries?: number;
  /**
   * Whether the page's Content-Security-Policy refused a request to this URL (the page wires it
   * to `securitypolicyviolation` events; compare origins). A CSP refusal reaches fetch as a plain
   * TypeError, indistinguishable from a network failure without this.
   */
  wasBlocked?: (url: string) => boolean;
  /** Whether the browser is offline, to say so rather than "could not connect". */
  isOffline?: () => boolean;
  /**
   * Where the endpoint is (core/model/provider.ts): a server on this computer is sent no key and
   * no cache_control, and lists its models its own way (adapters/local-models.ts).
   */
  provider?: Provider;
}

/**
 * Headers a keyless request leaves out. Ollama's CORS allow-list has none of them, so a browser
 * refuses the whole request at its preflight if one is sent (gin-contrib/cors in Ollama's
 * routes.go; docs/local-model-servers.md §1.6); null is the SDK's "remove" (internal/headers.js).
 */
const KEYLESS_HEADERS = {
  'x-api-key': null,
  authorization: null,
  'anthropic-version': null,
  'anthropic-dangerous-direct-browser-access': null,
};

/** The request without cache_control marks, for a server that does no prompt caching. */
function uncached<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, v: unknown) =>
    key === 'cache_control' ? undefined : v,
  ) as T;
}

const DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The Models API pages; a handful of pages of 100 is far more than exist. */
const MAX_MODEL_PAGES = 5;

const STOP_REASONS = new Set<string>([
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'pause_turn',
  'refusal',
]);

function stopReasonOf(reason: string | null): StopReason | null {
  if (reason === null) return null;
  if (STOP_REASONS.has(reason)) return reason as StopReason;
  // 'model_context_window_exceeded' means the same to the agent: the reply was cut short.
  return 'max_tokens';
}

/**
 * Our blocks from the SDK's: text, tool_use and thinking pass (the API wants a reply's thinking
 * blocks back unchanged when tools are used); anything else (server tools) is dropped. Empty text
 * blocks are dropped too: the API refuses them when sent back in history.
 */
function toBlocks(
  content: ContentBlock[],
  isComplete: (index: number) => boolean,
): AssistantBlock[] {
  const blocks: AssistantBlock[] = [];
  content.forEach((block, index) => {
    if (block.type === 'text' && block.text !== '') blocks.push({ type: 'text', text: block.text });
    // Only signed thinking goes back: a local server's has no signature (Ollama sends none,
    // llama.cpp an empty one; docs/local-model-servers.md), wants none back, and in a small
    // window its length is better spent on the conversation.
    if (block.type === 'thinking' && isComplete(index) && block.signature)
      blocks.push({ type: 'thinking', thinking: block.thinking, signature: block.signature });
    if (block.type === 'redacted_thinking' && isComplete(index))
      blocks.push({ type: 'redacted_thinking', data: block.data });
    if (block.type === 'tool_use' && isComplete(index)) {
      blocks.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
    }
  });
  return blocks;
}

function toReply(message: SdkMessage): ModelReply {
  const usage = message.usage;
  return {
    content: toBlocks(message.content, () => true),
    stopReason: stopReasonOf(message.stop_reason),
    usage: {
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      cacheReadTokens: usage.cache_read_input_tokens ?? 0,
      cacheWriteTokens: usage.cache_creation_input_tokens ?? 0,
    },
    model: message.model,
  };
}

/** A throwing page callback must not look like a failed model call: report it and go on. */
function safeEmit(onEvent: CallOptions['onEvent'], event: StreamEvent): void {
  if (!onEvent) return;
  try {
    onEvent(event);
  } catch (error) {
    queueMicrotask(() => {
      throw error;
    });
  }
}

/** Follows the stream so that, if it fails, what had arrived can be handed back as `partial`. */
class StreamWatcher {
  connected = false;
  private snapshot: SdkMessage | undefined;
  private readonly stopped = new Set<number>();
  private readonly json = new Map<number, string>();

  constructor(private readonly onEvent: CallOptions['onEvent']) {}

  see(event: MessageStreamEvent, snapshot: SdkMessage): void {
    this.snapshot = snapshot;
    if (event.type === 'content_block_stop') this.stopped.add(event.index);
    if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
      const { id, name } = event.content_block;
      // Announced at once, so the page can show which tool is being prepared.
      safeEmit(this.onEvent, {
        type: 'tool_input',
        index: event.index,
        id,
        name,
        partial: {},
        json: '',
      });
    }
    if (event.type !== 'content_block_delta') return;
    if (event.delta.type === 'text_delta') {
      safeEmit(this.onEvent, { type: 'text', index: event.index, delta: event.delta.text });
    } else if (event.delta.type === 'input_json_delta') {
      const block = snapshot.content[event.index];
      const json = (this.json.get(event.index) ?? '') + event.delta.partial_json;
      this.json.set(event.index, json);
      if (block?.type === 'tool_use') {
        // `input` is the SDK's partial-JSON parse of what has arrived so far.
        const { id, name, input } = block;
        safeEmit(this.onEvent, {
          type: 'tool_input',
          index: event.index,
          id,
          name,
          partial: input,
          json,
        });
      }
    }
  }

  /** Text so far, and only the tool calls whose input arrived whole. */
  partial(): AssistantBlock[] {
    return this.snapshot ? toBlocks(this.snapshot.content, (i) => this.stopped.has(i)) : [];
  }
}

export function createAnthropicClient(options: AnthropicClientOptions): AnthropicModelClient {
  const baseURL = (options.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const maxRetries = options.maxRetries ?? 3;
  const { apiKey, wasBlocked, isOffline } = options;
  const provider = options.provider ?? 'anthropic';
  const keyless = apiKey.trim() === '';
  const client = new Anthropic({
    apiKey: keyless ? null : apiKey,
    authToken: null,
    baseURL,
    dangerouslyAllowBrowser: true,
    maxRetries,
    ...(keyless ? { defaultHeaders: KEYLESS_HEADERS } : {}),
  });
  const context = (extra: Partial<ErrorContext>): ErrorContext => ({
    apiKey,
    provider,
    baseURL,
    maxRetries,
    wasBlocked,
    isOffline,
    ...extra,
  });
  // Anthropic's own API always wants a key; a local server or a gateway may not.
  const requireKey = () => {
    if (keyless && provider === 'anthropic')
      throw new ModelError('auth', 'No API key is set. Add it in Settings.');
  };
  const local = provider === 'local';

  return {
    async complete(request: ModelRequest, { signal, onEvent }: CallOptions): Promise<ModelReply> {
      requireKey();
      const refused = outgoingProblem(request.messages, request.tools);
      if (refused) throw new ModelError('bad_request', `The request was not sent: ${refused}`);
      const watcher = new StreamWatcher(onEvent);
      try {
        // Our message shapes are the wire format (see messages.ts), so they pass through as-is.
        const body = {
          model: request.model,
          max_tokens: request.maxTokens,
          messages: request.messages,
          ...(request.system.length > 0 ? { system: request.system } : {}),
          ...(request.tools.length > 0 ? { tools: request.tools } : {}),
          ...(request.thinking === 'off' ? { thinking: { type: 'disabled' as const } } : {}),
        };
        const stream = client.messages.stream(local ? uncached(body) : body, { signal });
        stream.on('connect', () => (watcher.connected = true));
        stream.on('streamEvent', (event, snapshot) => watcher.see(event, snapshot));
        return toReply(await stream.finalMessage());
      } catch (error) {
        throw toModelError(
          error,
          context({
            model: request.model,
            signal,
            partial: watcher.partial(),
            connected: watcher.connected,
            url: `${baseURL}/v1/messages`,
          }),
        );
      }
    },

    async listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
      requireKey();
      const models: ModelInfo[] = [];
      try {
        if (local) return (await readLocalServer(baseURL, signal)).models;
        let page = await client.models.list({ limit: 100 }, { signal });
        for (let pages = 1; ; pages++) {
          for (const m of page.data) models.push({ id: m.id, displayName: m.display_name || m.id });
          if (pages >= MAX_MODEL_PAGES || !page.hasNextPage()) break;
          page = await page.getNextPage();
        }
        return models;
      } catch (error) {
        throw toModelError(error, context({ signal, url: `${baseURL}/v1/models` }));
      }
    },
  };
}
