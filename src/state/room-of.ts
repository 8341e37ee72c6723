/** Where this tab keeps its tables and the room there (core/data/room.ts), asked of both sides. */
import type { SiftEngine } from '../core/data/engine.ts';
import type { Room } from '../core/data/room.ts';
import type { StorageQuota } from './ports.ts';

export async function roomOf(
  engine: Pick<SiftEngine, 'info'>,
  quota: Pick<StorageQuota, 'figures'>,
): Promise<Room> {
  const [info, figures] = await Promise.all([
    engine.info(),
    quota.figures().catch(() => ({ usage: null, quota: null })),
  ]);
  const { usage, quota: allowed } = figures;
  return {
    // Large files go to a database file wherever the tab has one (resilient-engine.ts).
    storage: info.fileStorage ? 'file' : (info.storage ?? 'memory'),
    memoryLimitBytes: info.memoryLimitBytes ?? null,
    storageFreeBytes: usage !== null && allowed !== null ? Math.max(0, allowed - usage) : null,
  };
}
