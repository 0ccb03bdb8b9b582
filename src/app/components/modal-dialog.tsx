import { useEffect, useId, useRef, type ReactNode } from 'react';
import { XIcon } from './icons';

/**
 * A native modal `<dialog>` (focus trapping, Escape and the top layer come from
 * the browser), opened and closed from React state. Where `showModal` is
 * missing (old browsers, jsdom) it falls back to the `open` attribute.
 */
export function ModalDialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const isOpen = dialog.hasAttribute('open');
    if (open && !isOpen) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && isOpen) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-line bg-canvas p-0 text-fg shadow-2xl"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <button type="button" onClick={onClose} className="rounded-md p-1 text-fg-muted hover:bg-canvas-subtle hover:text-fg" aria-label="Close">
          <XIcon size={16} />
        </button>
      </div>
      <div className="px-4 py-3">{open ? children : null}</div>
    </dialog>
  );
}
