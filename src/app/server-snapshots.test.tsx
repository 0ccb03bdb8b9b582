/**
 * What the app's stores read on a server, and while the browser hydrates what a server rendered:
 * the same thing, so React adopts the markup instead of throwing it away (a recoverable error, and a
 * render from scratch), and then the browser's own value. issue 48's spike (docs/ssr-spike.md).
 */
import { act, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryEtagStore } from './api/etag-store';
import { RelativeTime } from './components/relative-time';
import { RateLimitGauge } from './features/rate-limit/rate-limit-gauge';
import { AppProviders } from './app-providers';
import { createAppServices } from './app-services';
import { useMediaQuery, WIDE_SCREEN } from './hooks/use-media-query';
import { createSafeStorage } from './storage/safe-storage';
import { MemoryStorage } from '../../test-support/app/render-app';
import { createFakeApi, TEST_BASE_URL } from '../../test-support/app/fake-api';
import { AppServicesProvider, type AppServices } from './services/app-services-context';
import { rememberRepo } from './services/recent-repos';
import { useClockSelect, useNow, useRecentRepos } from './services/use-services';

const RENDERED_AT = Date.UTC(2026, 10, 29, 12, 0, 0);
const A_WEEK_LATER = RENDERED_AT + 7 * 24 * 3600_000;

function services({ now, renderedAt, local = new MemoryStorage() }: { now: number; renderedAt?: number; local?: MemoryStorage }): AppServices {
  return createAppServices({
    local: createSafeStorage('local', () => local),
    session: createSafeStorage('session', () => new MemoryStorage()),
    defaultBaseUrl: TEST_BASE_URL,
    etagStore: createMemoryEtagStore(),
    createClient: createFakeApi(() => undefined).factory,
    now: () => now,
    renderedAt,
  });
}

function Page() {
  const now = useNow();
  const day = useClockSelect((ms) => new Date(ms).toISOString().slice(0, 10));
  const recent = useRecentRepos();
  const wide = useMediaQuery(WIDE_SCREEN);
  return (
    <main>
      <p>now {now}</p>
      <p>day {day}</p>
      <p>recent {recent.map((r) => r.fullName).join(', ') || 'none'}</p>
      <p>{wide ? 'wide screen' : 'narrow screen'}</p>
    </main>
  );
}

// Testing Library sets this for its own render; these tests call React's roots themselves.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Renders <Page> as the service would, then hydrates it in this document as the browser would; the errors React reported. */
async function renderThenHydrate(
  server: AppServices,
  browser: AppServices,
  page: ReactNode = <Page />,
  betweenTheTwo: () => void = () => {},
): Promise<{ recoverable: unknown[]; mismatchLogs: string[] }> {
  const html = renderToString(<AppProviders services={server}>{page}</AppProviders>);
  betweenTheTwo();
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  const mismatchLogs: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    mismatchLogs.push(args.map(String).join(' '));
  });
  try {
    await act(async () => {
      root = hydrateRoot(container, <AppProviders services={browser}>{page}</AppProviders>, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
  } finally {
    consoleError.mockRestore();
  }
  return { recoverable, mismatchLogs };
}

describe('a page rendered on the service, hydrated in the browser', () => {
  it('adopts the markup though the clock, the device lists and the screen differ, then shows the browser’s own', async () => {
    const device = new MemoryStorage();
    const browser = services({ now: A_WEEK_LATER, renderedAt: RENDERED_AT, local: device });
    rememberRepo(browser.recentRepos, { fullName: 'acme/rocket', description: null, private: false, visitedAt: A_WEEK_LATER });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));

    const { recoverable, mismatchLogs } = await renderThenHydrate(services({ now: RENDERED_AT, renderedAt: RENDERED_AT }), browser);

    expect(recoverable).toEqual([]);
    expect(mismatchLogs).toEqual([]);
    // After hydration, the browser's own values.
    expect(document.body).toHaveTextContent(`now ${A_WEEK_LATER}`);
    expect(document.body).toHaveTextContent('day 2026-12-06');
    expect(document.body).toHaveTextContent('recent acme/rocket');
    expect(document.body).toHaveTextContent('wide screen');
  });

  it('a time written in the reader’s zone (a hover) is left out of the rendered page and its hydration, then written', async () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      const [server, browser] = [services({ now: RENDERED_AT, renderedAt: RENDERED_AT }), services({ now: RENDERED_AT, renderedAt: RENDERED_AT })];
      // The reading the page hands over (first-view-data.ts): the gauge's hover names its reset time.
      const reading = { limit: 60, remaining: 59, used: 1, resetAt: RENDERED_AT + 3600_000, resource: 'core', observedAt: RENDERED_AT };
      server.rateLimit.record(reading);
      browser.rateLimit.record(reading);
      const { recoverable, mismatchLogs } = await renderThenHydrate(
        server,
        browser,
        <>
          <RelativeTime iso="2026-11-28T12:00:00Z" />
          <RateLimitGauge />
        </>,
        // The reader is not where the service is.
        () => void (process.env.TZ = 'Asia/Kolkata'),
      );
      expect(recoverable).toEqual([]);
      expect(mismatchLogs).toEqual([]);
      expect(document.querySelector('time')).toHaveAttribute('title', 'Nov 28, 2026, 5:30:00 PM GMT+5:30');
      // Written after hydration (by then from the browser's own reading of GET /rate_limit).
      expect(document.querySelector('[role="group"]')).toHaveAttribute('title', expect.stringMatching(/ requests left; the quota resets at \d\d:\d\d:\d\d [AP]M$/));
    } finally {
      process.env.TZ = zone;
    }
  });

  it('renders on a server at all: every store the page reads has a server snapshot', () => {
    // React refuses useSyncExternalStore without getServerSnapshot on a server ("Missing getServerSnapshot").
    const html = renderToString(
      <AppServicesProvider services={services({ now: RENDERED_AT, renderedAt: RENDERED_AT })}>
        <Page />
      </AppServicesProvider>,
    );
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page).toHaveTextContent(`now ${RENDERED_AT}`);
    expect(page).toHaveTextContent('recent none');
    expect(page).toHaveTextContent('narrow screen');
  });

  it('a page rendered in the browser reads the clock as it is (its server snapshot is not asked for)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      root = createRoot(container);
      root.render(
        <AppServicesProvider services={services({ now: A_WEEK_LATER })}>
          <Page />
        </AppServicesProvider>,
      );
    });
    expect(container).toHaveTextContent(`now ${A_WEEK_LATER}`);
  });
});
