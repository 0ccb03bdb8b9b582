import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useConnection } from '../../services/app-services-context';
import { issueKeys } from '../../services/query-keys';

const SEPARATOR = '\n';

/**
 * Which of these list page URLs the query cache holds an answer for: pages
 * that show without a request (while the rate limit is spent, say).
 * Re-renders only when that set changes.
 */
export function useHeldPages(urls: readonly string[]): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const { identity } = useConnection();
  const key = urls.join(SEPARATOR);
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  const read = () =>
    key === ''
      ? ''
      : key
          .split(SEPARATOR)
          .filter((url) => queryClient.getQueryData(issueKeys.page(identity, url)) !== undefined)
          .join(SEPARATOR);
  // The query cache a rendered page hands over holds what the service's cache held.
  const held = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => new Set(held === '' ? [] : held.split(SEPARATOR)), [held]);
}
