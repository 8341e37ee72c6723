/**
 * What model servers on this computer answer about their models (issue 32), as their sources
 * send it (docs/local-model-servers.md): Ollama's /api/tags, /api/show and /api/ps, llama.cpp's
 * /props, and the /v1/models both serve. Only the fields Sift reads; a server is outside the page,
 * so every answer is parsed (adapters/local-models.ts).
 */
import { z } from 'zod';

/** A shape an answer is parsed with. */
export type Shape<T> = z.ZodType<T>;

export const ollamaTags = z.object({
  models: z.array(
    z.object({
      name: z.string(),
      details: z
        .object({
          parameter_size: z.string().optional(),
          quantization_level: z.string().optional(),
          context_length: z.number().optional(),
        })
        .partial()
        .optional(),
      capabilities: z.array(z.string()).optional(),
      /** Ollama's cloud models: where the server sends the requests on (api/types.go). */
      remote_host: z.string().optional(),
      remote_model: z.string().optional(),
    }),
  ),
});

export const ollamaShow = z.object({
  capabilities: z.array(z.string()).optional(),
  parameters: z.string().optional(),
  model_info: z.record(z.string(), z.unknown()).optional(),
});

export const ollamaPs = z.object({
  models: z.array(z.object({ name: z.string(), context_length: z.number().optional() })),
});

export const llamaProps = z.object({
  default_generation_settings: z.object({ n_ctx: z.number() }).partial().optional(),
  modalities: z.object({ vision: z.boolean() }).partial().optional(),
});

export const modelList = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      display_name: z.string().optional(),
      meta: z.object({ n_ctx_train: z.number() }).partial().nullable().optional(),
    }),
  ),
});
