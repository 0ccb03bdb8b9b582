/**
 * A deterministic repository for the benchmarks: N entries in the shape of
 * GitHub's `GET /repos/{owner}/{repo}/issues` answer, as `import` accepts it
 * (src/server/store/import-schema.ts). The same seed always gives the same
 * bytes, so runs on different days measure the same data; the first N
 * entries of a larger run equal a smaller run's, so growth figures compare
 * like with like.
 *
 * Entries are written a batch at a time, so a large run (hundreds of MB)
 * never sits in memory as one string.
 *
 * Not the demo's generator (scripts/demo/generator): that one plans a
 * whole repository in memory (entries refer to earlier ones, creation times
 * are spread over a span that depends on the count), so entry k changes with
 * the size, `updatedAtOf(k)` would need the whole run, and it is
 * slower per entry (it writes comments, too). Changing these
 * bytes would also break comparisons with earlier runs in the performance log.
 */
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import type { ImportedIssue } from '../../src/server/store/import-schema';

export const BENCH_REPO = { owner: 'bench', name: 'big' } as const;

const SEED = 0x15_5c_0e;
const FIRST_CREATED_MS = Date.UTC(2019, 0, 1);
/** one entry every 20 minutes: 100,000 entries span ~3.8 years */
const CREATED_STEP_MS = 20 * 60_000;
const MIN_BODY_CHARS = 200;
const MAX_BODY_CHARS = 4_000;
const PULL_REQUEST_SHARE = 0.25;
const CLOSED_SHARE = 0.6;
const BATCH_ENTRIES = 500;

export const LABELS = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
  { name: 'duplicate', color: 'cfd3d7', description: 'This issue or pull request already exists' },
  { name: 'good first issue', color: '7057ff', description: 'Good for newcomers' },
  { name: 'help wanted', color: '008672', description: 'Extra attention is needed' },
  { name: 'invalid', color: 'e4e669', description: "This doesn't seem right" },
  { name: 'question', color: 'd876e3', description: 'Further information is requested' },
  { name: 'wontfix', color: 'ffffff', description: 'This will not be worked on' },
  { name: 'performance', color: 'f9d0c4', description: null },
  { name: 'security', color: 'b60205', description: 'Security-relevant change' },
  { name: 'dependencies', color: '0366d6', description: 'Pull requests that update a dependency file' },
  { name: 'area: api', color: 'c5def5', description: null },
  { name: 'area: cli', color: 'c5def5', description: null },
  { name: 'area: ui', color: 'c5def5', description: null },
  { name: 'area: storage', color: 'c5def5', description: null },
  { name: 'priority: high', color: 'e99695', description: null },
  { name: 'priority: low', color: 'fef2c0', description: null },
  { name: 'needs triage', color: 'ededed', description: null },
  { name: 'breaking change', color: '5319e7', description: null },
] as const;

/**
 * The issue types an entry may have (issue 47), GitHub's defaults. An issue's type follows from
 * its number alone, not the generator's random stream, so every other field of an entry stays
 * what it was before entries had types. Pull requests have none, as on GitHub.
 */
const ISSUE_TYPES = [
  { id: 8_001, name: 'Bug', description: 'An unexpected problem or behavior', color: 'red' },
  { id: 8_002, name: 'Task', description: 'A specific piece of work', color: 'yellow' },
  { id: 8_003, name: 'Feature', description: 'A request, idea, or new functionality', color: 'blue' },
] as const;

/** Of every ten issues by number: three Bugs, two Tasks, one Feature, four without a type. */
function issueTypeOf(number: number): (typeof ISSUE_TYPES)[number] | null {
  const slot = number % 10;
  return slot < 3 ? ISSUE_TYPES[0] : slot < 5 ? ISSUE_TYPES[1] : slot < 6 ? ISSUE_TYPES[2] : null;
}

const LOGINS = Array.from({ length: 60 }, (_, i) => (i % 10 === 9 ? `release-bot-${i}` : `contributor-${i}`));
const MILESTONES = Array.from({ length: 12 }, (_, i) => ({
  number: i + 1,
  title: `v${Math.floor(i / 4) + 1}.${i % 4}`,
  description: `Release ${Math.floor(i / 4) + 1}.${i % 4}`,
  state: i < 9 ? ('closed' as const) : ('open' as const),
}));

const WORDS = (
  'the service returns issues of a repository page link header etag conditional request cache token limit window ' +
  'label milestone assignee state closed open sort direction since markdown body comment reaction pull request draft ' +
  'import export database index query latency throughput memory browser router settings gauge error retry timeout ' +
  'when we load the list after a restart it shows an empty page until the next refresh and then everything appears'
).split(' ');
const LANGUAGES = ['ts', 'js', 'sh', 'json', 'sql', 'diff'];

