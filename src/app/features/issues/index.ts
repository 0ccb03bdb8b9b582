/**
 * The issue list's public entry: what other features may use of it (issue 49). Everything else in
 * this folder is the list's own, and .dependency-cruiser.cjs refuses a feature that reaches past
 * this file. A chunk the list loads lazily is exported only as its lazy component (`LazyPager`),
 * never re-exported statically, so that importing this entry never pulls a lazy chunk into the
 * importer's.
 */
export { EmptyState } from './empty-state';
export { IssueListSkeleton, ListBeforeFirstPage, PastTheEnd } from './issue-list-states';
export { IssueRow } from './issue-row';
export { LazyPager } from './lazy-pager';
export type { ListView, PageTarget } from './list-view';
export { OfflineBanner } from './offline-banner';
export { summarizeQuery } from './query-edit';
export { RetryNotice } from './retry-notice';
export type { useIssuePage } from './use-issue-page';
