/**
 * Issue types and sub-issues for the demo (issue 47): GitHub's default types (Bug, Feature,
 * Task) on most of a repository's issues, read from what each issue is about (its labels), and
 * several trees of sub-issues, most partly done, one finished, one two levels deep; plus the
 * events of a type added or changed, and of each sub-issue added (one added and removed again).
 * Deterministic like the rest of the demo.
 */
import type { Issue, IssueType } from '../../src/shared/wire-types';
import type { ImportedEvent, ImportedIssueReference, ImportedUser } from '../../src/server/store/import-schema';
import { MINUTE_MS, toWireTimestamp } from './demo-clock';
import { LATEST_EVENT_MS } from './generator/entry-record';
import { createPrng } from '../../src/shared/prng';

/** GitHub's default issue types of a new organization, with its descriptions and colours. */
const DEFAULT_TYPES = {
  Task: { id: 3_000_001, node_id: 'IT_kwDOAAAAAM4AAAAB', name: 'Task', description: 'A specific piece of work', color: 'yellow' },
  Bug: { id: 3_000_002, node_id: 'IT_kwDOAAAAAM4AAAAC', name: 'Bug', description: 'An unexpected problem or behavior', color: 'red' },
  Feature: { id: 3_000_003, node_id: 'IT_kwDOAAAAAM4AAAAD', name: 'Feature', description: 'A request, idea, or new functionality', color: 'blue' },
} as const;
type TypeName = keyof typeof DEFAULT_TYPES;

/** when the organization turned issue types on: before every demo issue */
const TYPES_CREATED_AT = '2024-01-15T09:00:00Z';
/** far above demo-events.ts' ids (7,000,000,000 + 100,000,000 per repository) */
const TYPE_EVENT_ID_BASE = 9_000_000_000;
/** the share of issues given a type: most, as a team that uses types leaves a few untyped */
const TYPED_SHARE = 0.85;
const TREES = 8;
/** the sub-issue and parent events of a repository: within its band of ids, above its type events (4 per issue number) */
const LINK_EVENT_ID_OFFSET = 50_000_000;
/** how far after a parent its sub-issues were opened, in issue numbers */
const CHILD_WINDOW = 120;

export interface LinkInput {
  owner: string;
  name: string;
  isPrivate: boolean;
  index: number;
  issues: readonly Issue[];
  team: readonly string[];
  user: (login: string) => ImportedUser;
  seed: string;
}

function issueType(name: TypeName): IssueType {
  return { ...DEFAULT_TYPES[name], created_at: TYPES_CREATED_AT, updated_at: TYPES_CREATED_AT, is_enabled: true };
}

/** What the issue is about, as its labels say; a plain piece of work otherwise. */
function typeOf(issue: Issue): TypeName {
  const labels = issue.labels.map((l) => l.name);
  if (labels.includes('bug')) return 'Bug';
  if (labels.includes('enhancement')) return 'Feature';
  return 'Task';
}

/** The repository's issues with types and parents, and the type events; pull requests are left as they are. */
export function withIssueLinks(input: LinkInput): { issues: Issue[]; events: ImportedEvent[] } {
  const rng = createPrng(`${input.seed}/issue-links/${input.owner}/${input.name}`);
  const apiRepo = `https://api.github.com/repos/${input.owner}/${input.name}`;
  const events: ImportedEvent[] = [];
  const types = new Map<number, TypeName>();
  for (const issue of input.issues) {
    if (issue.pull_request || !rng.chance(TYPED_SHARE)) continue;
    types.set(issue.number, typeOf(issue));
  }

  const parents = new Map<number, number>();
  const ascending = input.issues.filter((i) => !i.pull_request).sort((a, b) => a.number - b.number);
  const free = (i: Issue) => !parents.has(i.number) && ![...parents.values()].includes(i.number);
  const childrenFor = (parent: Issue, count: number, closedOnly: boolean): Issue[] =>
    rng.sample(
      ascending.filter((i) => i.number > parent.number && i.number <= parent.number + CHILD_WINDOW && free(i) && (!closedOnly || i.state === 'closed')),
      count,
    );
  const openFeatures = ascending.filter((i) => i.state === 'open' && types.get(i.number) === 'Feature');
  const closedFeatures = ascending.filter((i) => i.state === 'closed' && types.get(i.number) === 'Feature');
  const roots = [...rng.sample(openFeatures, TREES - 1), ...rng.sample(closedFeatures, 1)].sort((a, b) => a.number - b.number);
  let deepened = false;
  for (const root of roots) {
    if (!free(root)) continue;
    // A closed parent was finished: all its sub-issues are closed. An open one is partly done.
    const children = childrenFor(root, rng.int(2, 6), root.state === 'closed').sort((a, b) => a.number - b.number);
    for (const child of children) {
      parents.set(child.number, root.number);
      types.set(child.number, types.get(child.number) ?? 'Task');
    }
    const first = children[0];
    if (!deepened && root.state === 'open' && first) {
      for (const grandchild of childrenFor(first, 2, false)) parents.set(grandchild.number, first.number);
      deepened = true;
    }
  }

  linkEvents(input, ascending, parents, types, rng.fork('link-events'), events);

  const issues = input.issues.map((issue): Issue => {
    if (issue.pull_request) return issue;
    const name = types.get(issue.number);
    const parent = parents.get(issue.number);
    if (name !== undefined) typeEvents(issue, name, input, rng.fork(`events/${issue.number}`), events);
    return { ...issue, type: name === undefined ? null : issueType(name), parent_issue_url: parent === undefined ? null : `${apiRepo}/issues/${parent}` };
  });
  return { issues, events };
}

