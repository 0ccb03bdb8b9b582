import { useEffect, useEffectEvent } from 'react';

/** Handlers by key (`j`, `?`, `Enter`) or two-key sequence (`g i`). */
export type Hotkeys = Record<string, (event: KeyboardEvent) => void>;

/** How long the first key of a sequence (`g`) waits for the second. */
export const SEQUENCE_TIMEOUT_MS = 1500;

/** Keys typed into a field are text, not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** Keyboard shortcuts on the page, except while typing, with a modifier held, or inside an open dialog. */
export function useHotkeys(hotkeys: Hotkeys): void {
  const handle = useEffectEvent((event: KeyboardEvent, sequence: string | null): 'handled' | 'prefix' | 'none' => {
    const combo = sequence === null ? event.key : `${sequence} ${event.key}`;
    const handler = hotkeys[combo];
    if (handler !== undefined) {
      handler(event);
      return 'handled';
    }
    if (sequence === null && Object.keys(hotkeys).some((key) => key.startsWith(`${event.key} `))) return 'prefix';
    return 'none';
  });

  useEffect(() => {
    let sequence: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    function onKeyDown(event: KeyboardEvent): void {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.target instanceof Element && event.target.closest('dialog[open]')) return;
      const result = handle(event, sequence);
      clearTimeout(timer);
      sequence = null;
      if (result === 'prefix') {
        sequence = event.key;
        timer = setTimeout(() => {
          sequence = null;
        }, SEQUENCE_TIMEOUT_MS);
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
