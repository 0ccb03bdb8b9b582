/**
 * The one rule for requests the reader did not ask for (issue 47): the other
 * state's count, a menu's contents, the box's suggestions, a hovercard. While
 * less than a tenth of a window's limit is left, they wait for its reset, so
 * the credits that remain go to the rows, issues and pages the reader opens.
 *
 * Every fetcher of such a request asks `useSecondaryRequest(what, resource,
 * wanted)` and fetches only when it is allowed; what waits is listed in a
 * small store (services/held-requests.ts), which the header's gauge reads to say what is
 * held back and until when.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useAppServices } from './app-services-context';
import type { HeldRequest } from './held-requests';
import type { RateLimitResource, RateLimitState } from './rate-limit-store';
import { useRateLimitReading } from './use-rate-limit-block';

/** Below this share of a window's limit left, only what the reader asked for is fetched. */
export const SECONDARY_FLOOR_SHARE = 0.1;

/**
 * When secondary requests spending `resource` may go again (Unix ms, the
 * window's reset), or null when they may go now. A budget not read yet, or
 * whose window has passed, is taken as whole.
 */
export function secondaryHoldUntil(state: RateLimitState, now: number, resource: RateLimitResource): number | null {
  const reading = resource === 'search' ? state.search : state.core;
  if (reading === null || now >= reading.resetAt) return null;
  return reading.remaining < reading.limit * SECONDARY_FLOOR_SHARE ? reading.resetAt : null;
}

/** What a secondary fetcher may do now. */
export interface SecondaryRequest {
  allowed: boolean;
  /** when it may go (the window's reset), while it may not */
  heldUntil: number | null;
}

/**
 * Whether a secondary request spending `resource` may be fetched now. While
 * `wanted` (the fetcher would fetch it) and not allowed, it is listed as held
 * back under `what`, for the gauge; it comes off once fetched or unwanted.
 */
export function useSecondaryRequest(what: string, resource: RateLimitResource, wanted: boolean): SecondaryRequest {
  const { heldRequests } = useAppServices();
  const heldUntil = useRateLimitReading((state, now) => secondaryHoldUntil(state, now, resource));
  const held = wanted && heldUntil !== null;
  // Listing it is a subscription of sorts: the gauge, outside this component, must hear of it and of its end.
  useEffect(() => (held ? heldRequests.hold({ what, resource, until: heldUntil }) : undefined), [held, heldRequests, what, resource, heldUntil]);
  return { allowed: heldUntil === null, heldUntil };
}

/** What is held back now, for the gauge. */
export function useHeldRequests(): readonly HeldRequest[] {
  const { heldRequests } = useAppServices();
  // Nothing is held before the page's first requests, on the service and in the browser alike.
  return useSyncExternalStore(heldRequests.subscribe, heldRequests.getSnapshot, heldRequests.getSnapshot);
}
