import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * How long findBy… and waitFor wait for what the user would wait for. Testing Library's one
 * second is a bound on the host's speed: two workers on a loaded two-core host missed it
 * (issue 46). A wait still ends as soon as its condition holds, so passing tests take no longer.
 */
const ASYNC_UTIL_TIMEOUT_MS = 10_000;
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// Testing Library unmounts after each test only by itself when test globals are on; they are not here.
afterEach(() => {
  cleanup();
});

// jsdom has no layout: scrolling (ScrollRestoration) is a no-op rather than a "not implemented" error.
// Some files run in the node environment (`@vitest-environment node`), without a window.
if (typeof window !== 'undefined') window.scrollTo = () => {};
