/**
 * github.com/o/r/pulls?q=…: the list with the same query (open pull requests
 * when it has none). A route `lazy` chunk (src/app/app-router.tsx) with the
 * translator, which the list's first paint does not need.
 */
import { Navigate, useLocation, useParams } from 'react-router';
import { listPath } from '../app-paths';
import { translateListQuery } from '../features/repo-picker/github-url';

export function PullsRedirect() {
  const { owner = '', repo = '' } = useParams();
  const location = useLocation();
  return <Navigate to={listPath(owner, repo, translateListQuery(new URLSearchParams(location.search), 'pulls'))} replace />;
}
