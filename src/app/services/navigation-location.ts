/**
 * Route loaders get the request URL but not the location state, and the issue
 * list keeps the `Link` URL it follows in that state (spec 4.2 rule 3). This
 * reads the state of the navigation a loader is serving from the router, so
 * the loader starts the same request the page will make, not a second one.
 */
import type { Location } from 'react-router';

interface RouterLike {
  state: {
    initialized: boolean;
    location: Location;
    navigation: { location?: Location | undefined };
  };
}

export interface NavigationLocation {
  attach(router: RouterLike): void;
  /** The location state of the navigation to `request`, or null when unknown. */
  stateFor(request: Request): unknown;
  /** True while the page's first location loads (a shared link, a reload). */
  isInitialLoad(): boolean;
}

function samePlace(location: Location | undefined, url: URL): boolean {
  return location !== undefined && location.pathname === url.pathname && location.search === url.search;
}

export function createNavigationLocation(): NavigationLocation {
  let router: RouterLike | null = null;
  return {
    attach(next) {
      router = next;
    },
    stateFor(request) {
      const url = new URL(request.url);
      if (router !== null) {
        const { navigation, location } = router.state;
        if (samePlace(navigation.location, url)) return navigation.location?.state ?? null;
        if (samePlace(location, url)) return location.state ?? null;
        return null;
      }
      // The first load runs while the router is being created: the browser's own
      // history entry holds the state (React Router keeps it under `usr`).
      if (typeof window !== 'undefined' && window.location.href === url.href) {
        const entry: unknown = window.history.state;
        if (typeof entry === 'object' && entry !== null && 'usr' in entry) return (entry as { usr: unknown }).usr ?? null;
      }
      return null;
    },
    isInitialLoad() {
      return router === null || !router.state.initialized;
    },
  };
}
