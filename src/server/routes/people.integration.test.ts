// `/repos/{o}/{r}/assignees`, `/milestones`, `/milestones/{n}` and `/users/{login}` over HTTP, on
// SQLite here and on PostgreSQL in the `server-postgres` project (test-service.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCommandStorage } from '../store/open-storage';
import { HIDDEN_LOGIN, importPeopleRepositories, PEOPLE_TOKENS } from '../../../test-support/server/people-repository';
import { auth, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000, authLimit: 10_000 } });
  const store = await openCommandStorage(svc.dbFile);
  await importPeopleRepositories(store, Date.now());
  await store.close();
}, 60_000);
afterAll(() => svc.close());

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.api}${path}`, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

interface MilestoneBody {
  number: number;
  title: string;
  state: string;
  open_issues: number;
  closed_issues: number;
  url: string;
  html_url: string;
}
const titles = (body: unknown) => (body as MilestoneBody[]).map((m) => m.title);

describe('GET /repos/{owner}/{repo}/assignees', () => {
  it('lists everyone assigned to an issue, open or closed, or by an imported event, and the owner, by login without case', async () => {
    const answer = await get('/repos/mona/plans/assignees');
    expect(answer.status).toBe(200);
    const people = answer.body as Array<{ login: string; type: string; avatar_url: string; url: string }>;
    expect(people.map((p) => p.login)).toEqual(['alice', 'bob', 'carol', 'mona', 'yuki', 'Zoe']);
    expect(people[5]).toMatchObject({ type: 'User', avatar_url: `${svc.origin}/avatars/Zoe.svg`, url: `${svc.api}/users/Zoe` });
  });

  it("pages by Link with GitHub's per_page and page", async () => {
    const first = await get('/repos/mona/plans/assignees?per_page=2');
    expect((first.body as Array<{ login: string }>).map((p) => p.login)).toEqual(['alice', 'bob']);
    expect(first.headers.get('link')).toBe(
      `<${svc.api}/repos/mona/plans/assignees?per_page=2&page=2>; rel="next", <${svc.api}/repos/mona/plans/assignees?per_page=2&page=3>; rel="last"`,
    );
    const last = await get('/repos/mona/plans/assignees?per_page=2&page=3');
    expect((last.body as Array<{ login: string }>).map((p) => p.login)).toEqual(['yuki', 'Zoe']);
  });

  it('answers a private repository as a missing one, and lists it for a token granted it', async () => {
    const missing = await get('/repos/mona/nope/assignees');
    for (const headers of [{}, auth(TOKENS.bob)]) {
      const hidden = await get('/repos/mona/hush/assignees', headers);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toBe(missing.text);
    }
    expect(missing.body).toMatchObject({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest/issues/assignees#list-assignees', status: '404' });
    const granted = await get('/repos/mona/hush/assignees', auth(PEOPLE_TOKENS.mona));
    expect((granted.body as Array<{ login: string }>).map((p) => p.login)).toEqual(['mona', HIDDEN_LOGIN]);
  });
});

describe('GET /repos/{owner}/{repo}/milestones', () => {
  it('lists the open milestones by due date, undated last, with counts taken from their issues and pull requests', async () => {
    const answer = await get('/repos/mona/plans/milestones');
    expect(answer.status).toBe(200);
    const milestones = answer.body as MilestoneBody[];
    expect(milestones.map((m) => [m.title, m.open_issues, m.closed_issues])).toEqual([
      ['v2.0', 2, 0],
      ['v1.0', 1, 2],
      ['Someday', 0, 1],
    ]);
    expect(milestones[1]).toMatchObject({ number: 1, url: `${svc.api}/repos/mona/plans/milestones/1`, html_url: `${svc.origin}/mona/plans/milestone/1` });
  });

  // Equal keys (v0.9 and Someday are both done) keep their numbers ascending in either direction.
  it('takes state, sort and direction as GitHub does, and falls back to the defaults on other values', async () => {
    expect(titles((await get('/repos/mona/plans/milestones?state=closed')).body)).toEqual(['v0.9']);
    expect(titles((await get('/repos/mona/plans/milestones?state=all')).body)).toEqual(['v0.9', 'v2.0', 'v1.0', 'Someday']);
    expect(titles((await get('/repos/mona/plans/milestones?direction=desc')).body)).toEqual(['Someday', 'v1.0', 'v2.0']);
    expect(titles((await get('/repos/mona/plans/milestones?sort=completeness')).body)).toEqual(['v2.0', 'v1.0', 'Someday']);
    expect(titles((await get('/repos/mona/plans/milestones?state=all&sort=completeness&direction=desc')).body)).toEqual(['Someday', 'v0.9', 'v1.0', 'v2.0']);
    expect(titles((await get('/repos/mona/plans/milestones?state=bogus&sort=size&direction=up')).body)).toEqual(['v2.0', 'v1.0', 'Someday']);
  });

  it('pages by Link', async () => {
    const page = await get('/repos/mona/plans/milestones?state=all&per_page=3&page=2');
    expect(titles(page.body)).toEqual(['Someday']);
    expect(page.headers.get('link')).toContain('rel="first"');
    expect(page.headers.get('link')).toContain(`<${svc.api}/repos/mona/plans/milestones?state=all&per_page=3&page=1>; rel="prev"`);
  });

  it('answers one milestone by number, and 404 for a number no issue carries', async () => {
    const one = await get('/repos/mona/plans/milestones/1');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ number: 1, title: 'v1.0', state: 'open', open_issues: 1, closed_issues: 2, due_on: '2024-03-01T08:00:00Z' });
    for (const path of ['/repos/mona/plans/milestones/99', '/repos/mona/plans/milestones/abc', '/repos/mona/hush/milestones/1']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.body, path).toMatchObject({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest/issues/milestones#get-a-milestone' });
    }
    expect((await get('/repos/mona/hush/milestones/1', auth(PEOPLE_TOKENS.mona))).body).toMatchObject({ title: 'Secret launch', open_issues: 1 });
  });
});

describe('GET /users/{username}', () => {
  it("answers a login seen in a visible repository in GitHub's public-user shape, with what the service knows", async () => {
    const answer = await get('/users/zoe');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ login: 'Zoe', name: 'Zoe Quinn', type: 'User', avatar_url: `${svc.origin}/avatars/Zoe.svg`, bio: null, followers: 0 });
    // Seen first on the issue it is assigned to (created 2024-01-01).
    expect(answer.body).toMatchObject({ created_at: '2024-01-01T00:00:00Z' });
    expect((await get('/users/dave')).status).toBe(200);
    // Assigned once by an event, unassigned since: listed by /assignees, so known here too.
    expect((await get('/users/YUKI')).body).toMatchObject({ login: 'yuki', name: 'Yuki Sato', created_at: '2024-01-20T00:00:00Z' });
  });

  it('answers a login never seen, and one seen only in a private repository the caller cannot see, with the same 404', async () => {
    const never = await get('/users/no-such-person');
    expect(never.status).toBe(404);
    expect(never.body).toMatchObject({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest/users/users#get-a-user' });
    for (const headers of [{}, auth(TOKENS.bob)]) {
      const hidden = await get(`/users/${HIDDEN_LOGIN}`, headers);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toBe(never.text);
    }
    expect((await get(`/users/${HIDDEN_LOGIN}`, auth(PEOPLE_TOKENS.mona))).body).toMatchObject({ login: HIDDEN_LOGIN, name: 'Quiet Kid' });
  });
});

describe('revalidation and cost', () => {
  it.each(['/repos/mona/plans/assignees', '/repos/mona/plans/milestones?state=all', '/repos/mona/plans/milestones/2', '/users/carol'])(
    '%s costs one credit, carries an ETag, and answers it with a free 304',
    async (path) => {
      const first = await get(path, auth(TOKENS.bob));
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/"[0-9a-f]+"$/);
      expect(first.headers.get('cache-control')).toBe('private, max-age=60, s-maxage=60');
      const second = await get(path, auth(TOKENS.bob));
      expect(Number(second.headers.get('x-ratelimit-used'))).toBe(Number(first.headers.get('x-ratelimit-used')) + 1);
      const again = await get(path, { ...auth(TOKENS.bob), 'If-None-Match': etag ?? '' });
      expect(again.status).toBe(304);
      expect(again.headers.get('x-ratelimit-remaining')).toBe(second.headers.get('x-ratelimit-remaining'));
    },
  );
});
