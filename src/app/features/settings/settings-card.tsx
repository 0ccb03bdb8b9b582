import type { ReactNode } from 'react';

/** One section of the Settings page: a titled card. */
export function SettingsCard({ icon, title, children, labelledBy }: { icon: ReactNode; title: string; children: ReactNode; labelledBy: string }) {
  return (
    <section aria-labelledby={labelledBy} className="card">
      <h2 id={labelledBy} className="flex items-center gap-2 border-b border-line bg-canvas-subtle px-4 py-3 text-base font-semibold">
        {icon}
        {title}
      </h2>
      <div className="space-y-4 p-4">{children}</div>
    </section>
  );
}
