/** Quoting for SQL built by Sift itself. User and model SQL is never spliced through these. */

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
