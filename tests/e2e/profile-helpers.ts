/** The profile table as the page shows it, and the wide CSV the profile tests read. */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Page } from 'playwright-core';

export interface ShownColumn {
  column: string;
  nonNull: number;
  unique: number;
  estimated?: true;
}

export async function shownProfile(page: Page): Promise<ShownColumn[]> {
  await page.waitForSelector('[data-testid="profile-table"][data-complete]', { timeout: 180_000 });
  return page.$$eval('[data-testid="profile-table"][data-complete] tbody tr[data-column]', (trs) =>
    trs.map((tr) => ({
      column: tr.getAttribute('data-column') ?? '',
      nonNull: Number(tr.getAttribute('data-non-null')),
      unique: Number(tr.getAttribute('data-unique')),
      ...(tr.hasAttribute('data-estimated') ? { estimated: true as const } : {}),
    })),
  );
}

/** `rows` × `cols` of ids, five regions, amounts with gaps and integers, seeded. */
export async function writeWideCsv(path: string, rows: number, cols: number): Promise<void> {
  const out = createWriteStream(path);
  const cats = ['north', 'south', 'east', 'west', 'centre'];
  out.write(Array.from({ length: cols }, (_, c) => `c${c}`).join(',') + '\n');
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let r = 0; r < rows; r++) {
    const fields: string[] = [];
    for (let c = 0; c < cols; c++) {
      if (c === 0) fields.push(String(r));
      else if (c % 4 === 1) fields.push(cats[Math.floor(rand() * cats.length)]!);
      else if (c % 4 === 2) fields.push(rand() < 0.1 ? '' : (rand() * 1000).toFixed(2));
      else fields.push(String(Math.floor(rand() * 100000)));
    }
    if (!out.write(fields.join(',') + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
