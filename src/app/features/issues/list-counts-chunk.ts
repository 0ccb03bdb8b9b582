/**
 * The one `import()` of ./list-counts, the counts of what the list's query
 * selects: the list page renders it through React.lazy, and the list's loader
 * starts it with the first page's request, so both arrive together.
 */
export const loadListCounts = () => import('./list-counts');
