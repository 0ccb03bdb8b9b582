/**
 * github.com/o/r/pulls?q=…: the list, showing pull requests, with GitHub's
 * search translated. A route `lazy` chunk (src/app/app-router.tsx) with the
 * translator, which the list's first paint does not need.
 */
import { Navigate, useLocation, useParams } from 'react-router';
import { listPath } from '../features/repo-picker/app-paths';
import { translateListQuery } from '../features/repo-picker/github-url';

export function PullsRedirect() {
  const { owner = '', repo = '' } = useParams();
  const location = useLocation();
  const { params, ignored } = translateListQuery(new URLSearchParams(location.search), 'pulls');
  return <Navigate to={listPath(owner, repo, params)} replace state={ignored.length > 0 ? { ignoredQualifiers: ignored } : null} />;
}
