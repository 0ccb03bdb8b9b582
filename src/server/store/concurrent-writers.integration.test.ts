// A running service and a second writer on the same file (the CLI's `import` or `mirror`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStorage } from './sqlite/sqlite-storage';
import { makeIssues, startTestService, type TestService } from '../../../test-support/server/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

function lastPage(res: Response): string | null {
  const last = /<([^>]+)>; rel="last"/.exec(res.headers.get('link') ?? '')?.[1];
  return last ? new URL(last).searchParams.get('page') : null;
}

describe('writes from another connection', () => {
  it('show at once in the totals behind rel="last", not after the next restart', async () => {
    const url = `${svc.api}/repos/octo/hello/issues?state=all&per_page=50`;
    expect(lastPage(await fetch(url))).toBe('2');
    const other = openSqliteStorage(svc.dbFile);
    other.importIssues({ owner: 'octo', name: 'hello', makePrivate: false }, makeIssues(120), [], Date.now());
    other.close();
    const after = await fetch(url);
    expect(lastPage(after)).toBe('3');
    expect(((await (await fetch(`${url}&page=3`)).json()) as unknown[]).length).toBe(20);
  });
});
