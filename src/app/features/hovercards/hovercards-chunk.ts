/**
 * The hovercard layer is a chunk of its own, fetched with the other later chunks once the first
 * page has its answers (main.tsx): a pointer rarely rests on a reference before then, and the
 * first rows wait for no script beyond the first paint (e2e/first-rows-scripts.spec.ts). The
 * root layout renders the layer (lazily, from this same fetch) once it is here; a link already hovered or focused then gets
 * its card (hovercard-layer.tsx).
 */
import { useSyncExternalStore } from 'react';
import { falseOnTheServer } from '../../hooks/use-hydrated';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';

type LayerModule = typeof import('./hovercard-layer');

let loaded: LayerModule | null = null;
let loading: Promise<LayerModule> | null = null;
const listeners = new Set<() => void>();

/** Fetches the layer's chunk once; a failed fetch is forgotten, so a later call tries again. */
export function loadHovercards(): Promise<LayerModule> {
  loading ??= importOutlastingOutage(() => import('./hovercard-layer')).then(
    (module) => {
      loaded = module;
      for (const listener of [...listeners]) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the layer's chunk is here. */
export function useHovercardsLoaded(): boolean {
  // Never on the service, and not while the browser hydrates what it rendered: the chunk comes later.
  return useSyncExternalStore(subscribe, () => loaded !== null, falseOnTheServer);
}
