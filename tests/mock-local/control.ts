/**
 * Scripts a local mock started in another process (e.g. an end-to-end global setup) through its
 * HTTP control API: the same operations as the in-process handle, async.
 */
import { controlCall } from '../mock-anthropic/control.ts';
import type { LocalModel, LocalRecordedRequest, LocalStep } from './types.ts';

export interface MockLocalControl {
  script(steps: LocalStep[]): Promise<void>;
  reset(): Promise<void>;
  requests(): Promise<LocalRecordedRequest[]>;
  setModels(models: LocalModel[]): Promise<void>;
  setNumCtx(n: number): Promise<void>;
  setOrigins(origins: string[] | '*'): Promise<void>;
}

export function mockLocalControl(url: string): MockLocalControl {
  const call = controlCall(url);
  return {
    script: async (steps) => void (await call('POST', '/__mock/script', steps)),
    reset: async () => void (await call('POST', '/__mock/reset')),
    requests: async () => (await call('GET', '/__mock/requests')) as LocalRecordedRequest[],
    setModels: async (models) => void (await call('POST', '/__mock/models', models)),
    setNumCtx: async (numCtx) => void (await call('POST', '/__mock/num-ctx', { numCtx })),
    setOrigins: async (origins) => void (await call('POST', '/__mock/origins', { origins })),
  };
}
