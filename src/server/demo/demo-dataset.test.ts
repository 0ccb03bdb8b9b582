import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Issue, IssueComment } from '../../shared/wire-types';
import { DEMO_NOW_MS } from './demo-clock';
import { buildDemoDataset, type DemoDataset, type DemoRepository } from './demo-dataset';
import { BODY_MAX_CHARS, BODY_MIN_CHARS } from './corpus/markdown-blocks';
import { SECRET_TITLE_PATTERN } from './corpus/secret-plans-corpus';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const HEX_COLOUR = /^[0-9a-f]{6}$/;
/** `#123`, but not `&#123;`, `/#123` (URL fragments) or `abc#123` */
const REFERENCE = /(?<![\w&#/])#(\d+)(?!\w)/g;
const TASK_LIST = /^- \[[ x]\] /m;
const CODE_FENCE = /^```[a-z]+$/m;
const TABLE = /^\|.*\|\n\|(?: *:?-{3,}:? *\|)+$/m;
/** a picture as GitHub writes an upload: `<img width height alt src>` */
const DEMO_IMAGE = /<img width="(\d+)" height="(\d+)" alt="[^"]*" src="\/demo\/([a-z0-9-]+\.svg)">/g;
const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));

let dataset: DemoDataset;

beforeAll(() => {
  dataset = buildDemoDataset();
});

function repo(fullName: string): DemoRepository {
  const found = dataset.repositories.find((r) => `${r.owner}/${r.name}` === fullName);
  if (!found) throw new Error(`${fullName} is missing`);
  return found;
}

function numberOf(comment: IssueComment): number {
  const match = /\/issues\/(\d+)$/.exec(comment.issue_url);
  if (!match) throw new Error(`issue_url ${comment.issue_url} does not end in /issues/{number}`);
  return Number(match[1]);
}

function allBodies(r: DemoRepository): string[] {
  return [...r.issues.map((i) => i.body ?? ''), ...r.comments.map((c) => c.body)];
}

/** every `*_at` / `due_on` value anywhere in a JSON-like value */
function timestampsIn(value: unknown, found: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(value)) for (const item of value) timestampsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if ((key.endsWith('_at') || key === 'due_on') && inner !== null) found.push([key, inner]);
      else timestampsIn(inner, found);
    }
  }
  return found;
}

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

  it('gives each repository 5 to 14 labels with six-hex-digit colours, some without a description', () => {
    const rocketLabels = new Map<string, Issue['labels'][number]>();
    for (const r of dataset.repositories) {
      const labels = new Map<string, Issue['labels'][number]>();
      for (const issue of r.issues) {
        expect(issue.labels.length).toBeLessThanOrEqual(4);
        for (const label of issue.labels) {
          expect(label.color, label.name).toMatch(HEX_COLOUR);
          labels.set(label.name, label);
        }
      }
      expect(labels.size, r.name).toBeGreaterThanOrEqual(5);
      expect(labels.size, r.name).toBeLessThanOrEqual(14);
      if (r.name === 'rocket') for (const [name, label] of labels) rocketLabels.set(name, label);
    }
    expect(rocketLabels.size).toBeGreaterThanOrEqual(10);
    const descriptions = [...rocketLabels.values()].map((l) => l.description);
    expect(descriptions).toContain(null);
    expect(descriptions.filter((d) => d).length).toBeGreaterThan(descriptions.length / 2);
  });

  it('exercises label filters in nebula/docs with a label name containing a space and one with an emoji', () => {
    const names = new Set(repo('nebula/docs').issues.flatMap((i) => i.labels.map((l) => l.name)));
    expect([...names].some((n) => n.includes(' '))).toBe(true);
    expect([...names].some((n) => /\p{Extended_Pictographic}/u.test(n))).toBe(true);
  });

  it('uses proper milestone objects whose counts match the entries that carry them', () => {
    const { issues } = repo('acme/rocket');
    const titles = new Set(issues.flatMap((i) => (i.milestone ? [i.milestone.title] : [])));
    expect([...titles].sort()).toEqual(['v1.0', 'v1.1', 'v2.0']);
    for (const title of titles) {
      const carrying = issues.filter((i) => i.milestone?.title === title);
      const milestone = carrying[0]!.milestone!;
      expect(milestone.open_issues).toBe(carrying.filter((i) => i.state === 'open').length);
      expect(milestone.closed_issues).toBe(carrying.filter((i) => i.state === 'closed').length);
      if (milestone.state === 'closed') expect(milestone.open_issues).toBe(0);
    }
  });

  it('locks some entries with a reason, and only locked ones have one', () => {
    const { issues } = repo('acme/rocket');
    const locked = issues.filter((i) => i.locked);
    expect(locked.length).toBeGreaterThan(5);
    expect(new Set(locked.map((i) => i.active_lock_reason))).toEqual(new Set(['resolved', 'too heated']));
    for (const issue of issues.filter((i) => !i.locked)) expect(issue.active_lock_reason).toBeNull();
  });

  it('sets assignee to the first assignee, with 0 to 3 assignees', () => {
    for (const r of dataset.repositories) {
      for (const issue of r.issues) {
        expect(issue.assignees.length).toBeLessThanOrEqual(3);
        expect(issue.assignee).toEqual(issue.assignees[0] ?? null);
      }
    }
  });

  it('varies author_association and keeps reaction totals consistent and mostly zero', () => {
    const { issues } = repo('acme/rocket');
    const associations = new Set(issues.map((i) => i.author_association));
    for (const expected of ['MEMBER', 'COLLABORATOR', 'CONTRIBUTOR', 'NONE', 'FIRST_TIME_CONTRIBUTOR']) expect(associations).toContain(expected);
    expect(new Set(repo('nebula/docs').issues.map((i) => i.author_association))).toContain('OWNER');
    let zero = 0;
    for (const issue of issues) {
      const { url: _url, total_count, ...counts } = issue.reactions!;
      expect(total_count).toBe(Object.values(counts).reduce((a, b) => a + b, 0));
      if (total_count === 0) zero++;
    }
    expect(zero / issues.length).toBeGreaterThan(0.5);
  });

  it("lets dependabot[bot] open dependency pull requests titled the way GitHub titles them", () => {
    const fromBot = repo('acme/rocket').issues.filter((i) => i.user.login === 'dependabot[bot]');
    expect(fromBot.length).toBeGreaterThan(20);
    for (const pull of fromBot) {
      expect(pull.pull_request).toBeDefined();
      expect(pull.title).toMatch(/^Bump \S+ from \S+ to \S+( in \/\S+)?$/);
      expect(pull.labels.map((l) => l.name)).toContain('dependencies');
    }
    expect(new Set(fromBot.map((p) => p.title)).size).toBe(fromBot.length);
  });

  it('leaves no template token unfilled in any title or body', () => {
    const token = /\{(?:s|sName|version|nextMinor|product|scope|project|region|os|node|pm|prop|template|cwd|page|pageSlug|reader|browser|framework|kbdStop|file)\}/;
    for (const r of dataset.repositories) {
      for (const issue of r.issues) {
        expect(issue.title, `${r.name}#${issue.number}`).not.toMatch(token);
        expect(issue.body ?? '', `${r.name}#${issue.number}`).not.toMatch(token);
      }
      for (const comment of r.comments) expect(comment.body, `${r.name} comment ${comment.id}`).not.toMatch(token);
    }
  });

  it('never repeats a title prefix ("Template request: Template request: …")', () => {
    for (const r of dataset.repositories) {
      for (const issue of r.issues) expect(issue.title, `${r.name}#${issue.number}`).not.toMatch(/^([^:]{3,40}: )\1/i);
    }
  });

  it('tells a believable history: closers, merges, labels and assignments as events of existing entries', () => {
    const rocket = repo('acme/rocket');
    const byNumber = new Map(rocket.issues.map((i) => [i.number, i]));
    for (const event of rocket.events) {
      const issue = byNumber.get(event.issue.number);
      expect(issue, `event ${event.id}`).toBeDefined();
      expect(event.created_at >= (issue?.created_at ?? '')).toBe(true);
      expect(Date.parse(event.created_at)).toBeLessThanOrEqual(DEMO_NOW_MS);
    }
    const eventsOf = (n: number, kind: string) => rocket.events.filter((e) => e.issue.number === n && e.event === kind);
    const closed = rocket.issues.filter((i) => i.state === 'closed');
    // Every closed entry has the event that closed it, at its closed_at; most were closed by someone other than the author.
    for (const issue of closed) expect(eventsOf(issue.number, 'closed').at(-1)?.created_at, `#${issue.number}`).toBe(issue.closed_at);
    const byOthers = closed.filter((i) => eventsOf(i.number, 'closed').at(-1)?.actor?.login !== i.user.login);
    expect(byOthers.length / closed.length).toBeGreaterThan(0.6);
    for (const pull of rocket.issues.filter((i) => i.pull_request?.merged_at)) {
      expect(eventsOf(pull.number, 'merged')[0]?.commit_id, `#${pull.number}`).toMatch(/^[0-9a-f]{40}$/);
    }
    for (const issue of rocket.issues) {
      const labeled = new Set(eventsOf(issue.number, 'labeled').map((e) => e.label?.name));
      for (const label of issue.labels) expect(labeled.has(label.name), `#${issue.number} ${label.name}`).toBe(true);
      expect(eventsOf(issue.number, 'assigned').length).toBe(issue.assignees.length);
    }
    const kinds = new Set(rocket.events.map((e) => e.event));
    for (const kind of ['labeled', 'unlabeled', 'assigned', 'milestoned', 'renamed', 'closed', 'reopened', 'merged', 'locked']) expect(kinds).toContain(kind);
    const ids = dataset.repositories.flatMap((r) => r.events.map((e) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps titles varied: nearly all distinct, none of them placeholders', () => {
    const { issues } = repo('acme/rocket');
    expect(new Set(issues.map((i) => i.title)).size / issues.length).toBeGreaterThan(0.97);
    for (const issue of issues) expect(issue.title).not.toMatch(/^(Issue|PR|Pull request) \d+$/);
  });

  it('keeps bodies between 200 and 4,000 characters, apart from a few deliberately null or empty ones', () => {
    let empty = 0;
    let total = 0;
    for (const r of dataset.repositories) {
      for (const issue of r.issues) {
        total++;
        if (issue.body === null || issue.body === '') {
          empty++;
          continue;
        }
        expect(issue.body.length, `${r.name}#${issue.number}`).toBeGreaterThanOrEqual(BODY_MIN_CHARS);
        expect(issue.body.length, `${r.name}#${issue.number}`).toBeLessThanOrEqual(BODY_MAX_CHARS);
      }
    }
    expect(empty).toBeGreaterThan(0);
    expect(empty / total).toBeLessThan(0.02);
    const bodies = repo('acme/rocket').issues.map((i) => i.body);
    expect(bodies).toContain(null);
    expect(bodies).toContain('');
  });

  it('points every #N in bodies and comments at an existing entry of the same repository', () => {
    for (const r of dataset.repositories) {
      const numbers = new Set(r.issues.map((i) => i.number));
      let references = 0;
      for (const text of allBodies(r)) {
        for (const match of text.matchAll(REFERENCE)) {
          references++;
          expect(numbers.has(Number(match[1])), `${r.name}: #${match[1]}`).toBe(true);
        }
      }
      if (r.issues.length > 100) expect(references).toBeGreaterThan(r.issues.length / 10);
    }
  });

  it('only @mentions people who exist (or GitHub commands to @dependabot)', () => {
    const logins = new Set(dataset.users.map((u) => u.login.toLowerCase()));
    let mentions = 0;
    for (const r of dataset.repositories) {
      for (const text of allBodies(r)) {
        // code and link texts are not mentions on GitHub either
        const prose = text
          .replace(/```[\s\S]*?```/g, '')
          .replace(/`[^`\n]*`/g, '')
          .replace(/<code>[\s\S]*?<\/code>/g, '');
        for (const match of prose.matchAll(/(?<![\w/[.@])@([a-z\d][a-z\d-]*(?:\[bot\])?)/gi)) {
          mentions++;
          const login = match[1]!.toLowerCase();
          expect(logins.has(login) || login === 'dependabot', `${r.name}: @${match[1]}`).toBe(true);
        }
      }
    }
    expect(mentions).toBeGreaterThan(100);
  });

  it('shows off the Markdown: task lists, fenced code, tables and images in a good share of bodies', () => {
    const bodies = repo('acme/rocket').issues.flatMap((i) => (i.body ? [i.body] : []));
    const share = (pattern: RegExp) => bodies.filter((b) => new RegExp(pattern.source, pattern.flags.replace('g', '')).test(b)).length / bodies.length;
    expect(share(TASK_LIST)).toBeGreaterThan(0.15);
    expect(share(CODE_FENCE)).toBeGreaterThan(0.3);
    expect(share(TABLE)).toBeGreaterThan(0.08);
    expect(share(DEMO_IMAGE)).toBeGreaterThan(0.05);
    // and the rest of GitHub-flavoured Markdown somewhere
    const all = allBodies(repo('acme/rocket')).join('\n');
    for (const lang of ['ts', 'js', 'bash', 'json', 'diff', 'python', 'rust']) expect(all).toContain(`\`\`\`${lang}\n`);
    for (const feature of ['<details>', '<summary>', '<kbd>', '> [!NOTE]', '> [!WARNING]', '[^1]', '~~', '- [x] ', '- [ ] ', '### ', '<https://']) {
      expect(all, feature).toContain(feature);
    }
  });

  it('shows task-list progress: some bodies have both done and open tasks', () => {
    const mixed = repo('acme/rocket').issues.filter((i) => i.body && /^- \[x\] /m.test(i.body) && /^- \[ \] /m.test(i.body));
    expect(mixed.length).toBeGreaterThan(100);
  });

  it('only shows images that exist in public/demo as small hand-written SVGs, sized as they are', () => {
    const files = new Map<string, string>();
    for (const r of dataset.repositories) {
      for (const text of allBodies(r)) {
        expect(text, 'a picture without its size').not.toMatch(/!\[[^\]]*\]\(\/demo\//);
        for (const match of text.matchAll(DEMO_IMAGE)) files.set(match[3]!, `width="${match[1]}" height="${match[2]}"`);
      }
    }
    expect(files.size).toBeGreaterThanOrEqual(3);
    for (const [file, size] of files) {
      const path = `${PUBLIC_DIR}/demo/${file}`;
      expect(statSync(path).size, file).toBeLessThan(4 * 1024);
      const svg = readFileSync(path, 'utf8');
      expect(svg.slice(0, svg.indexOf('>')), file).toContain(size);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain('<title');
      expect(svg).not.toMatch(/<script|href="http/);
    }
  });
});
