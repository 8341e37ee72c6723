/**
 * Scripts a mock started in another process (the end-to-end tests' global setup) through its
 * HTTP control API: the same operations as the in-process handle.
 */
import type { ModelsSetting, RecordedRequest, Step } from './types.ts';

export interface MockControl {
  script(steps: Step[]): Promise<void>;
  reset(): Promise<void>;
  requests(): Promise<RecordedRequest[]>;
  setModels(setting: ModelsSetting): Promise<void>;
}

/** One call of a mock's control API at `url` (this mock's and the local ones', tests/mock-local). */
export function controlCall(url: string) {
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(new URL(path, url), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`mock control ${path}: ${response.status} ${await response.text()}`);
    }
    return response.json();
  };
}

export function mockControl(url: string): MockControl {
  const call = controlCall(url);
  return {
    script: async (steps) => void (await call('POST', '/__mock/script', steps)),
    reset: async () => void (await call('POST', '/__mock/reset')),
    requests: async () => (await call('GET', '/__mock/requests')) as RecordedRequest[],
    setModels: async (setting) => void (await call('POST', '/__mock/models', setting)),
  };
}
