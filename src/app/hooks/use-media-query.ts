import { useCallback, useSyncExternalStore } from 'react';
import { falseOnTheServer } from './use-hydrated';

/** Tailwind's `sm` breakpoint: from here a screen is wider than a phone's. */
export const WIDE_SCREEN = '(min-width: 40rem)';

function mediaQueryList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/**
 * Whether a CSS media query matches now, re-rendering when that changes; false where there is no `matchMedia`.
 * A page rendered on the service, and the browser's hydration of it, read false (a server has no
 * screen); React then renders again with the browser's answer.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', listener);
      return () => list?.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaQueryList(query)?.matches ?? false, falseOnTheServer);
}
