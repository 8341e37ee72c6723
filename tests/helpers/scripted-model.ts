/**
 * A scripted model for the loop's unit tests (vercel/ai's mock-language-model habit): returns
 * canned replies in order, streams their text and tool inputs through onEvent, and records every
 * request so tests can assert what the model was sent.
 */
import {
  ModelError,
  type CallOptions,
  type ModelClient,
  type ModelReply,
  type ModelRequest,
  type StopReason,
} from '../../src/core/model/client.ts';
import type { AssistantBlock } from '../../src/core/model/messages.ts';

export interface ScriptedReply {
  text?: string;
  /** `id` fixes the call's id (a later step can name it); otherwise one is made up. */
  tools?: Array<{ name: string; input: unknown; id?: string }>;
  stopReason?: StopReason;
  usage?: Partial<ModelReply['usage']>;
}

export type ScriptStep =
  | ScriptedReply
  | { error: ModelError }
  /** Waits until the request is aborted, then fails as the SDK does. */
  | { hang: true }
  /**
   * Streams the reply, then fails with `kind` as a dropped connection (or Stop) does: the first
   * `wholeTools` tool calls arrive whole, the next one half-way, and the error carries what
   * arrived as `partial`, as the SDK adapter hands it back.
   */
  | { cut: ScriptedReply; wholeTools: number; kind?: 'network' | 'aborted' };

let ids = 0;

export function toolUse(name: string, input: unknown, id?: string): AssistantBlock {
  return { type: 'tool_use', id: id ?? `toolu_test_${++ids}`, name, input };
}

export class ScriptedModel implements ModelClient {
  readonly requests: ModelRequest[] = [];
  readonly #steps: ScriptStep[];

  constructor(steps: ScriptStep[]) {
    this.#steps = [...steps];
  }

  get remaining(): number {
    return this.#steps.length;
  }

  async complete(request: ModelRequest, { signal, onEvent }: CallOptions): Promise<ModelReply> {
    // A deep copy: the loop must not rely on mutating what it sent.
    this.requests.push(structuredClone(request));
    const step = this.#steps.shift();
    if (!step) throw new Error('The scripted model ran out of replies.');
    if ('error' in step) throw step.error;
    if ('hang' in step)
      return new Promise((_, reject) => {
        const abort = () => reject(new ModelError('aborted', 'Request was aborted.'));
        if (signal.aborted) abort();
        else signal.addEventListener('abort', abort, { once: true });
      });
    if ('cut' in step) {
      const { cut, wholeTools, kind = 'network' } = step;
      const whole = this.#stream({ ...cut, tools: cut.tools?.slice(0, wholeTools) }, onEvent);
      const next = cut.tools?.[wholeTools];
      if (next) {
        const json = JSON.stringify(next.input);
        const block = toolUse(next.name, next.input) as Extract<
          AssistantBlock,
          { type: 'tool_use' }
        >;
        this.#streamInput(block, json.slice(0, Math.ceil(json.length / 2)), whole.length, onEvent);
      }
      throw new ModelError(kind, 'The connection was lost in the middle of the reply.', {
        partial: whole,
      });
    }
    const content = this.#stream(step, onEvent);
    return {
      content,
      stopReason: step.stopReason ?? (step.tools?.length ? 'tool_use' : 'end_turn'),
      usage: {
        inputTokens: 1_000,
        outputTokens: 100,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        ...step.usage,
      },
      model: request.model,
    };
  }

  /** Streams a reply's text and tool inputs through onEvent; returns its blocks. */
  #stream(step: ScriptedReply, onEvent: CallOptions['onEvent']): AssistantBlock[] {
    const content: AssistantBlock[] = [];
    if (step.text) {
      for (const piece of step.text.match(/.{1,7}/gs) ?? [])
        onEvent?.({ type: 'text', index: 0, delta: piece });
      content.push({ type: 'text', text: step.text });
    }
    for (const t of step.tools ?? []) {
      const block = toolUse(t.name, t.input, t.id) as Extract<AssistantBlock, { type: 'tool_use' }>;
      this.#streamInput(block, JSON.stringify(t.input), content.length, onEvent);
      content.push(block);
    }
    return content;
  }

  /** The input arrives in pieces, as from the SDK: the raw JSON grows and the parse lags. */
  #streamInput(
    block: Extract<AssistantBlock, { type: 'tool_use' }>,
    json: string,
    index: number,
    onEvent: CallOptions['onEvent'],
  ): void {
    for (let end = 9; end < json.length + 9; end += 9)
      onEvent?.({
        type: 'tool_input',
        index,
        id: block.id,
        name: block.name,
        partial: {},
        json: json.slice(0, end),
      });
  }
}
