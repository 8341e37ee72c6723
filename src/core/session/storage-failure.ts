/** What a failed write means for the person, in words. */
export function storageFailure(e: unknown): string {
  const name = e instanceof DOMException || e instanceof Error ? e.name : '';
  if (name === 'QuotaExceededError')
    return 'The browser’s storage for this site is full, so this session is no longer being saved. It keeps working in this tab; export it to keep a copy, or delete old sessions to make room.';
  const reason = e instanceof Error ? e.message : String(e);
  return `This session could not be saved (${reason}). It keeps working in this tab, but will be lost when the tab closes; export it to keep a copy.`;
}
