/** The model endpoint the person configured, checked before any key is sent to it. */

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** A clean base URL, or a reason it cannot be used. */
export function checkBaseUrl(
  raw: string,
): { ok: true; url: string } | { ok: false; message: string } {
  const text = raw.trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      message: `“${text}” is not a URL. It should look like ${DEFAULT_BASE_URL}.`,
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'The base URL must start with https://.' };
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && !local)
    return {
      ok: false,
      message: 'Use https:// — over plain http the key would travel unencrypted.',
    };
  if (url.username || url.password)
    return { ok: false, message: 'Put no credentials in the base URL.' };
  return { ok: true, url: url.href.replace(/\/+$/, '') };
}
