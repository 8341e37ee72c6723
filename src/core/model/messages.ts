/**
 * The slice of the Messages API's message format the agent speaks. Kept here rather than imported
 * from the SDK so the core stays free of it; the shapes are the wire format, so the SDK adapter
 * passes them through unchanged.
 */

export interface CacheControl {
  type: 'ephemeral';
}

export interface TextBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/**
 * A picture Sift made itself (a chart it drew, as PNG), sent inline: never a URL source, which
 * would have the API fetch something on Sift's behalf.
 */
export interface ImageBlock {
  type: 'image';
  source: { type: 'base64'; media_type: 'image/png'; data: string };
}

/** What a tool result holds besides plain text: its text and the image it shows the model. */
export type ToolResultContent = string | Array<Omit<TextBlock, 'cache_control'> | ImageBlock>;

export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: ToolResultContent;
  is_error?: boolean;
  cache_control?: CacheControl;
}

/**
 * Newer models think adaptively by default; with tool use the API wants a reply's thinking
 * blocks sent back unchanged, so they are kept in the history (never shown).
 */
export interface ThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export type AssistantBlock = TextBlock | ToolUseBlock | ThinkingBlock | RedactedThinkingBlock;
export type UserBlock = TextBlock | ToolResultBlock;

export type Message =
  { role: 'user'; content: UserBlock[] } | { role: 'assistant'; content: AssistantBlock[] };

/** A tool as the model sees it: a name, what it is for, and a JSON Schema of its input. */
export interface ToolSpec {
  name: string;
  description: string;
  input_schema: { type: 'object'; [key: string]: unknown };
  cache_control?: CacheControl;
}
