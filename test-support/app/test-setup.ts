import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only by itself when test globals are on; they are not here.
afterEach(() => {
  cleanup();
});

// jsdom has no layout: scrolling (ScrollRestoration) is a no-op rather than a "not implemented" error.
// Some files run in the node environment (`@vitest-environment node`), without a window.
if (typeof window !== 'undefined') window.scrollTo = () => {};
