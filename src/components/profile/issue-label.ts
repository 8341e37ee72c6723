/**
 * The short name of a profile issue, for its chip: the words before the colon of the sentence
 * core/sql/profile.ts writes ("High null rate: 34% missing" → "High null rate"). A sentence with
 * no colon ("All values are missing") is short already and stays whole. The full sentence goes
 * in the chip's title and the column's details.
 */
export function issueLabel(issue: string): string {
  const colon = issue.indexOf(':');
  const label = (colon === -1 ? issue : issue.slice(0, colon)).trim();
  return label || issue.trim();
}
