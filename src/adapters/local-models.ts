/**
 * The models a server on this computer offers, asked of the server itself (issue 32): Ollama's
 * `/api/tags`, `/api/show` and `/api/ps`; llama.cpp's `/v1/models` and `/props`; else any
 * `/v1/models`. Shapes as their sources send them (docs/local-model-servers.md); every answer is
 * parsed with zod, since a server is outside the page. Plain fetch: no key, no SDK.
 */
import type { ModelTraits } from '../core/model/provider.ts';
import {
  llamaProps,
  modelList,
  ollamaPs,
  ollamaShow,
  ollamaTags,
  type Shape,
} from '../core/model/local-server-shapes.ts';
import type { LocalServer, ModelInfo } from '../state/ports.ts';
import { refusalAdvice } from './local-errors.ts';

/** Ollama's num_ctx when nothing sets it on a machine with less than 23 GiB of VRAM (routes.go). */
export const OLLAMA_DEFAULT_CONTEXT = 4096;

type Get = <T>(path: string, schema: Shape<T>, body?: unknown) => Promise<T | null>;

/** A reader of `base`: null for an answer that is not 200 or not the shape; throws when unreachable. */
function reader(base: string, signal?: AbortSignal): Get {
  return async (path, schema, body) => {
    const response = await fetch(`${base}${path}`, {
      signal: signal ?? null,
      ...(body === undefined
        ? {}
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
    });
    if (!response.ok) return null;
    const parsed = schema.safeParse(await response.json().catch(() => null));
    return parsed.success ? parsed.data : null;
  };
}

/** `num_ctx 8192` in a Modelfile's parameters, which Ollama runs the model with. */
function numCtxOf(parameters: string | undefined): number | null {
  const match = /^num_ctx\s+(\d+)/m.exec(parameters ?? '');
  return match ? Number(match[1]) : null;
}

function trainedContext(info: Record<string, unknown> | undefined): number | null {
  const arch = info?.['general.architecture'];
  const value = typeof arch === 'string' ? info?.[`${arch}.context_length`] : undefined;
  return typeof value === 'number' ? value : null;
}

const detailOf = (parts: Array<string | undefined>) => parts.filter(Boolean).join(' · ');

async function ollamaModels(get: Get): Promise<ModelInfo[] | null> {
  const tags = await get('/api/tags', ollamaTags);
  if (!tags) return null;
  const loaded = new Map(
    ((await get('/api/ps', ollamaPs))?.models ?? []).map((m) => [m.name, m.context_length]),
  );
  return Promise.all(
    tags.models.map(async (m): Promise<ModelInfo> => {
      // Capabilities come with the list from about v0.30; /api/show has them in every version.
      const show = await get('/api/show', ollamaShow, { model: m.name });
      const capabilities = m.capabilities ?? show?.capabilities ?? [];
      const trained = m.details?.context_length ?? trainedContext(show?.model_info);
      // What the model runs with: as loaded now, or as its Modelfile sets, or Ollama's default;
      // never more than it was trained for (sched.go, effectiveContext).
      const runtime = loaded.get(m.name) ?? numCtxOf(show?.parameters) ?? OLLAMA_DEFAULT_CONTEXT;
      const traits: ModelTraits = {
        contextWindow: trained ? Math.min(trained, runtime) : runtime,
        tools: capabilities.includes('tools'),
        vision: capabilities.includes('vision'),
      };
      const remote = m.remote_host ? { remoteHost: m.remote_host } : {};
      return {
        id: m.name,
        displayName: m.name,
        traits,
        detail: m.remote_host
          ? `runs at ${m.remote_host.replace(/^https?:\/\//, '')}: data leaves this computer`
          : detailOf([m.details?.parameter_size, m.details?.quantization_level]),
        ...remote,
      };
    }),
  );
}

async function llamaCppModels(get: Get): Promise<ModelInfo[] | null> {
  const props = await get('/props', llamaProps);
  if (!props) return null;
  const list = await get('/v1/models', modelList);
  const window = props.default_generation_settings?.n_ctx ?? null;
  return (list?.data ?? [{ id: 'default', meta: null }]).map((m) => ({
    id: m.id,
    // A path to a .gguf file is the usual id: its file name says which model it is.
    displayName: m.id.split(/[\\/]/).at(-1) ?? m.id,
    // llama-server runs tools through the model's chat template (on by default, `--jinja`).
    traits: {
      contextWindow: window ?? m.meta?.n_ctx_train ?? null,
      tools: true,
      vision: props.modalities?.vision === true,
    },
  }));
}

async function otherModels(get: Get): Promise<ModelInfo[] | null> {
  const list = await get('/v1/models', modelList);
  return list
    ? list.data.map((m) => ({
        id: m.id,
        displayName: m.display_name ?? m.id,
        traits: { contextWindow: m.meta?.n_ctx_train ?? null, tools: true, vision: false },
      }))
    : null;
}

/**
 * The server at `base` and its models. Throws a TypeError when nothing answers (not running, or
 * refused by CORS: the browser does not say which); an answer in no known shape lists nothing.
 */
export async function readLocalServer(base: string, signal?: AbortSignal): Promise<LocalServer> {
  const get = reader(base.replace(/\/+$/, ''), signal);
  const ollama = await ollamaModels(get);
  if (ollama) return { url: base, name: 'Ollama', models: ollama };
  const llama = await llamaCppModels(get);
  if (llama) return { url: base, name: 'llama.cpp', models: llama };
  return { url: base, name: 'Model server', models: (await otherModels(get)) ?? [] };
}

/** Where the usual servers listen when started with their defaults. */
export const USUAL_LOCAL_SERVERS = ['http://localhost:11434', 'http://localhost:8080'];

/** The servers among `candidates` that answer, asked all at once. */
export async function findLocalServers(
  candidates: readonly string[] = USUAL_LOCAL_SERVERS,
  signal?: AbortSignal,
): Promise<LocalServer[]> {
  const found = await Promise.all(
    candidates.map((url) => readLocalServer(url, signal).catch(() => null)),
  );
  return found.filter((s): s is LocalServer => s !== null && s.models.length > 0);
}

/** The server at `url`, or an error that says in plain words why nothing answered. */
export async function explainedRead(url: string, signal?: AbortSignal): Promise<LocalServer> {
  try {
    return await readLocalServer(url, signal);
  } catch {
    const host = URL.canParse(url) ? new URL(url).host : url;
    const origin = typeof location === 'undefined' ? null : location.origin;
    throw new Error(`No model server answered at ${host}. ${refusalAdvice(url, origin)}`);
  }
}
