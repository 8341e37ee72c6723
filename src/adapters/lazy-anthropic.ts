/**
 * The Anthropic client, loaded on first use: the SDK is a separate chunk that a person who only
 * profiles and queries their data never downloads.
 */
import { ModelError } from '../core/model/client.ts';
import type { AnthropicModelClient } from '../state/ports.ts';
import type { AnthropicClientOptions } from './anthropic-client.ts';
import { offlineMessage } from './offline-message.ts';

export function lazyAnthropicClient(options: AnthropicClientOptions): AnthropicModelClient {
  let client: Promise<AnthropicModelClient> | null = null;
  const load = async () => {
    try {
      return (await import('./anthropic-client.ts')).createAnthropicClient(options);
    } catch {
      // The chunk could not be fetched (offline with no service worker yet, a server gone): a
      // model error the page shows like any other, tried again on the next call.
      client = null;
      const host = new URL(options.baseURL ?? 'https://api.anthropic.com').host;
      throw new ModelError(
        'network',
        options.isOffline?.()
          ? offlineMessage(host)
          : 'Sift could not load its model client from this site. Reload the page and try again.',
      );
    }
  };
  const get = () => (client ??= load());
  return {
    complete: async (request, callOptions) => (await get()).complete(request, callOptions),
    listModels: async (signal) => (await get()).listModels(signal),
  };
}
