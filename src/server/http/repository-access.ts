/**
 * Who may see a repository, and which documentation its 404 names. The step
 * that resolves `/repos/{owner}/{repo}` (http/api-steps.ts) answers the same
 * 404, byte for byte, whether a repository does not exist or is private to
 * someone else (spec 4.1.8, 5.6), and a 301 to its new name if it was renamed.
 */
import { DOCS } from './error-bodies';
import type { RepoRecord, TokenRecord } from '../store/records';

/** Which documentation a 404 names depends only on the path asked for, never on what exists. */
export function docForPath(path: string): string {
  if (/\/issues\/comments\/?$/.test(path)) return DOCS.listRepoComments;
  if (/\/issues\/[^/]+\/comments\/?$/.test(path)) return DOCS.listComments;
  if (/\/issues\/[^/]+\/?$/.test(path)) return DOCS.getIssue;
  if (/\/issues\/?$/.test(path)) return DOCS.listIssues;
  if (/\/labels\/?$/.test(path)) return DOCS.listLabels;
  if (/\/assignees\/?$/.test(path)) return DOCS.listAssignees;
  if (/\/milestones\/[^/]+\/?$/.test(path)) return DOCS.getMilestone;
  if (/\/milestones\/?$/.test(path)) return DOCS.listMilestones;
  if (/^\/api\/repos\/[^/]+\/[^/]+\/?$/.test(path)) return DOCS.getRepo;
  return DOCS.root;
}

/** A private repository is visible only to a token granted it. */
export function canSee(token: TokenRecord | null, repo: RepoRecord): boolean {
  if (!repo.isPrivate) return true;
  return token?.privateRepoIds.has(repo.id) ?? false;
}
