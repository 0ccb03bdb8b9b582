/**
 * The one `import()` of the continuous list's rows (and @tanstack/react-virtual):
 * React.lazy renders through it, and the list's loader calls it on arrival at a
 * `view=continuous` URL so the chunk downloads alongside the first page.
 */
export const loadVirtualIssueRows = () => import('./virtual-issue-rows');
