// GitHub's text-match metadata on GET /search/issues, end to end: the real service and SQLite
// store over HTTP, asked with and without `Accept: application/vnd.github.text-match+json`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedComment, ImportedIssue } from '../store/import-schema';
import { openCommandStorage } from '../store/open-storage';
import { githubDescriptionVersion, githubOperations } from '../../../test-support/server/github-openapi';
import { importSearchRepositories, LAB_COMMENTS } from '../../../test-support/server/search-repository';
import { startTestService, type TestService } from '../../../test-support/server/test-service';

const TEXT_MATCH = { Accept: 'application/vnd.github.text-match+json' };

interface TextMatch {
  object_url: string;
  object_type: string;
  property: string;
  fragment: string;
  matches: Array<{ text: string; indices: [number, number] }>;
}
interface Item {
  number: number;
  url: string;
  title: string;
  body: string | null;
  text_matches?: TextMatch[];
}
interface Result {
  total_count: number;
  items: Item[];
}

const LONG_BODY = [
  ...Array.from({ length: 40 }, (_, i) => `Line ${i} of the launch checklist says nothing much.`),
  'The Kerosene valve sticks when the pad is cold.',
  ...Array.from({ length: 40 }, (_, i) => `Note ${i} is only padding for the fragment.`),
].join(' ');

const LONG_ISSUE: ImportedIssue = {
  number: 1,
  title: 'Launch checklist',
  user: { login: 'alice' },
  labels: [],
  state: 'open',
  locked: false,
  assignees: [],
  comments: 0,
  created_at: '2024-01-10T09:00:00Z',
  updated_at: '2024-01-10T09:00:00Z',
  closed_at: null,
  body: LONG_BODY,
};

/** More comments than one page of them holds; the word is only in the last. */
const CHATTY_COMMENTS: ImportedComment[] = Array.from({ length: 105 }, (_, i) => ({
  id: 90_000 + i,
  issue_url: 'https://api.github.com/repos/search/chatty/issues/1',
  user: { login: 'erin' },
  created_at: `2024-02-01T${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`,
  updated_at: '2024-02-01T09:00:00Z',
  body: i === 104 ? 'The zeppelin finally landed' : `Reply ${i}`,
}));

