/**
 * Would OPFS be faster than IndexedDB for a stored file? On a blank page of its own local origin
 * (127.0.0.1 is a secure context), the picked File is written to IndexedDB (one put) and to OPFS,
 * and each is read back, timed in the page (bench/reopen.mjs).
 */
import { createServer } from 'node:http';

/** A blank page for the storage comparison, on its own origin (127.0.0.1 is a secure context). */
export function scratchServer() {
  const html = '<!doctype html><title>scratch</title><input type="file" id="f" />';
  const server = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(html),
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }),
    ),
  );
}

/** Writes the File to IndexedDB (one put) and to OPFS, and reads each back, in `order`. */
export async function storageRun(page, url, file, order) {
  await page.goto(url);
  await page.setInputFiles('#f', file.path);
  return page.evaluate(async (order) => {
    const file = document.querySelector('#f').files[0];
    const req = (r) =>
      new Promise((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const idb = async () => {
      const open = indexedDB.open('scratch', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('files');
      const db = await req(open);
      let t = performance.now();
      const tx = db.transaction('files', 'readwrite');
      tx.objectStore('files').put(file, 'f');
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
      const writeMs = performance.now() - t;
      t = performance.now();
      const back = await req(db.transaction('files').objectStore('files').get('f'));
      const getMs = performance.now() - t;
      const bytes = (await back.arrayBuffer()).byteLength;
      db.close();
      return { writeMs, getMs, readMs: performance.now() - t, bytes };
    };
    const opfs = async () => {
      const dir = await navigator.storage.getDirectory();
      let t = performance.now();
      const handle = await dir.getFileHandle('f', { create: true });
      const w = await handle.createWritable();
      await w.write(file);
      await w.close();
      const writeMs = performance.now() - t;
      t = performance.now();
      const again = await navigator.storage.getDirectory();
      const back = await (await again.getFileHandle('f')).getFile();
      const getMs = performance.now() - t;
      const bytes = (await back.arrayBuffer()).byteLength;
      return { writeMs, getMs, readMs: performance.now() - t, bytes };
    };
    const out = {};
    for (const name of order) out[name] = await (name === 'idb' ? idb : opfs)();
    return out;
  }, order);
}
