// `mirror`, instance to instance on loopback: who may copy what, and the token sent to no one but the source.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openSqliteStorage } from '../store/sqlite/sqlite-storage';
import { makeIssues, serveDatabase, TOKENS } from '../../../test-support/server/test-service';
import { mirror, mirrorFixture } from '../../../test-support/server/mirror-fixture';
import { MirrorError } from './source-client';

const { services, source, targetFile } = mirrorFixture();

describe('mirror: access', () => {
  it('copies a private repository with a token that may read it, and keeps the copy private', async () => {
    const src = await source();
    const db = targetFile();
    const { result, events } = await mirror(db, { from: src.api, token: TOKENS.alice, source: { owner: 'octo', name: 'secret' }, target: { owner: 'copy', name: 'secret' } });
    expect(result.issues).toBe(5);
    expect(events).toContainEqual({ kind: 'repository', isPrivate: true, fullName: 'octo/secret' });
    const store = openSqliteStorage(db);
    expect(store.findRepo('copy', 'secret')?.isPrivate).toBe(true);
    store.close();
    const copy = await serveDatabase(db);
    services.push(copy);
    expect((await fetch(`${copy.api}/repos/copy/secret/issues`)).status).toBe(404);

    const forced = targetFile();
    await mirror(forced, { from: src.api, makePrivate: true });
    const forcedStore = openSqliteStorage(forced);
    expect(forcedStore.findRepo('octo', 'hello')?.isPrivate).toBe(true);
    forcedStore.close();
  });

  it('says the repository was not found without access, and names the refusal of a bad token without repeating it', async () => {
    const src = await source();
    const db = targetFile();
    await expect(mirror(db, { from: src.api, token: null, source: { owner: 'octo', name: 'secret' } })).rejects.toThrow(
      /octo\/secret was not found at .* \(or the token cannot see it\)/,
    );
    const untouched = openSqliteStorage(db);
    expect(untouched.findRepo('octo', 'hello')).toBeNull();
    untouched.close();
    const failure = await mirror(targetFile(), { from: src.api, token: 'isc_pat_not_a_real_token_123' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MirrorError);
    expect((failure as Error).message).toMatch(/refused the token: 401 Bad credentials/);
    expect((failure as Error).message).not.toContain('isc_pat_not_a_real_token_123');
  });

  it('follows a renamed repository, and asks under the new name from then on', async () => {
    const src = await source();
    const db = targetFile();
    const first = await mirror(db, { from: src.api, source: { owner: 'octo', name: 'old-name' }, target: { owner: 'octo', name: 'moved' } });
    expect(first.result.issues).toBe(3);
    expect(first.events.some((e) => e.kind === 'moved' && e.to.includes('/repos/octo/new-name/'))).toBe(true);
    const second = await mirror(db, { from: src.api, source: { owner: 'octo', name: 'old-name' }, target: { owner: 'octo', name: 'moved' } });
    expect(second.events.some((e) => e.kind === 'moved')).toBe(false);
    expect(second.result).toMatchObject({ charged: 0, notModified: 3 });
  });
});

describe('mirror: the token stays with the source', () => {
  /** A fake source whose answers point elsewhere, and an elsewhere that records who knocked. */
  type FakeAnswer = { status: number; headers?: Record<string, string>; body?: unknown };
  async function listen(handler: (url: string, headers: IncomingHttpHeaders) => FakeAnswer): Promise<{ origin: string; server: Server }> {
    const server = createServer((req, res) => {
      const answer = handler(req.url ?? '', req.headers);
      res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    services.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  it('refuses a Link or a redirect to another origin without sending it anything', async () => {
    const knocks: IncomingHttpHeaders[] = [];
    const elsewhere = await listen((_url, headers) => {
      knocks.push(headers);
      return { status: 200, body: [] };
    });
    for (const trap of ['link', 'redirect'] as const) {
      const fake = await listen((url): FakeAnswer => {
        if (url === '/api/repos/octo/hello') return { status: 200, body: { private: false, full_name: 'octo/hello' } };
        if (trap === 'redirect') return { status: 301, headers: { Location: `${elsewhere.origin}/api/repos/octo/hello/issues` }, body: { message: 'Moved Permanently' } };
        return { status: 200, headers: { Link: `<${elsewhere.origin}/api/repos/octo/hello/issues?page=2>; rel="next"` }, body: makeIssues(1) };
      });
      await expect(mirror(targetFile(), { from: `${fake.origin}/api` }), trap).rejects.toThrow(`the mirror only talks to ${fake.origin}`);
    }
    expect(knocks).toEqual([]);
  });
});
