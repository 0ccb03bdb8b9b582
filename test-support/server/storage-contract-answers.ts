/**
 * Reading a storage's answers as a client reads the JSON (numbers, titles, states in order), and
 * the reference order they are held to, so the contract never depends on an engine's row shapes.
 */
import type { ImportedIssue } from '../../src/server/store/import-schema';
import type { DocumentPage } from '../../src/server/store/records';

export interface Doc {
  number?: number;
  id?: number;
  title?: string;
  state?: string;
  body?: string | null;
  event?: string;
}

export function docs(page: DocumentPage): Doc[] {
  return page.documents.map((d) => JSON.parse(d) as Doc);
}

/** The outcome of `work` as a promise: an engine may throw at once (SQLite) or reject later. */
export const attempt = (work: () => unknown): Promise<unknown> => Promise.resolve().then(work);

export const numbers = (page: DocumentPage): number[] => docs(page).map((d) => d.number ?? -1);

/** The issues `makeIssues(count)` makes, filtered and ordered as a reference for the engine's answers. */
export function expectedNumbers(issues: ImportedIssue[], keep: (i: ImportedIssue) => boolean, by: (i: ImportedIssue) => string | number, descending: boolean): number[] {
  const kept = issues.filter(keep);
  kept.sort((a, b) => {
    const ka = by(a);
    const kb = by(b);
    const order = ka < kb ? -1 : ka > kb ? 1 : a.number - b.number;
    return descending ? -order : order;
  });
  return kept.map((i) => i.number);
}
