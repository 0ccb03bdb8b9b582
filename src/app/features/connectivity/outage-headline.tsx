/**
 * What an outage is, in the words of both the outage bar (./service-status-notice)
 * and the plain bar the slot shows while that bar's chunk cannot be had
 * (./service-status-slot): in the entry chunk, so both say the same.
 */
export function OutageHeadline({ browserOffline, origin }: { browserOffline: boolean; origin: string }) {
  if (browserOffline) return <strong>You are offline</strong>;
  return (
    <>
      <strong>Can’t reach the service</strong>
      {/* On a phone the address would take two lines of the sticky header; Settings shows it. */}
      <span className="hidden sm:inline">
        {' '}
        at <span className="font-mono break-all">{origin}</span>
      </span>
    </>
  );
}
