/** A thin indeterminate bar across the top of a region while it refreshes. */
export function ProgressBar({ label }: { label: string }) {
  return (
    <div role="progressbar" aria-label={label} className="absolute inset-x-0 top-0 h-0.5 overflow-hidden rounded-t-md bg-accent-subtle">
      <div className="h-full w-2/5 animate-progress bg-accent" />
    </div>
  );
}
