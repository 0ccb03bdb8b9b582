/**
 * `GET /users/{username}`: who a login is, for hovercards, in GitHub's `public-user` shape.
 *
 * The service knows people only from the repositories it holds, so a login answers only when
 * it appears in one the caller may see (its owner, an issue's author, assignee or mention, a
 * comment's author; store/people-queries.ts), or is the caller's own: anyone else is the 404
 * of a login never seen, byte for byte, whether it is unknown or known only from a private
 * repository the caller cannot see (spec 4.1.8: private is answered as missing).
 */
import { Hono } from 'hono';
import { toIsoSeconds } from '../../shared/iso-seconds';
import type { AppEnv } from '../app-env';
import { DOCS, errors } from '../http/error-bodies';
import { basesOf, renderedAnswer, sendError, sendSpanningAnswer } from '../http/respond';
import type { PeopleReader, RepositoryReader } from '../store/storage';
import { privateReposOf } from './search-access';
import { publicUserDocument } from './public-user';

export function userRoutes(store: Pick<PeopleReader, 'findVisibleUser'> & Pick<RepositoryReader, 'findUser'>, webBase: string | null): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/:username', async (c) => {
    const login = c.req.param('username');
    const token = c.get('token');
    const seen = await store.findVisibleUser(login, [...privateReposOf(token)]);
    const own = token !== null && token.login.toLowerCase() === login.toLowerCase();
    if (!seen && !own) return sendError(c, errors.notFound(DOCS.getUserByName));
    const tokenSince = own ? toIsoSeconds(token.createdAt * 1000) : null;
    // The earliest moment the caller could have known the account by, as `GET /user` says for its own.
    const since = [seen?.firstSeen, tokenSince].filter((s): s is string => s != null).sort()[0] ?? toIsoSeconds(0);
    const user = seen?.user ?? (own ? await store.findUser(login) : null);
    const body = publicUserDocument(login, user, since, basesOf(c, webBase));
    return sendSpanningAnswer(c, renderedAnswer(JSON.stringify(body), null));
  });

  return routes;
}
