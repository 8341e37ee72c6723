/**
 * Starts a worker from a blob: URL that only loads the real script. A worker loaded by URL is
 * governed by the headers of its own response alone, so a policy in a <meta> tag would not reach
 * it; a blob worker inherits its creator's policy however that was delivered (ARCHITECTURE.md, Facts: CSP and workers).
 */
export function startBlobWorker(script: URL, options: WorkerOptions = {}): Worker {
  // Inside the blob nothing relative resolves (its base is the blob: URL), hence a full URL.
  const url = JSON.stringify(script.href);
  const source = options.type === 'module' ? `import ${url};` : `importScripts(${url});`;
  const blob = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  // Not revoked: the worker fetches it after the constructor returns, and it is a few bytes.
  return new Worker(blob, options);
}
