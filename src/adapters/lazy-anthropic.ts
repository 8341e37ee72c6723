/**
 * The Anthropic client, loaded on first use: the SDK is a separate chunk that a person who only
 * profiles and queries their data never downloads.
 */
import type { AnthropicClientOptions, AnthropicModelClient } from './anthropic-client.ts';

export function lazyAnthropicClient(options: AnthropicClientOptions): AnthropicModelClient {
  let client: Promise<AnthropicModelClient> | null = null;
  const get = () =>
    (client ??= import('./anthropic-client.ts').then((m) => m.createAnthropicClient(options)));
  return {
    complete: async (request, callOptions) => (await get()).complete(request, callOptions),
    listModels: async (signal) => (await get()).listModels(signal),
  };
}
