import { useEffect, type RefObject } from 'react';

/** Closes an open `<details>` menu on a click outside it or on Escape, as menus do. */
export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    function onPointerDown(event: PointerEvent): void {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent): void {
      const details = ref.current;
      if (event.key !== 'Escape' || !details?.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [ref]);
}
