import { Navigate, useLocation } from 'react-router';

/** Where a renamed repository's notice comes from: the location state of the redirect. */
export interface RenamedState {
  renamedFrom: string;
  renamedTo: string;
}

export function readRenamed(state: unknown): RenamedState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { renamedFrom, renamedTo } = state as Record<string, unknown>;
  return typeof renamedFrom === 'string' && typeof renamedTo === 'string' ? { renamedFrom, renamedTo } : null;
}

/**
 * spec 4.1.7: the repository moved (the client saw the 301). Replace the
 * address with the new owner/name, keeping the rest of the path and the
 * filters, and say so on arrival.
 */
export function FollowRename({ owner, repo, movedTo }: { owner: string; repo: string; movedTo: string | null | undefined }) {
  const location = useLocation();
  if (!movedTo || movedTo.toLowerCase() === `${owner}/${repo}`.toLowerCase()) return null;
  const [newOwner, newRepo] = movedTo.split('/');
  if (!newOwner || !newRepo) return null;
  const rest = location.pathname.split('/').slice(3).join('/');
  const to = `/${encodeURIComponent(newOwner)}/${encodeURIComponent(newRepo)}${rest ? `/${rest}` : ''}${location.search}${location.hash}`;
  const state: RenamedState = { renamedFrom: `${owner}/${repo}`, renamedTo: movedTo };
  return <Navigate to={to} replace state={state} />;
}
