/**
 * The one `import()` of the continuous list (with its virtualised rows and
 * @tanstack/react-virtual), a chunk of its own that paged mode never loads:
 * the list page renders it through React.lazy, and the list's loader calls it
 * on arrival at a `view=continuous` URL so it downloads alongside the first page.
 */
export const loadContinuousIssueList = () => import('./continuous-issue-list');
