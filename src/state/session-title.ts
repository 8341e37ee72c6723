/** Until the model names it, a session is called after its files. */
export function fallbackTitle(fileNames: string[]): string {
  const [first = 'Untitled session', ...rest] = fileNames;
  return rest.length ? `${first} and ${rest.length} more` : first;
}