/** A maintainer adds the type soon after the issue opens; now and then it was first another. */
function typeEvents(issue: Issue, name: TypeName, input: LinkInput, rng: ReturnType<typeof createPrng>, out: ImportedEvent[]): void {
  const created = Date.parse(issue.created_at);
  const at = (ms: number) => toWireTimestamp(Math.min(ms, LATEST_EVENT_MS));
  const idBase = TYPE_EVENT_ID_BASE + input.index * 100_000_000 + issue.number * 4;
  const actor = input.user(rng.pick(input.team));
  const onEvent = (t: TypeName) => ({ id: DEFAULT_TYPES[t].id, name: t, color: DEFAULT_TYPES[t].color });
  const changed = name !== 'Task' && rng.chance(0.08);
  const first: TypeName = changed ? 'Task' : name;
  out.push({ id: idBase, actor, event: 'issue_type_added', created_at: at(created + rng.int(2, 90) * MINUTE_MS), issue: { number: issue.number }, issue_type: onEvent(first), commit_id: null });
  if (changed) {
    out.push({
      id: idBase + 1, actor, event: 'issue_type_changed', created_at: at(created + rng.int(120, 600) * MINUTE_MS),
      issue: { number: issue.number }, issue_type: onEvent(name), prev_issue_type: onEvent(first), commit_id: null,
    });
  }
}

/**
 * GitHub records a link on both issues: `sub_issue_added` on the parent and `parent_issue_added`
 * on the sub-issue, by one person at one moment, some time after the later of the two opened.
 * One open tree also had an issue added by mistake and removed a day later.
 */
function linkEvents(
  input: LinkInput,
  ascending: readonly Issue[],
  parents: ReadonlyMap<number, number>,
  types: ReadonlyMap<number, TypeName>,
  rng: ReturnType<typeof createPrng>,
  out: ImportedEvent[],
): void {
  const byNumber = new Map(ascending.map((i) => [i.number, i]));
  const repository = { full_name: `${input.owner}/${input.name}`, private: input.isPrivate };
  const issueOfEvent = (number: number) => ({ number, repository_url: `https://api.github.com/repos/${input.owner}/${input.name}` });
  const reference = (issue: Issue): ImportedIssueReference => {
    const type = types.get(issue.number);
    return {
      number: issue.number, title: issue.title, state: issue.state, state_reason: issue.state_reason ?? null, repository,
      issue_type: type === undefined ? null : { id: DEFAULT_TYPES[type].id, node_id: DEFAULT_TYPES[type].node_id, name: type, color: DEFAULT_TYPES[type].color },
    };
  };
  let id = TYPE_EVENT_ID_BASE + input.index * 100_000_000 + LINK_EVENT_ID_OFFSET;
  const both = (parent: Issue, child: Issue, kind: 'added' | 'removed', atMs: number, actor: ImportedUser) => {
    const created_at = toWireTimestamp(Math.min(atMs, LATEST_EVENT_MS));
    out.push({ id: id++, actor, event: `sub_issue_${kind}`, created_at, issue: issueOfEvent(parent.number), sub_issue: reference(child), commit_id: null });
    out.push({ id: id++, actor, event: `parent_issue_${kind}`, created_at, issue: issueOfEvent(child.number), parent_issue: reference(parent), commit_id: null });
  };
  const linked = [...parents.entries()].sort(([a], [b]) => a - b);
  for (const [childNumber, parentNumber] of linked) {
    const child = byNumber.get(childNumber);
    const parent = byNumber.get(parentNumber);
    if (!child || !parent) continue;
    const later = Math.max(Date.parse(child.created_at), Date.parse(parent.created_at));
    both(parent, child, 'added', later + rng.int(5, 240) * MINUTE_MS, input.user(rng.pick(input.team)));
  }
  const openRoot = ascending.find((i) => i.state === 'open' && !parents.has(i.number) && [...parents.values()].includes(i.number));
  const stray = openRoot && ascending.find((i) => i.number > openRoot.number && !parents.has(i.number) && ![...parents.values()].includes(i.number));
  if (openRoot && stray) {
    const at = Math.max(Date.parse(stray.created_at), Date.parse(openRoot.created_at)) + rng.int(5, 240) * MINUTE_MS;
    const actor = input.user(rng.pick(input.team));
    both(openRoot, stray, 'added', at, actor);
    both(openRoot, stray, 'removed', at + 24 * 60 * MINUTE_MS, actor);
  }
}
