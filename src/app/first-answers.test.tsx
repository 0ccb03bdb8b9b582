/**
 * The service preloads the answers src/shared/first-answers.ts names for a
 * page (issue 48); a preload the app does not ask for is a request spent for
 * nothing. So the app's first requests of those pages are held to that list:
 * a change of the list's default view or of what a page asks first fails here.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firstAnswerPaths } from '../shared/first-answers';
import { makeIssue, searchResult, TEST_BASE_URL } from '../../test-support/app/fake-api';
import { listHandler } from '../../test-support/app/issue-list-fixtures';
import { renderApp } from '../../test-support/app/render-app';

describe('the first requests of a page are the answers its HTML preloads', () => {
  it('the plain list', async () => {
    const { api } = renderApp(['/acme/rocket/issues'], {
      handler: (url) => (url.pathname.endsWith('/search/issues') ? searchResult([makeIssue(40, { title: 'Launch crashes on Windows' })], 1) : listHandler(url)),
    });
    await screen.findByRole('link', { name: 'Launch crashes on Windows' });
    const preloaded = firstAnswerPaths('/acme/rocket/issues', '').map((p) => `${TEST_BASE_URL}${p}`);
    // Each preloaded answer is one the app asks for (the closed count follows the page: a search of one entry).
    await waitFor(() => expect(api.calls).toEqual(expect.arrayContaining(preloaded)));
  });
});
