/**
 * A repository long enough for deep pages (450 issues, 320 comments, most on issue 1), whose
 * timestamps and comment counts repeat a lot so ties must be broken by number, and the reference
 * its lists are held to: filter and sort in memory, then slice.
 */
import type { ListParams } from '../../src/shared/list-params';
import type { ImportedComment, ImportedIssue } from '../../src/server/store/import-schema';

export const DEEP_ISSUES = 450;
export const DEEP_LABELS = ['bug', 'docs', 'perf'];
export const DEEP_LOGINS = ['ann', 'ben', 'cat'];
export const DEEP_BASE_MS = Date.UTC(2024, 0, 1);
export const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A small deterministic generator; timestamps and comment counts repeat a lot, so ties must be broken by number. */
function prng(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

export function makeDeepData(seed: number, count: number): { issues: ImportedIssue[]; comments: ImportedComment[] } {
  const rand = prng(seed);
  const issues = Array.from({ length: count }, (_, i): ImportedIssue => {
    const created = DEEP_BASE_MS + rand(40) * 3600_000;
    return {
      number: i + 1,
      title: `Issue ${i + 1}`,
      user: { login: DEEP_LOGINS[rand(3)]! },
      labels: DEEP_LABELS.filter(() => rand(3) === 0),
      state: rand(3) === 0 ? 'closed' : 'open',
      locked: false,
      assignees: rand(2) === 0 ? [{ login: DEEP_LOGINS[rand(3)]! }] : [],
      milestone: rand(4) === 0 ? { number: 1 + rand(2), title: 'M' } : null,
      comments: rand(4),
      created_at: iso(created),
      updated_at: iso(created + rand(30) * 3600_000),
      body: 'text',
    };
  });
  const comments = Array.from({ length: 320 }, (_, i): ImportedComment => {
    const created = DEEP_BASE_MS + rand(25) * 3600_000;
    // Most comments on issue 1, so its own list has deep pages too.
    const issue = i < 260 ? 1 : 2 + rand(count - 1);
    return {
      id: 5000 + i,
      issue_url: `https://api.github.com/repos/o/r/issues/${issue}`,
      user: { login: 'ann' },
      created_at: iso(created),
      updated_at: iso(created + rand(10) * 3600_000),
      body: 'c',
    };
  });
  return { issues, comments };
}

export type DeepRow = { number: number; state: string; created: string; updated: string; comments: number; creator: string; labels: string[]; assignees: string[]; milestone: number | null };

export function deepRowsOf(issues: ImportedIssue[]): DeepRow[] {
  return issues.map((i) => ({
    number: i.number,
    state: i.state,
    created: i.created_at,
    updated: i.updated_at,
    comments: i.comments,
    creator: i.user?.login ?? '',
    labels: i.labels.map((l) => (typeof l === 'string' ? l : l.name)),
    assignees: (i.assignees ?? []).map((a) => a.login),
    milestone: i.milestone?.number ?? null,
  }));
}

/** The reference: filter and sort in memory, then slice. */
export function expectedDeepPage(rows: DeepRow[], p: ListParams): { total: number; numbers: number[] } {
  const key = (r: DeepRow): string | number => (p.sort === 'created' ? r.created : p.sort === 'updated' ? r.updated : r.comments);
  const selected = rows.filter(
    (r) =>
      (p.state === 'all' || r.state === p.state) &&
      (p.since === null || r.updated >= p.since) &&
      (p.creator === null || r.creator === p.creator) &&
      (p.assignee === null || (p.assignee === '*' ? r.assignees.length > 0 : p.assignee === 'none' ? r.assignees.length === 0 : r.assignees.includes(p.assignee))) &&
      (p.milestone === null || (p.milestone === '*' ? r.milestone !== null : p.milestone === 'none' ? r.milestone === null : r.milestone === Number(p.milestone))) &&
      p.labels.every((l) => r.labels.includes(l)),
  );
  const sign = p.direction === 'asc' ? 1 : -1;
  selected.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return sign * (ka < kb ? -1 : ka > kb ? 1 : a.number - b.number);
  });
  const start = (p.page - 1) * p.perPage;
  return { total: selected.length, numbers: selected.slice(start, start + p.perPage).map((r) => r.number) };
}
