/** The list's message in place of rows: an icon, a title, and what to do. */
import type { ReactNode } from 'react';
import { IssueOpenedIcon } from '../../components/icons';

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <span className="text-fg-muted">{icon ?? <IssueOpenedIcon size={24} aria-hidden="true" />}</span>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children ? <div className="max-w-md space-y-3 text-fg-muted">{children}</div> : null}
    </div>
  );
}
