/**
 * The issue a list returns to selected: the issue view puts its number in
 * the list's history state when it goes back to the list (`u`, "Back to
 * issues"), so the selection j/k made is not lost on the way (issue 45).
 */
const KEY = 'selectedIssue';

export function withSelectedIssue(state: unknown, number: number): Record<string, unknown> {
  return { ...(typeof state === 'object' && state !== null ? state : {}), [KEY]: number };
}

export function selectedIssueOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[KEY];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}