/** mulberry32: small, fast and good enough to spread bench data; not for secrets */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function sentence(rand: () => number, minWords: number, maxWords: number): string {
  const n = minWords + Math.floor(rand() * (maxWords - minWords + 1));
  const words = Array.from({ length: n }, () => pick(rand, WORDS));
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** One Markdown block: a paragraph, a list, a task list, a code fence, a quote or a heading with a link. */
function block(rand: () => number, number: number): string {
  const kind = rand();
  if (kind < 0.4) return Array.from({ length: 2 + Math.floor(rand() * 4) }, () => sentence(rand, 5, 16)).join(' ');
  if (kind < 0.55) return Array.from({ length: 2 + Math.floor(rand() * 4) }, () => `- ${sentence(rand, 3, 9)}`).join('\n');
  if (kind < 0.65) return Array.from({ length: 2 + Math.floor(rand() * 4) }, () => `- [${rand() < 0.5 ? 'x' : ' '}] ${sentence(rand, 2, 7)}`).join('\n');
  if (kind < 0.8) {
    const lines = Array.from({ length: 2 + Math.floor(rand() * 8) }, () => `  ${pick(rand, WORDS)}(${pick(rand, WORDS)}, ${Math.floor(rand() * 1000)});`);
    return ['```' + pick(rand, LANGUAGES), ...lines, '```'].join('\n');
  }
  if (kind < 0.9) return `> ${sentence(rand, 6, 14)}`;
  const ref = 1 + Math.floor(rand() * number);
  return `### ${sentence(rand, 2, 5)}\n\nSee [#${ref}](https://github.com/${BENCH_REPO.owner}/${BENCH_REPO.name}/issues/${ref}) and <https://example.com/docs/${pick(rand, WORDS)}>.`;
}

function markdownBody(rand: () => number, number: number): string {
  const target = MIN_BODY_CHARS + Math.floor(rand() * (MAX_BODY_CHARS - MIN_BODY_CHARS + 1));
  let body = '';
  while (body.length < target) body += (body ? '\n\n' : '') + block(rand, number);
  // Cut at a line end so a code fence is never left open mid-line.
  if (body.length > MAX_BODY_CHARS) body = body.slice(0, body.lastIndexOf('\n', MAX_BODY_CHARS));
  return body.length >= MIN_BODY_CHARS ? body : body.padEnd(MIN_BODY_CHARS, '.');
}

function user(login: string): { login: string; id: number; type: 'User' | 'Bot'; site_admin: boolean } {
  const index = LOGINS.indexOf(login);
  return { login, id: 10_000 + index, type: login.startsWith('release-bot') ? 'Bot' : 'User', site_admin: false };
}

/** The entry with this number (1-based). Entries are independent of N: entry k is the same in every run. */
export function generateEntry(number: number): ImportedIssue {
  const rand = prng(SEED ^ Math.imul(number, 0x9e3779b1));
  const createdMs = FIRST_CREATED_MS + number * CREATED_STEP_MS;
  // Increasing with the number too: an update lands before the next entry is created.
  const updatedMs = createdMs + Math.floor(rand() * (CREATED_STEP_MS - 1000));
  const isPull = rand() < PULL_REQUEST_SHARE;
  const closed = rand() < CLOSED_SHARE;
  const labelCount = 1 + Math.floor(rand() * 3);
  const labels = new Set<(typeof LABELS)[number]>();
  while (labels.size < labelCount) labels.add(pick(rand, LABELS));
  const assignees = Array.from(new Set(Array.from({ length: Math.floor(rand() * 3) }, () => pick(rand, LOGINS)))).map(user);
  const milestone = rand() < 0.4 ? pick(rand, MILESTONES) : null;
  const author = pick(rand, LOGINS);
  return {
    id: 500_000_000 + number,
    node_id: `I_bench${number.toString(36)}`,
    number,
    title: sentence(rand, 3, 10).slice(0, -1),
    user: user(author),
    labels: [...labels].map((l) => ({ id: 9_000 + LABELS.indexOf(l), name: l.name, color: l.color, description: l.description, default: false })),
    state: closed ? 'closed' : 'open',
    state_reason: closed ? (rand() < 0.85 ? 'completed' : 'not_planned') : null,
    locked: false,
    active_lock_reason: null,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: milestone && { ...milestone, id: 7_000 + milestone.number, creator: user(LOGINS[0] ?? 'contributor-0') },
    comments: Math.floor(rand() * 25),
    created_at: new Date(createdMs).toISOString().replace('.000Z', 'Z'),
    updated_at: new Date(updatedMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    closed_at: closed ? new Date(updatedMs).toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
    author_association: rand() < 0.3 ? 'MEMBER' : 'CONTRIBUTOR',
    body: markdownBody(rand, number),
    reactions: { total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
    type: isPull ? null : issueTypeOf(number),
    ...(isPull ? { pull_request: { merged_at: closed && rand() < 0.8 ? new Date(updatedMs).toISOString().replace(/\.\d{3}Z$/, 'Z') : null }, draft: rand() < 0.1 } : {}),
  };
}

/** ISO `updated_at` of entry `number`: lets a benchmark pick a `since` that leaves a known share. */
export function updatedAtOf(number: number): string {
  return generateEntry(number).updated_at;
}

/**
 * Writes entries 1..count to `issuesFile` as a JSON array (what `import` takes)
 * and, when asked, the same entries to `jsonServerFile` as `{ "issues": [...] }`
 * (what json-server serves), in one pass.
 */
export function writeRepository(count: number, issuesFile: string, jsonServerFile?: string): { bytes: number } {
  const issuesFd = openSync(issuesFile, 'w');
  const peerFd = jsonServerFile ? openSync(jsonServerFile, 'w') : null;
  let bytes = 0;
  const write = (text: string) => {
    writeSync(issuesFd, text);
    if (peerFd !== null) writeSync(peerFd, text);
    bytes += Buffer.byteLength(text);
  };
  try {
    if (peerFd !== null) writeSync(peerFd, '{"issues":');
    write('[');
    for (let start = 1; start <= count; start += BATCH_ENTRIES) {
      const parts: string[] = [];
      for (let n = start; n < start + BATCH_ENTRIES && n <= count; n++) parts.push(JSON.stringify(generateEntry(n)));
      write((start === 1 ? '' : ',') + parts.join(','));
    }
    write(']');
    if (peerFd !== null) writeSync(peerFd, '}');
    // On disk before anything is timed: otherwise the kernel writes these files back during
    // the import that follows, which then pays for the generator's I/O.
    fsyncSync(issuesFd);
    if (peerFd !== null) fsyncSync(peerFd);
  } finally {
    closeSync(issuesFd);
    if (peerFd !== null) closeSync(peerFd);
  }
  return { bytes };
}
