/**
 * How many end-to-end files run at once. The suite kept both cores about 80 % busy with one file
 * at a time (vmstat, 2026-12-03), yet a file also waits — on a page's boot, on a stream's pacing —
 * and a second file fills those waits. Each runner has a model mock of its own (mock-url.ts).
 */
export const E2E_WORKERS = 2;
