/**
 * The one `import()` of ./pager: the list page renders it through React.lazy
 * once a page has rows, and the list's loader starts it with the first
 * page's request, so both arrive together.
 */
export const loadPager = () => import('./pager');
