/**
 * After a 301, an answer under the key its new name's view asks for
 * (./renamed-answers, loaded only then). The query waits for that chunk (rare,
 * and short); should it not load, nothing is put there and the new name's view
 * asks again, as it did before.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '../api/api-types';
import type { RenamedQuery } from './renamed-answers';

export async function seedAfterRename(client: QueryClient, identity: string, query: RenamedQuery, requestUrl: string, response: ApiResponse<unknown>): Promise<void> {
  if (response.movedTo === null) return;
  await import('./renamed-answers').then(
    ({ seed }) => seed(client, identity, query, requestUrl, response),
    () => undefined,
  );
}
