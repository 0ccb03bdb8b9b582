import { useEffect, useState } from 'react';

/**
 * Whether the list's rows have been on screen: false until a task after the
 * commit that first showed them, then true for good. What renders only once
 * this holds (the header's counts, the pager) loads its chunk after the rows,
 * so the first rows wait for no JavaScript beyond the first paint's (issue 30:
 * at most the first-paint budget, gzip, loaded when they show).
 */
export function useRowsShown(shown: boolean): boolean {
  const [wereShown, setWereShown] = useState(false);
  useEffect(() => {
    if (!shown || wereShown) return;
    const timer = setTimeout(() => setWereShown(true), 0);
    return () => clearTimeout(timer);
  }, [shown, wereShown]);
  return wereShown;
}
