/** Saving what the page shows (a table's CSV, a chart's PNG or SVG, a report) as a file. */

/** Every download's name follows one rule: "<session title> – <what>.<ext>" (core/file-name.ts). */
export { fileNameFor } from '../../core/file-name.ts';

/** Starts a download of `blob` as `fileName` through a temporary `<a download>`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL only has to outlive it briefly.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The bytes of a base64 `data:` URL (vega's PNG export) as a Blob. Decoded here because
 * `fetch(dataUrl)` would be refused by our CSP's connect-src.
 */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
