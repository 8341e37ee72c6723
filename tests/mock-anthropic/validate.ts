/**
 * The Messages API's request checks that an agent loop can trip over: the mock answers them with
 * a 400 like the real API does, so a malformed history fails in tests instead of in production.
 * Messages are modelled on the API's own wording.
 */

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Blocks of a message's content; a string content counts as one text block. */
function blocksOf(content: unknown): Obj[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.filter(isObj) : [];
}

function countCacheControl(items: unknown): number {
  if (!Array.isArray(items)) return 0;
  return items.filter((item) => isObj(item) && item.cache_control != null).length;
}

function checkTools(tools: unknown): string | null {
  if (tools === undefined) return null;
  if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
  const names = new Set<string>();
  for (const [i, tool] of tools.entries()) {
    if (!isObj(tool)) return `tools.${i}: Input should be an object`;
    const name = tool.name;
    if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,128}$/.test(name)) {
      return `tools.${i}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`;
    }
    if (names.has(name)) return `tools: Tool names must be unique. Duplicate: ${name}`;
    names.add(name);
    if (!isObj(tool.input_schema) || tool.input_schema.type !== 'object') {
      return `tools.${i}.input_schema.type: Input should be 'object'`;
    }
  }
  return null;
}

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** A tool result's content: a string, or text and image blocks (images by base64 or URL). */
function checkResultContent(content: unknown, at: string): string | null {
  if (typeof content === 'string' || content === undefined) return null;
  if (!Array.isArray(content)) return `${at}: Input should be a valid string or list`;
  for (const [j, b] of content.entries()) {
    if (!isObj(b)) return `${at}.${j}: Input should be an object`;
    if (b.type === 'text') {
      if (typeof b.text !== 'string' || b.text === '')
        return `${at}.${j}.text: text content blocks must be non-empty`;
    } else if (b.type === 'image') {
      const source = b.source;
      if (!isObj(source)) return `${at}.${j}.source: Field required`;
      if (source.type === 'base64') {
        if (!IMAGE_TYPES.includes(String(source.media_type)))
          return `${at}.${j}.source.media_type: Input should be ${IMAGE_TYPES.join(', ')}`;
        if (typeof source.data !== 'string' || source.data === '')
          return `${at}.${j}.source.data: Field required`;
      } else if (source.type !== 'url') {
        return `${at}.${j}.source.type: Input should be 'base64' or 'url'`;
      }
    } else return `${at}.${j}.type: Input should be 'text' or 'image'`;
  }
  return null;
}

function checkMessage(message: unknown, i: number): string | null {
  if (!isObj(message)) return `messages.${i}: Input should be an object`;
  if (message.role !== 'user' && message.role !== 'assistant') {
    return `messages.${i}.role: Input should be 'user' or 'assistant'`;
  }
  const { content } = message;
  if (typeof content === 'string') {
    return content.length === 0 ? `messages.${i}: content must be non-empty` : null;
  }
  if (!Array.isArray(content)) return `messages.${i}.content: Input should be a valid list`;
  if (content.length === 0) return `messages.${i}: all messages must have non-empty content`;
  for (const [k, block] of content.entries()) {
    if (!isObj(block)) return `messages.${i}.content.${k}: Input should be an object`;
    if (block.type === 'text' && (typeof block.text !== 'string' || block.text === '')) {
      return `messages.${i}.content.${k}.text: text content blocks must be non-empty`;
    }
    if (block.type === 'tool_use' && message.role !== 'assistant') {
      return `messages.${i}.content.${k}: tool_use blocks can only appear in assistant messages`;
    }
    if (block.type === 'tool_result' && message.role !== 'user') {
      return `messages.${i}.content.${k}: tool_result blocks can only appear in user messages`;
    }
    if (block.type === 'tool_result') {
      const problem = checkResultContent(block.content, `messages.${i}.content.${k}.content`);
      if (problem) return problem;
    }
    if (block.type === 'tool_use' && (typeof block.id !== 'string' || !isObj(block.input))) {
      return `messages.${i}.content.${k}: tool_use blocks need a string id and an object input`;
    }
  }
  return null;
}

/** The tool_use / tool_result pairing rule between consecutive messages. */
function checkPairing(messages: Obj[]): string | null {
  for (const [i, message] of messages.entries()) {
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant') {
      const ids = blocks.filter((b) => b.type === 'tool_use').map((b) => String(b.id));
      if (ids.length === 0) continue;
      const next = messages[i + 1];
      const leading: string[] = [];
      if (next?.role === 'user') {
        for (const b of blocksOf(next.content)) {
          if (b.type !== 'tool_result') break;
          leading.push(String(b.tool_use_id));
        }
      }
      const missing = ids.filter((id) => !leading.includes(id));
      if (missing.length > 0) {
        return (
          `messages.${i + 1}: \`tool_use\` ids were found without \`tool_result\` blocks ` +
          `immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a ` +
          `corresponding \`tool_result\` block in the next message.`
        );
      }
    } else {
      const previous = messages[i - 1];
      const known =
        previous?.role === 'assistant'
          ? blocksOf(previous.content)
              .filter((b) => b.type === 'tool_use')
              .map((b) => String(b.id))
          : [];
      for (const [k, b] of blocks.entries()) {
        if (b.type === 'tool_result' && !known.includes(String(b.tool_use_id))) {
          return (
            `messages.${i}.content.${k}: unexpected \`tool_use_id\` found in \`tool_result\` ` +
            `blocks: ${String(b.tool_use_id)}. Each \`tool_result\` block must have a ` +
            `corresponding \`tool_use\` block in the previous message.`
          );
        }
      }
    }
  }
  return null;
}

/** Returns the API's error message for an invalid POST /v1/messages body, or null when valid. */
export function validateMessagesRequest(body: unknown): string | null {
  if (!isObj(body)) return 'The request body is not valid JSON.';
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return 'max_tokens: Input should be greater than or equal to 1';
  }
  if (!Array.isArray(body.messages)) return 'messages: Field required';
  if (body.messages.length === 0) return 'messages: at least one message is required';
  if (body.system !== undefined && typeof body.system !== 'string') {
    if (!Array.isArray(body.system)) return 'system: Input should be a valid string or list';
    for (const [k, b] of body.system.entries()) {
      if (!isObj(b) || b.type !== 'text' || typeof b.text !== 'string' || b.text === '') {
        return `system.${k}: system blocks must be non-empty text blocks`;
      }
    }
  }
  const toolsError = checkTools(body.tools);
  if (toolsError) return toolsError;
  for (const [i, message] of body.messages.entries()) {
    const error = checkMessage(message, i);
    if (error) return error;
  }
  const messages = body.messages as Obj[];
  if (messages[0]?.role !== 'user') return 'messages: first message must use the "user" role';
  const pairingError = checkPairing(messages);
  if (pairingError) return pairingError;
  const breakpoints =
    countCacheControl(body.system) +
    countCacheControl(body.tools) +
    messages.reduce((n, m) => n + countCacheControl(m.content), 0);
  if (breakpoints > 4) {
    return `A maximum of 4 blocks with cache_control may be provided. Found ${breakpoints}.`;
  }
  return null;
}
