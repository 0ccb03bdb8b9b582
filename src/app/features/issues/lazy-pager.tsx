/**
 * The pager as a chunk of its own, for every list that shows one (a repository's, `/issues`):
 * it is loaded once the rows are on screen (useRowsShown), since the rows need none of it, and
 * retried through an outage like the other chunks.
 */
import { lazy } from 'react';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';

export const LazyPager = lazy(async () => ({ default: (await importOutlastingOutage(() => import('./pager'))).Pager }));
