// Answers are kept rendered between requests; what another process writes (the CLI's import,
// rename or mirror on the same database file) must show on the very next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../shared/wire-types';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { auth, makeIssues, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

// 75 issues, newest first: page 1 holds #75–#66, page 8 holds #5–#1.
const page = (n: number) => `${svc.api}/repos/octo/hello/issues?state=all&per_page=10&page=${n}`;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { ...auth(TOKENS.bob), ...headers } });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}

function inAnotherProcess(write: (store: ReturnType<typeof openSqliteStorage>) => void): void {
  const other = openSqliteStorage(svc.dbFile);
  try {
    write(other);
  } finally {
    other.close();
  }
}

describe('the rendered-answer cache', () => {
  it('serves the same bytes and ETag again, and 304 for them', async () => {
    const first = await get(page(1));
    const again = await get(page(1));
    expect(again.text).toBe(first.text);
    expect(again.etag).toBe(first.etag);
    expect((await get(page(1), { 'If-None-Match': first.etag! })).status).toBe(304);
  });

  it('shows an import by another connection on the next request: changed pages get a new ETag, untouched ones keep theirs', async () => {
    const untouched = await get(page(1));
    const touched = await get(page(8));
    const single = await get(`${svc.api}/repos/octo/hello/issues/1`);
    expect((JSON.parse(single.text) as Issue).title).toBe('Issue 1');

    const [issue1] = makeIssues(1);
    inAnotherProcess((store) => store.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, [{ ...issue1!, title: 'Renamed by import' }], [], Date.now()));

    const after = await get(page(8));
    expect(after.etag).not.toBe(touched.etag);
    expect((JSON.parse(after.text) as Issue[]).find((i) => i.number === 1)?.title).toBe('Renamed by import');
    expect((await get(page(8), { 'If-None-Match': touched.etag! })).status).toBe(200);
    expect((JSON.parse((await get(`${svc.api}/repos/octo/hello/issues/1`)).text) as Issue).title).toBe('Renamed by import');

    // Same bytes, same ETag: a client's revalidation of a page the import did not change stays free.
    const same = await get(page(1));
    expect(same.text).toBe(untouched.text);
    expect(same.etag).toBe(untouched.etag);
    expect((await get(page(1), { 'If-None-Match': untouched.etag! })).status).toBe(304);
  });

  it('follows a rename by another connection: the old name redirects, the new one answers with its own URLs', async () => {
    const before = await get(page(1));
    expect(before.status).toBe(200);
    inAnotherProcess((store) => store.renameRepo({ owner: 'octo', name: 'hello' }, { owner: 'octo', name: 'hello-renamed' }, Date.now()));

    const old = await fetch(page(1), { headers: auth(TOKENS.bob), redirect: 'manual' });
    expect(old.status).toBe(301);
    const renamed = await get(`${svc.api}/repos/octo/hello-renamed/issues?state=all&per_page=10&page=1`);
    expect(renamed.status).toBe(200);
    const issues = JSON.parse(renamed.text) as Issue[];
    expect(issues[0]?.url).toBe(`${svc.api}/repos/octo/hello-renamed/issues/75`);
    expect(renamed.etag).not.toBe(before.etag);
  });
});
