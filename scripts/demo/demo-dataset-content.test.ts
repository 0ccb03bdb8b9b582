/**
 * What the demo dataset's entries carry and say: labels, milestones, locks,
 * authors and reactions, a believable history of events, and titles and
 * bodies that show off GitHub-flavoured Markdown without loose ends.
 */
import { readFileSync, statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../src/shared/wire-types';
import { DEMO_NOW_MS } from './demo-clock';
import { buildDemoDataset, type DemoDataset, type DemoRepository } from './demo-dataset';
import { allBodies, CODE_FENCE, DEMO_IMAGE, HEX_COLOUR, PUBLIC_DIR, REFERENCE, repositoryIn, TABLE, TASK_LIST } from './demo-dataset-probes';
import { BODY_MAX_CHARS, BODY_MIN_CHARS } from './corpus/markdown-blocks';

let dataset: DemoDataset;

beforeAll(() => {
  dataset = buildDemoDataset();
});

const repo = (fullName: string): DemoRepository => repositoryIn(dataset, fullName);

describe('buildDemoDataset', () => {
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
