/**
 * Which app addresses the service renders (issue 48; the render itself is
 * src/app/entry-first-view.tsx, the page src/server/routes/first-view-page.ts),
 * known from the address alone. Only for an anonymous reader's GET (the
 * service checks the rest), and only addresses without a query string: a
 * filtered or paged list, revisited, is revalidated by the app with free 304s
 * where each render would spend the caller's credits again, and `?`-anything
 * on an issue is no address the app links to.
 *
 * - the plain list, `/OWNER/REPO/issues`: the one whose first answers the
 *   service names (./first-answers.ts);
 * - an issue, `/OWNER/REPO/issues/N`, N as the app's route takes it
 *   (src/app/routes/issue-view-loader.ts: `[1-9]\d{0,9}`). It has no first
 *   answers on purpose (their preloads made its start slower), so it is a rule
 *   of its own here, not one more first answer.
 */
import { firstAnswerPaths, REPO_PART } from './first-answers';

const ISSUE_PAGE = new RegExp(String.raw`^/${REPO_PART}/${REPO_PART}/issues/[1-9]\d{0,9}$`);

/** Whether the service renders the app's page at `pathname` with `search` (`''` or `?…`). */
export function rendersFirstView(pathname: string, search: string): boolean {
  if (search !== '' && search !== '?') return false;
  return firstAnswerPaths(pathname, search).length > 0 || ISSUE_PAGE.test(pathname);
}
