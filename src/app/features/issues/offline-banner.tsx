/** Over a page that came from this device's saved copies, not the service (the network is down). */
export function OfflineBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-attention/40 bg-attention-subtle px-3 py-2">
      <span>
        <strong>You are offline.</strong> This is the copy of this page saved on this device; it may be out of date.
      </span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
