/**
 * What the page says when a model call fails with the browser offline. Its own module so that
 * the lazy client (lazy-anthropic.ts) can say it without pulling in the SDK.
 */

/** Without a network only the model is out of reach: the message says what still works. */
export function offlineMessage(host: string): string {
  return (
    `This browser is offline, so Claude (${host}) cannot be reached. Your tables, profiles, ` +
    `queries and sessions still work here; ask again when you are back online.`
  );
}
