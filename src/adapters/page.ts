/** The page itself: its last moment, links out of it, and files from its own origin. */

/** Runs `listener` as the page goes away (a reload, a closed tab, a navigation). */
export function onPageHide(listener: () => void): void {
  addEventListener('pagehide', listener);
}

/** Opens `url` in a new tab that cannot reach back into this one. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** A file served by the app at `url`, as a File named `name`. */
export async function fetchFile(url: string, name: string, type: string): Promise<File> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  return new File([await response.blob()], name, { type });
}
