/**
 * The demo dataset as records: built the same way every time, the users and
 * repositories the demo promises, numbered, dated and counted consistently,
 * with GitHub's ids and URLs.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_NOW_MS } from './demo-clock';
import { buildDemoDataset, type DemoDataset, type DemoRepository } from './demo-dataset';
import { numberOf, repositoryIn, TIMESTAMP, timestampsIn } from './demo-dataset-probes';
import { SECRET_TITLE_PATTERN } from './corpus/secret-plans-corpus';

let dataset: DemoDataset;

beforeAll(() => {
  dataset = buildDemoDataset();
});

const repo = (fullName: string): DemoRepository => repositoryIn(dataset, fullName);

describe('buildDemoDataset', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds the same dataset every time, down to the serialised bytes', () => {
    const again = buildDemoDataset();
    expect(again).toEqual(dataset);
    expect(JSON.stringify(again)).toBe(JSON.stringify(dataset));
  });

  it('never reads the machine clock or Math.random', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random called');
    });
    vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now called');
    });
    expect(() => buildDemoDataset()).not.toThrow();
  });

  it('survives a JSON round trip unchanged (plain wire data, no undefined values)', () => {
    expect(JSON.parse(JSON.stringify(dataset))).toStrictEqual(dataset);
  });

  it('has about 25 users, exactly one of them the dependabot[bot] bot', () => {
    expect(dataset.users.length).toBeGreaterThanOrEqual(22);
    expect(dataset.users.length).toBeLessThanOrEqual(28);
    expect(dataset.users.filter((u) => u.type === 'Bot')).toEqual([
      expect.objectContaining({ login: 'dependabot[bot]', type: 'Bot' }),
    ]);
    expect(new Set(dataset.users.map((u) => u.login)).size).toBe(dataset.users.length);
    expect(new Set(dataset.users.map((u) => u.id)).size).toBe(dataset.users.length);
  });

  it('holds the five repositories with the sizes the demo promises', () => {
    const sizes = Object.fromEntries(dataset.repositories.map((r) => [`${r.owner}/${r.name}`, r.issues.length]));
    expect(Object.keys(sizes).sort()).toEqual(['acme/launch-pad', 'acme/rocket', 'acme/secret-plans', 'acme/widgets', 'nebula/docs']);
    expect(sizes['acme/rocket']).toBeGreaterThanOrEqual(2300);
    expect(sizes['acme/rocket']).toBeLessThanOrEqual(2500);
    expect(sizes['acme/widgets']).toBeGreaterThanOrEqual(130);
    expect(sizes['acme/widgets']).toBeLessThanOrEqual(170);
    expect(sizes['nebula/docs']).toBeGreaterThanOrEqual(35);
    expect(sizes['nebula/docs']).toBeLessThanOrEqual(45);
    expect(sizes['acme/secret-plans']).toBeGreaterThanOrEqual(25);
    expect(sizes['acme/secret-plans']).toBeLessThanOrEqual(35);
    expect(sizes['acme/launch-pad']).toBeGreaterThanOrEqual(55);
    expect(sizes['acme/launch-pad']).toBeLessThanOrEqual(65);
  });

  it('makes acme/secret-plans the only private repository, with unmistakably secret titles', () => {
    expect(dataset.repositories.filter((r) => r.private).map((r) => `${r.owner}/${r.name}`)).toEqual(['acme/secret-plans']);
    for (const issue of repo('acme/secret-plans').issues) expect(issue.title).toMatch(SECRET_TITLE_PATTERN);
    for (const r of dataset.repositories.filter((x) => !x.private)) {
      for (const issue of r.issues) expect(issue.title).not.toMatch(/codename|confidential|embargoed/i);
    }
  });

  it('renames acme/launch-pad to acme/launchpad, and the source exists while the target does not', () => {
    expect(dataset.renames).toEqual([{ from: 'acme/launch-pad', to: 'acme/launchpad' }]);
    const names = dataset.repositories.map((r) => `${r.owner}/${r.name}`);
    expect(names).toContain('acme/launch-pad');
    expect(names).not.toContain('acme/launchpad');
  });

  it('numbers every repository 1..N without gaps or repeats, newest first as GitHub lists them', () => {
    for (const r of dataset.repositories) {
      const numbers = r.issues.map((i) => i.number);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => numbers.length - i));
    }
  });

  it('numbers entries in the order they were created', () => {
    for (const r of dataset.repositories) {
      const byNumber = [...r.issues].sort((a, b) => a.number - b.number);
      for (let i = 1; i < byNumber.length; i++) {
        expect(byNumber[i]!.created_at > byNumber[i - 1]!.created_at).toBe(true);
      }
    }
  });

  it('keeps state, closed_at and state_reason consistent', () => {
    for (const r of dataset.repositories) {
      for (const issue of r.issues) {
        if (issue.state === 'closed') {
          expect(issue.closed_at, `${r.name}#${issue.number}`).not.toBeNull();
          expect(['completed', 'not_planned']).toContain(issue.state_reason);
          expect(issue.closed_at! >= issue.created_at).toBe(true);
          expect(issue.updated_at >= issue.closed_at!).toBe(true);
        } else {
          expect(issue.state).toBe('open');
          expect(issue.closed_at, `${r.name}#${issue.number}`).toBeNull();
          expect([null, 'reopened']).toContain(issue.state_reason);
        }
      }
    }
  });

  it('gives pull requests, and only pull requests, pull_request and draft; merged_at only when closed', () => {
    for (const r of dataset.repositories) {
      for (const issue of r.issues) {
        const isPull = issue.html_url.includes('/pull/');
        expect('pull_request' in issue, `${r.name}#${issue.number}`).toBe(isPull);
        expect('draft' in issue).toBe(isPull);
        if (issue.pull_request) {
          expect(issue.pull_request.url).toBe(`https://api.github.com/repos/${r.owner}/${r.name}/pulls/${issue.number}`);
          expect(issue.pull_request.html_url).toBe(`https://github.com/${r.owner}/${r.name}/pull/${issue.number}`);
          expect(issue.pull_request.diff_url).toBe(`${issue.pull_request.html_url}.diff`);
          expect(issue.pull_request.patch_url).toBe(`${issue.pull_request.html_url}.patch`);
          if (issue.pull_request.merged_at !== null) {
            expect(issue.state).toBe('closed');
            expect(issue.pull_request.merged_at).toBe(issue.closed_at);
          }
        }
      }
    }
  });

  it('mixes about 30% pull requests into acme/rocket, closes about 35% and merges most closed pull requests', () => {
    const { issues } = repo('acme/rocket');
    const pulls = issues.filter((i) => i.pull_request);
    const closedPulls = pulls.filter((i) => i.state === 'closed');
    expect(pulls.length / issues.length).toBeGreaterThan(0.25);
    expect(pulls.length / issues.length).toBeLessThan(0.35);
    expect(issues.filter((i) => i.state === 'closed').length / issues.length).toBeGreaterThan(0.3);
    expect(issues.filter((i) => i.state === 'closed').length / issues.length).toBeLessThan(0.4);
    expect(closedPulls.filter((i) => i.pull_request?.merged_at).length / closedPulls.length).toBeGreaterThan(0.7);
    expect(pulls.some((i) => i.draft)).toBe(true);
  });

  it('writes every timestamp as whole seconds in UTC, and nothing after the demo clock', () => {
    const now = new Date(DEMO_NOW_MS).toISOString().replace('.000Z', 'Z');
    const found = timestampsIn(dataset.repositories);
    expect(found.length).toBeGreaterThan(10_000);
    for (const [key, value] of found) {
      expect(value, key).toMatch(TIMESTAMP);
      if (key !== 'due_on') expect((value as string) <= now, `${key} ${String(value)}`).toBe(true);
    }
  });

  it('never updates anything before it was created', () => {
    for (const r of dataset.repositories) {
      for (const issue of r.issues) expect(issue.updated_at >= issue.created_at).toBe(true);
      for (const comment of r.comments) expect(comment.updated_at >= comment.created_at).toBe(true);
    }
  });

  it('counts in `comments` exactly the comments generated for the entry, which come after it', () => {
    for (const r of dataset.repositories) {
      const byNumber = new Map(r.issues.map((i) => [i.number, i]));
      const counts = new Map<number, number>();
      for (const comment of r.comments) {
        const number = numberOf(comment);
        const issue = byNumber.get(number);
        expect(issue, `${r.name} comment ${comment.id} on missing #${number}`).toBeDefined();
        expect(comment.created_at > issue!.created_at).toBe(true);
        expect(comment.issue_url).toBe(`https://api.github.com/repos/${r.owner}/${r.name}/issues/${number}`);
        expect(comment.body.length).toBeGreaterThan(0);
        counts.set(number, (counts.get(number) ?? 0) + 1);
      }
      for (const issue of r.issues) expect(issue.comments, `${r.name}#${issue.number}`).toBe(counts.get(issue.number) ?? 0);
    }
  });

  it('has 0 to 12 comments per entry, about 2 on average, listed oldest first', () => {
    const { issues, comments } = repo('acme/rocket');
    expect(Math.max(...issues.map((i) => i.comments))).toBeLessThanOrEqual(12);
    expect(comments.length / issues.length).toBeGreaterThan(1.5);
    expect(comments.length / issues.length).toBeLessThan(3);
    for (const r of dataset.repositories) {
      for (let i = 1; i < r.comments.length; i++) expect(r.comments[i]!.created_at >= r.comments[i - 1]!.created_at).toBe(true);
    }
  });

  it('keeps ids and node_ids unique and comment ids unique across the whole dataset', () => {
    const issueIds = new Set<number>();
    const nodeIds = new Set<string>();
    const commentIds = new Set<number>();
    let issues = 0;
    let comments = 0;
    for (const r of dataset.repositories) {
      for (const issue of r.issues) {
        issues++;
        issueIds.add(issue.id);
        nodeIds.add(issue.node_id);
      }
      for (const comment of r.comments) {
        comments++;
        commentIds.add(comment.id);
        nodeIds.add(comment.node_id);
      }
    }
    expect(issueIds.size).toBe(issues);
    expect(commentIds.size).toBe(comments);
    expect(nodeIds.size).toBe(issues + comments);
  });

  it('fills GitHub-style URLs and avatar URLs', () => {
    for (const r of dataset.repositories) {
      const api = `https://api.github.com/repos/${r.owner}/${r.name}`;
      for (const issue of r.issues.slice(0, 50)) {
        expect(issue.url).toBe(`${api}/issues/${issue.number}`);
        expect(issue.repository_url).toBe(api);
        expect(issue.comments_url).toBe(`${api}/issues/${issue.number}/comments`);
        expect(issue.labels_url).toBe(`${api}/issues/${issue.number}/labels{/name}`);
        expect(issue.events_url).toBe(`${api}/issues/${issue.number}/events`);
        expect(issue.html_url).toBe(`https://github.com/${r.owner}/${r.name}/${issue.pull_request ? 'pull' : 'issues'}/${issue.number}`);
        expect(issue.user.avatar_url).toBe(`https://avatars.githubusercontent.com/u/${issue.user.id}?v=4`);
      }
    }
  });

  it('sets assignee to the first assignee, with 0 to 3 assignees', () => {
    for (const r of dataset.repositories) {
      for (const issue of r.issues) {
        expect(issue.assignees.length).toBeLessThanOrEqual(3);
        expect(issue.assignee).toEqual(issue.assignees[0] ?? null);
      }
    }
  });
});
