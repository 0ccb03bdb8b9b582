import { useIsFetching } from '@tanstack/react-query';
import { useMemo } from 'react';
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
 * filters, and say so on arrival. Not while a request is still out: one for
 * the old name brings the new name's data too (./renamed-answers), where
 * leaving now would cancel it and ask again.
 */
export function FollowRename({ owner, repo, movedTo }: { owner: string; repo: string; movedTo: string | null | undefined }) {
  const location = useLocation();
  const pending = useIsFetching({ predicate: () => Boolean(movedTo) });
  // One object per rename: <Navigate> navigates again whenever its state changes, and this renders again while it navigates.
  const state = useMemo<RenamedState | null>(() => (movedTo ? { renamedFrom: `${owner}/${repo}`, renamedTo: movedTo } : null), [owner, repo, movedTo]);
  if (!movedTo || state === null || movedTo.toLowerCase() === `${owner}/${repo}`.toLowerCase() || pending > 0) return null;
  const [newOwner, newRepo] = movedTo.split('/');
  if (!newOwner || !newRepo) return null;
  const rest = location.pathname.split('/').slice(3).join('/');
  const to = `/${encodeURIComponent(newOwner)}/${encodeURIComponent(newRepo)}${rest ? `/${rest}` : ''}${location.search}${location.hash}`;
  return <Navigate to={to} replace state={state} />;
}