// Compiled before the service starts: compiling takes seconds and would stall a service in this process.
const ops = githubOperations('search/issues-and-pull-requests');
let svc: TestService;
beforeAll(async () => {
  ops['search/issues-and-pull-requests'].check(200, { total_count: 0, incomplete_results: false, items: [] });
  svc = await startTestService({ limits: { searchUnauthLimit: 100_000, unauthLimit: 100_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await importSearchRepositories(store, Date.now(), { bulk: false });
  await store.importIssues({ owner: 'search', name: 'long', makePrivate: false }, [LONG_ISSUE], [], Date.now());
  await store.importIssues({ owner: 'search', name: 'chatty', makePrivate: false }, [{ ...LONG_ISSUE, title: 'Busy thread', body: null, comments: 105 }], CHATTY_COMMENTS, Date.now());
  await store.close();
}, 60_000);
afterAll(() => svc.close());

function searchUrl(q: string): string {
  return `${svc.api}/search/issues?${new URLSearchParams({ q, per_page: '100' }).toString()}`;
}

async function search(q: string, headers: Record<string, string> = TEXT_MATCH): Promise<{ res: Response; body: Result }> {
  const res = await fetch(searchUrl(q), { headers });
  expect(res.status, q).toBe(200);
  return { res, body: (await res.json()) as Result };
}

function itemOf(body: Result, number: number): Item {
  const item = body.items.find((i) => i.number === number);
  if (!item) throw new Error(`#${number} is not in the answer`);
  return item;
}

/** Every match points at its text inside its fragment, and the fragment is part of the property's text. */
function expectConsistent(item: Item): void {
  for (const m of item.text_matches ?? []) {
    expect(m.object_type).toBe('Issue');
    expect(m.object_url).toBe(item.url);
    expect(item[m.property as 'title' | 'body']).toContain(m.fragment);
    for (const { text, indices } of m.matches) expect(m.fragment.slice(indices[0], indices[1])).toBe(text);
  }
}

describe('GET /search/issues with text-match metadata', () => {
  it('answers items without text_matches unless Accept asks for them', async () => {
    const { res, body } = await search('repo:search/lab windows', {});
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) expect(item).not.toHaveProperty('text_matches');
    expect(res.headers.get('x-github-media-type')).toBe('github.v3; format=json');
    const json = await search('repo:search/lab windows', { Accept: 'application/vnd.github+json' });
    for (const item of json.body.items) expect(item).not.toHaveProperty('text_matches');
  });

  it('reports a word in the title and in the body, each with its fragment and where the word is in it', async () => {
    const { res, body } = await search('repo:search/lab windows');
    expect(res.headers.get('x-github-media-type')).toBe('github.v3; param=text-match; format=json');
    expect(res.headers.get('vary')).toContain('Accept');
    const first = itemOf(body, 1);
    expect(first.text_matches).toEqual([
      { object_url: first.url, object_type: 'Issue', property: 'title', fragment: 'Crash on Windows startup', matches: [{ text: 'Windows', indices: [9, 16] }] },
      {
        object_url: first.url,
        object_type: 'Issue',
        property: 'body',
        fragment: 'The app stops when it starts on Windows 11. cc @dave',
        matches: [{ text: 'Windows', indices: [32, 39] }],
      },
    ]);
    const installer = itemOf(body, 3);
    expect(installer.text_matches?.map((m) => m.property)).toEqual(['title']);
    for (const item of body.items) expectConsistent(item);
  });

  it('reports a quoted phrase as one match, and each of several words', async () => {
    const phrase = itemOf((await search('repo:search/lab "crash on startup"')).body, 4);
    expect(phrase.text_matches).toEqual([
      { object_url: phrase.url, object_type: 'Issue', property: 'title', fragment: 'Fix crash on startup', matches: [{ text: 'crash on startup', indices: [4, 20] }] },
    ]);
    const words = itemOf((await search('repo:search/lab CRASH startup')).body, 1);
    expect(words.text_matches?.[0]?.matches).toEqual([
      { text: 'Crash', indices: [0, 5] },
      { text: 'startup', indices: [17, 24] },
    ]);
  });

  it('shows a window of a long body around the match, not the whole body', async () => {
    const item = itemOf((await search('repo:search/long kerosene')).body, 1);
    const [match] = item.text_matches ?? [];
    expect(match?.property).toBe('body');
    expect(match!.fragment.length).toBeLessThanOrEqual(200);
    expect(match!.fragment.length).toBeLessThan(LONG_BODY.length);
    expect(LONG_BODY).toContain(match!.fragment);
    expect(match!.matches).toHaveLength(1);
    const [start, end] = match!.matches[0]!.indices;
    expect(match!.fragment.slice(start, end)).toBe('Kerosene');
    expect(match!.matches[0]!.text.toLowerCase()).toBe('kerosene');
  });

  it('reports the comments the words were found in as IssueComment entries, after the issue\'s own', async () => {
    const reporter = LAB_COMMENTS.find((c) => c.body === 'Profiled: the crash reporter blocks the UI thread');
    const commented = itemOf((await search('repo:search/lab crash')).body, 6);
    expect(commented.text_matches).toEqual([
      {
        object_url: `${svc.api}/repos/search/lab/issues/comments/${reporter?.id}`,
        object_type: 'IssueComment',
        property: 'body',
        fragment: 'Profiled: the crash reporter blocks the UI thread',
        matches: [{ text: 'crash', indices: [14, 19] }],
      },
    ]);
    // #1 has "Windows" in its title and body, and "nightly" in one of its two comments.
    const both = itemOf((await search('repo:search/lab windows nightly')).body, 1);
    expect(both.text_matches?.map((m) => [m.object_type, m.property, m.fragment])).toEqual([
      ['Issue', 'title', 'Crash on Windows startup'],
      ['Issue', 'body', 'The app stops when it starts on Windows 11. cc @dave'],
      ['IssueComment', 'body', 'Fixed in the nightly build'],
    ]);
    // Only where the query looks.
    expect(itemOf((await search('repo:search/lab crash in:title,body')).body, 5).text_matches?.map((m) => m.object_type)).toEqual(['Issue']);
    expect(itemOf((await search('repo:search/lab crash in:title,body')).body, 1).text_matches?.map((m) => m.property)).toEqual(['title']);
    expect(itemOf((await search('repo:search/lab "crash reporter" in:comments')).body, 6).text_matches?.map((m) => m.matches)).toEqual([
      [{ text: 'crash reporter', indices: [14, 28] }],
    ]);
  });

  it('finds the words in a comment past the first hundred', async () => {
    const item = itemOf((await search('repo:search/chatty zeppelin')).body, 1);
    expect(item.text_matches?.map((m) => [m.object_type, m.object_url, m.fragment])).toEqual([
      ['IssueComment', `${svc.api}/repos/search/chatty/issues/comments/90104`, 'The zeppelin finally landed'],
    ]);
  });

  it('answers [] for a query of qualifiers only', async () => {
    const qualifiers = (await search('repo:search/lab is:open')).body;
    expect(qualifiers.items.length).toBeGreaterThan(0);
    for (const item of qualifiers.items) expect(item.text_matches).toEqual([]);
    const titleOnly = itemOf((await search('repo:search/lab windows in:title')).body, 1);
    expect(titleOnly.text_matches?.map((m) => m.property)).toEqual(['title']);
  });

  it('gives the answer with text matches its own ETag, and a 304 for each representation', async () => {
    const url = searchUrl('repo:search/lab windows');
    const plain = await fetch(url);
    const matched = await fetch(url, { headers: TEXT_MATCH });
    const plainTag = plain.headers.get('etag');
    const matchedTag = matched.headers.get('etag');
    expect(plainTag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(matchedTag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(matchedTag).not.toBe(plainTag);
    expect((await fetch(url, { headers: { 'If-None-Match': plainTag! } })).status).toBe(304);
    expect((await fetch(url, { headers: { ...TEXT_MATCH, 'If-None-Match': matchedTag! } })).status).toBe(304);
    // Each representation's validator does not stand for the other.
    expect((await fetch(url, { headers: { ...TEXT_MATCH, 'If-None-Match': plainTag! } })).status).toBe(200);
    expect((await fetch(url, { headers: { 'If-None-Match': matchedTag! } })).status).toBe(200);
  });

  it("answers with text matches that GitHub's search/issues-and-pull-requests schema accepts", async () => {
    const op = ops['search/issues-and-pull-requests'];
    for (const q of ['repo:search/lab windows', 'repo:search/lab "crash on startup"', 'repo:search/lab crash', 'repo:search/long kerosene']) {
      const res = await fetch(searchUrl(q), { headers: TEXT_MATCH });
      const body = (await res.json()) as Result;
      expect(body.items.some((i) => (i.text_matches ?? []).length > 0), q).toBe(true);
      expect(op.check(res.status, body).errors, `${q} (GitHub's description ${githubDescriptionVersion()})`).toEqual([]);
    }
    // The schema does hold text_matches to its shape: indices that are not integers fail it.
    const { body } = await search('repo:search/lab windows');
    const broken = body.items.map((i) => ({ ...i, text_matches: [{ ...i.text_matches![0]!, matches: [{ text: 'x', indices: ['a'] }] }] }));
    expect(op.check(200, { ...body, items: broken }).valid).toBe(false);
  });
});
