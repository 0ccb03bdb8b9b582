// The demo's issue types and sub-issue trees (issue 47): what a reader of acme/rocket sees.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../src/shared/wire-types';
import { buildDemoDataset, type DemoDataset } from './demo-dataset';

let dataset: DemoDataset;
let rocket: Issue[];
beforeAll(() => {
  dataset = buildDemoDataset();
  rocket = dataset.repositories.find((r) => r.owner === 'acme' && r.name === 'rocket')?.issues ?? [];
}, 60_000);

const parentOf = (issue: Issue): number | null => (issue.parent_issue_url ? Number(/\/issues\/(\d+)$/.exec(issue.parent_issue_url)?.[1]) : null);

describe('the demo issue types and sub-issues', () => {
  it("gives most of acme/rocket's issues one of GitHub's default types, and its pull requests none", () => {
    const issues = rocket.filter((i) => !i.pull_request);
    const typed = issues.filter((i) => i.type);
    expect(typed.length / issues.length).toBeGreaterThan(0.75);
    expect(new Set(typed.map((i) => i.type?.name))).toEqual(new Set(['Bug', 'Feature', 'Task']));
    expect(rocket.filter((i) => i.pull_request).every((i) => i.type === undefined)).toBe(true);
    expect(typed.filter((i) => i.labels.some((l) => l.name === 'bug')).every((i) => i.type?.name === 'Bug' || i.parent_issue_url)).toBe(true);
  });

  it('has several trees of sub-issues: most partly done, one finished, one two levels deep', () => {
    const byNumber = new Map(rocket.map((i) => [i.number, i]));
    const children = new Map<number, Issue[]>();
    for (const issue of rocket) {
      const parent = parentOf(issue);
      if (parent === null) continue;
      expect(byNumber.get(parent), `#${issue.number}'s parent #${parent}`).toBeDefined();
      expect(byNumber.get(parent)?.pull_request).toBeUndefined();
      children.set(parent, [...(children.get(parent) ?? []), issue]);
    }
    expect(children.size).toBeGreaterThanOrEqual(6);
    const done = (kids: Issue[]) => kids.filter((k) => k.state === 'closed').length;
    expect([...children.values()].filter((kids) => done(kids) > 0 && done(kids) < kids.length).length).toBeGreaterThanOrEqual(2);
    expect([...children.values()].some((kids) => done(kids) === kids.length)).toBe(true);
    expect([...children.keys()].some((n) => parentOf(byNumber.get(n) as Issue) !== null)).toBe(true);
  });

  it("records the type events on acme/rocket's timeline", () => {
    const events = dataset.repositories.find((r) => r.name === 'rocket')?.events ?? [];
    expect(events.filter((e) => e.event === 'issue_type_added').length).toBeGreaterThan(100);
    expect(events.some((e) => e.event === 'issue_type_changed' && e.prev_issue_type?.name === 'Task')).toBe(true);
  });

  it('records each sub-issue on both timelines, the parent\'s sub_issue_added and the child\'s parent_issue_added, and one removed again', () => {
    const events = dataset.repositories.find((r) => r.name === 'rocket')?.events ?? [];
    const linked = rocket.filter((i) => parentOf(i) !== null);
    for (const child of linked) {
      const added = events.find((e) => e.event === 'parent_issue_added' && e.issue.number === child.number);
      expect(added?.parent_issue, `#${child.number}`).toMatchObject({ number: parentOf(child), repository: { full_name: 'acme/rocket', private: false } });
      const onParent = events.find((e) => e.event === 'sub_issue_added' && e.issue.number === parentOf(child) && e.sub_issue?.number === child.number);
      expect(onParent?.created_at).toBe(added?.created_at);
      expect(Date.parse(added?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(child.created_at));
    }
    const removed = events.filter((e) => e.event === 'sub_issue_removed' || e.event === 'parent_issue_removed');
    expect(removed.map((e) => e.event).sort()).toEqual(['parent_issue_removed', 'sub_issue_removed']);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(buildDemoDataset().repositories.find((r) => r.name === 'rocket')?.events).toEqual(events);
  });
});
