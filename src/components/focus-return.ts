/**
 * A panel that opens where the person is takes the focus, and gives it back when it closes to
 * what had it, unless the person has moved on meanwhile (the settings, the paste box, the drop
 * question). For an
 * `{@attach}`: focuses `target` (or the element attached to) and returns the cleanup.
 */
export function focusReturning(target: HTMLElement | null, otherwise?: () => void): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  target?.focus();
  return () => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!lost) return;
    if (opener?.isConnected) opener.focus();
    else otherwise?.();
  };
}
