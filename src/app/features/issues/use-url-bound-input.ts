import { useEffect, type RefObject } from 'react';

/**
 * An uncontrolled input whose value lives in the URL: typing writes the URL,
 * and a change made elsewhere (a removed chip, Back) is written into the input,
 * but never while the user is typing in it.
 */
export function useUrlBoundInput(ref: RefObject<HTMLInputElement | null>, value: string): void {
  useEffect(() => {
    const input = ref.current;
    if (input !== null && input !== document.activeElement && input.value !== value) input.value = value;
  }, [ref, value]);
}
