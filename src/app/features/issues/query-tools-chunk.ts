/**
 * The one `import()` of ./query-tools, remembered once loaded so a render can
 * use it without waiting (the list's loader awaits it before a view with a
 * `q` renders).
 */
import type { QueryTools } from './query-tools';

let loaded: QueryTools | null = null;
let loading: Promise<QueryTools> | null = null;

export function loadQueryTools(): Promise<QueryTools> {
  loading ??= import('./query-tools').then(
    (module) => (loaded = module.queryTools),
    (error: unknown) => {
      // Not remembered: the next navigation tries the download again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The tools if their chunk has arrived, else null. */
export function loadedQueryTools(): QueryTools | null {
  return loaded;
}
