// The service remembers token and repository rows between requests; a change made by
// another process (the CLI's `token revoke`, an `import --private`) must count at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens';
import { auth, makeIssues, startTestService, TOKENS, type TestService } from '../../../test-support/server/test-service';
import { openSqliteStorage } from './sqlite/sqlite-storage';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ limits: { unauthLimit: 10_000 } });
});
afterAll(() => svc.close());

describe('rows remembered between requests', () => {
  it('forget a token revoked by another connection before its next request', async () => {
    const url = `${svc.api}/repos/octo/hello/issues/1`;
    expect((await fetch(url, { headers: auth(TOKENS.aliceSecond) })).status).toBe(200);
    const other = openSqliteStorage(svc.dbFile);
    expect(other.revokeToken(hashToken(TOKENS.aliceSecond))).toBe(true);
    other.close();
    expect((await fetch(url, { headers: auth(TOKENS.aliceSecond) })).status).toBe(401);
  });

  it('hide a repository another connection made private before the next anonymous request', async () => {
    const url = `${svc.api}/repos/octo/new-name/issues`;
    expect((await fetch(url)).status).toBe(200);
    const other = openSqliteStorage(svc.dbFile);
    other.importIssues({ owner: 'octo', name: 'new-name', makePrivate: true }, makeIssues(1, 'Moved'), [], Date.now());
    other.close();
    expect((await fetch(url)).status).toBe(404);
  });
});
