/**
 * Timeline, event and sub-issue pages read through the SQLite store, in process: what a page of
 * `…/issues/{n}/timeline`, `…/issues/{n}/events`, `…/issues/events` and `…/issues/{n}/sub_issues`
 * costs the store alone, without HTTP (issue 49: these reads moved into the shared core, and
 * this is their before/after). Never part of `npm test`.
 *
 *   npx tsx bench/timeline/store-pages.ts            rounds of every page of each list
 *   TIMELINE_ROUNDS=50 npx tsx bench/timeline/store-pages.ts
 *
 * Prints, per list, the median and the worst of the per-page times over all rounds, in
 * microseconds. Each round follows a write, so its first page of each list counts afresh and
 * the later pages may use the count remembered: the figures cover both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ImportedComment, ImportedEvent, ImportedIssue } from '../../src/server/store/import-schema';
import { openSqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { median } from '../lib/stats';

const ROUNDS = Number(process.env.TIMELINE_ROUNDS ?? 30);
const ISSUES = 40;
/** the issue whose history is long */
const BUSY_ISSUE = 1;
/** the issue every later one is a sub-issue of */
const PARENT_ISSUE = 2;
const COMMENTS_ON_BUSY = 400;
const EVENTS_ON_BUSY = 300;
const PER_PAGE = 30;
const IMPORTED_AT_MS = Date.UTC(2025, 1, 1);

const at = (minute: number): string => new Date(Date.UTC(2025, 0, 1) + minute * 60_000).toISOString().replace('.000', '');

function repository(): { issues: ImportedIssue[]; comments: ImportedComment[]; events: ImportedEvent[] } {
  const issues: ImportedIssue[] = Array.from({ length: ISSUES }, (_, i) => ({
    number: i + 1,
    title: `Issue ${i + 1}`,
    user: { login: `user${i % 7}` },
    labels: [],
    state: 'open',
    locked: false,
    comments: i + 1 === BUSY_ISSUE ? COMMENTS_ON_BUSY : 0,
    created_at: at(i),
    updated_at: at(i),
    // Every other issue names the busy one: cross-references in its timeline.
    body: i % 2 === 1 ? `See #${BUSY_ISSUE}` : 'Plain',
    parent_issue_url: i + 1 > PARENT_ISSUE ? `https://api.github.com/repos/bench/timeline/issues/${PARENT_ISSUE}` : null,
  }));
  const comments: ImportedComment[] = Array.from({ length: COMMENTS_ON_BUSY }, (_, i) => ({
    id: 10_000 + i,
    issue_url: `https://api.github.com/repos/bench/timeline/issues/${BUSY_ISSUE}`,
    user: { login: `user${i % 5}` },
    created_at: at(100 + i * 3),
    updated_at: at(100 + i * 3),
    body: i % 10 === 0 ? `Mentions #${BUSY_ISSUE} from its own thread` : `Comment ${i}`,
  }));
  const events: ImportedEvent[] = Array.from({ length: EVENTS_ON_BUSY }, (_, i) => ({
    id: 50_000 + i,
    actor: { login: 'mona', id: 77 },
    event: i % 2 === 0 ? 'labeled' : 'unlabeled',
    created_at: at(101 + i * 4),
    issue: { number: BUSY_ISSUE },
    label: { name: 'bug', color: 'd73a4a' },
    commit_id: null,
  }));
  return { issues, comments, events };
}

const dir = mkdtempSync(path.join(tmpdir(), 'issuescope-bench-timeline-'));
try {
  const store = openSqliteStorage(path.join(dir, 'bench.db'));
  const { issues, comments, events } = repository();
  const options = { owner: 'bench', name: 'timeline', makePrivate: false };
  await store.importIssues(options, issues, comments, IMPORTED_AT_MS, events);
  const repo = store.findRepo('bench', 'timeline');
  if (!repo) throw new Error('the import made no repository');
  const lists = {
    timeline: (page: number) => store.listTimeline(repo.id, BUSY_ISSUE, { page, perPage: PER_PAGE }),
    'issue events': (page: number) => store.listIssueEvents(repo.id, BUSY_ISSUE, { page, perPage: PER_PAGE }),
    'repository events': (page: number) => store.listIssueEvents(repo.id, null, { page, perPage: PER_PAGE }),
    'sub-issues': (page: number) => store.listSubIssues(repo.id, PARENT_ISSUE, { page, perPage: PER_PAGE }),
  };
  const samples = new Map<string, number[]>(Object.keys(lists).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // A write between rounds: the next round counts afresh, as after an import.
    await store.importIssues(options, issues.slice(0, 1), [], IMPORTED_AT_MS + round, []);
    for (const [name, read] of Object.entries(lists)) {
      // Every page and one past the end; page 1 says where the end is.
      let lastPage = 1;
      for (let page = 1; page <= lastPage + 1; page++) {
        const started = performance.now();
        const { total } = read(page);
        samples.get(name)!.push((performance.now() - started) * 1000);
        lastPage = Math.ceil(total / PER_PAGE);
      }
    }
  }
  store.close();
  console.log(`rounds ${ROUNDS}, ${PER_PAGE} per page; microseconds per page read (host shared: read the medians)`);
  for (const [name, times] of samples) {
    console.log(`${name.padEnd(18)} pages ${String(times.length).padStart(5)}  median ${median(times).toFixed(1).padStart(7)}  worst ${Math.max(...times).toFixed(1).padStart(8)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
