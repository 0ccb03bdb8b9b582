/**
 * Hovercards, as github.com shows them: resting the pointer on `#123`, `owner/repo#123` or
 * `@login` (in titles, bodies, comments and the timeline: wherever such a reference is a link
 * into this app, or the timeline marks a person or an issue, ./hovercard-target.ts), or reaching
 * it with the keyboard, shows a card of the issue or the person beside it. One listener on the document serves every page, so no component
 * that renders such links needs to know.
 *
 * - Fetched on intent only: after the pointer rests `HOVER_DELAY_MS` on the link, or at once on
 *   focus; a pointer that only passes over costs nothing.
 * - The card is `role="tooltip"`, named, and the link is described by it while it shows; Escape,
 *   leaving the link (and the card), or moving focus away dismisses it.
 * - It floats over the page (absolute, in its own layer, a fixed width and a minimum height),
 *   so nothing on the page moves when it opens or when its content arrives.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { hovercardTarget, targetKey, type HovercardTarget } from './hovercard-target';

const loadCard = () => import('./hovercard-card');
const HovercardCard = lazy(async () => ({ default: (await importOutlastingOutage(loadCard)).HovercardCard }));

/** How long the pointer rests on a link before its card is asked for (github.com waits about as long). */
const HOVER_DELAY_MS = 350;
/** How long a card stays once the pointer leaves its link, so the pointer can cross to the card. */
const HIDE_DELAY_MS = 200;
const CARD_WIDTH_PX = 320;
const EDGE_PX = 8;
const GAP_PX = 6;

interface Shown {
  anchor: HTMLAnchorElement;
  target: HovercardTarget;
  key: string;
  top: number;
  left: number;
  /** below the link, or above it when the window has no room below */
  above: boolean;
  /** the page it was opened on: another page's link is gone, and so is its card */
  locationKey: string;
}

function anchorOf(node: EventTarget | null): HTMLAnchorElement | null {
  return node instanceof Element ? node.closest('a[href]') : null;
}

function placeBeside(anchor: HTMLAnchorElement): Pick<Shown, 'top' | 'left' | 'above'> {
  const rect = anchor.getBoundingClientRect();
  const room = document.documentElement.clientWidth;
  const above = rect.bottom + 180 > window.innerHeight && rect.top > 180;
  const left = Math.max(EDGE_PX, Math.min(rect.left, room - CARD_WIDTH_PX - EDGE_PX)) + window.scrollX;
  const top = (above ? rect.top - GAP_PX : rect.bottom + GAP_PX) + window.scrollY;
  return { top, left, above };
}

export function HovercardLayer() {
  const location = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const cardId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  const visible = shown !== null && shown.locationKey === location.key ? shown : null;

  useEffect(() => {
    let showTimer: number | undefined;
    let hideTimer: number | undefined;
    const cancelShow = () => window.clearTimeout(showTimer);
    const cancelHide = () => window.clearTimeout(hideTimer);
    const hide = () => {
      cancelShow();
      cancelHide();
      setShown(null);
    };
    const show = (anchor: HTMLAnchorElement, target: HovercardTarget) => {
      cancelHide();
      const key = targetKey(target);
      setShown((current) => (current?.anchor === anchor && current.key === key ? current : { anchor, target, key, ...placeBeside(anchor), locationKey: location.key }));
    };
    const targetOf = (anchor: HTMLAnchorElement) =>
      hovercardTarget(anchor.getAttribute('href') ?? '', anchor.textContent ?? '', window.location.origin, {
        login: anchor.dataset.hovercardLogin,
        issue: anchor.dataset.hovercard === 'issue',
      });
    const onCard = (node: EventTarget | null) => node instanceof Node && cardRef.current?.contains(node) === true;

    function onPointerOver(event: PointerEvent): void {
      if (event.pointerType === 'touch') return; // a tap opens the link; a card would only flash
      if (onCard(event.target)) {
        cancelHide();
        return;
      }
      const anchor = anchorOf(event.target);
      const target = anchor ? targetOf(anchor) : null;
      if (!anchor || !target) return;
      cancelShow();
      cancelHide();
      showTimer = window.setTimeout(() => show(anchor, target), HOVER_DELAY_MS);
    }
    function onPointerOut(event: PointerEvent): void {
      const from = anchorOf(event.target);
      const fromCard = onCard(event.target);
      if (!from && !fromCard) return;
      // Still within the link or the card (moving between their children): nothing to do.
      if (from?.contains(event.relatedTarget as Node | null) === true || (fromCard && onCard(event.relatedTarget))) return;
      cancelShow();
      cancelHide();
      hideTimer = window.setTimeout(() => setShown(null), HIDE_DELAY_MS);
    }
    function onFocusIn(event: FocusEvent): void {
      const anchor = anchorOf(event.target);
      const target = anchor ? targetOf(anchor) : null;
      if (anchor && target) show(anchor, target);
    }
    function onFocusOut(event: FocusEvent): void {
      if (anchorOf(event.target) && !onCard(event.relatedTarget)) hide();
    }
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key === 'Escape') hide();
    }
    // A link already under the pointer or focused when the layer starts listening (its chunk
    // comes after the first paint, and again on each page) still gets its card.
    const focused = anchorOf(document.activeElement);
    const focusedTarget = focused ? targetOf(focused) : null;
    const hovered = [...document.querySelectorAll<HTMLAnchorElement>('a[href]:hover')].at(-1) ?? null;
    const hoveredTarget = hovered ? targetOf(hovered) : null;
    if (focused && focusedTarget) show(focused, focusedTarget);
    else if (hovered && hoveredTarget) showTimer = window.setTimeout(() => show(hovered, hoveredTarget), HOVER_DELAY_MS);
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelShow();
      cancelHide();
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKeyDown);
    };
    // Listening again on each page, so a card remembers the page it was opened on.
  }, [location.key]);

  // The link is described by its card while the card shows (the link is React's, its description the layer's).
  useEffect(() => {
    if (!visible) return;
    const { anchor } = visible;
    const before = anchor.getAttribute('aria-describedby');
    anchor.setAttribute('aria-describedby', before ? `${before} ${cardId}` : cardId);
    return () => {
      if (before === null) anchor.removeAttribute('aria-describedby');
      else anchor.setAttribute('aria-describedby', before);
    };
  }, [visible, cardId]);

  if (!visible) return null;
  const { target } = visible;
  const name = target.kind === 'issue' ? `Preview of ${target.owner}/${target.repo}#${target.number}` : `Preview of @${target.login}`;
  return createPortal(
    <div
      ref={cardRef}
      id={cardId}
      role="tooltip"
      aria-label={name}
      className="absolute z-40 min-h-[5.5rem] rounded-md border border-line bg-canvas p-3 text-sm shadow-xl"
      // A hovercard exists only in the browser: React sets its position through the CSSOM, which the CSP allows (issue 48).
      style={{ top: visible.top, left: visible.left, width: CARD_WIDTH_PX, maxWidth: `calc(100vw - ${2 * EDGE_PX}px)`, transform: visible.above ? 'translateY(-100%)' : undefined }}
    >
      <Suspense fallback={<p className="text-fg-muted">Loading…</p>}>
        <HovercardCard target={target} />
      </Suspense>
    </div>,
    document.body,
  );
}
