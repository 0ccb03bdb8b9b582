/** The Types menu's contents (./issue-types-menu): one choice per issue type, with its description. */
import clsx from 'clsx';
import { NotFoundError } from '../../api/api-errors';
import { CheckIcon } from '../../components/page-icons';
import { IssueTypeToken } from '../../components/issue-type-token';
import { Skeleton } from '../../components/skeleton';
import { clockTime } from '../../lib/time-format';
import { useRepoIssueTypes } from '../../services/use-repo-issue-types';
import type { EditQuery } from './query-edit';

export function IssueTypesMenuBody({ owner, repo, open, selected, onEdit }: { owner: string; repo: string; open: boolean; selected: string | null; onEdit: EditQuery }) {
  const { types, heldUntil } = useRepoIssueTypes(owner, repo, open);
  const chosen = selected?.toLowerCase() ?? null;
  const choose = (name: string | null, target: HTMLElement) => {
    onEdit({ kind: 'issueType', name });
    target.closest('details')?.removeAttribute('open');
  };
  if (types.isPending && heldUntil !== null) {
    return <p className="p-3 text-fg-muted">The types wait for credits: fewer than a tenth of the rate limit is left, and it goes to what you open. They load at {clockTime(heldUntil)}.</p>;
  }
  if (types.isPending && open) {
    return (
      <div className="space-y-2 p-3" aria-label="Loading issue types">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  // A service without the endpoint (GitHub for a repository of a user, older versions of ours) has no types to offer.
  if (types.isError && types.error instanceof NotFoundError) return <p className="p-3 text-fg-muted">This repository has no issue types.</p>;
  if (types.isError) return <p className="p-3 text-danger">Could not load the issue types: {types.error.message}</p>;
  const list = types.data?.data ?? [];
  if (list.length === 0) return <p className="p-3 text-fg-muted">This repository has no issue types.</p>;
  return (
    <div role="menu" aria-label="Issue types" className="max-h-80 overflow-y-auto py-1">
      {list.map((type) => {
        const checked = type.name.toLowerCase() === chosen;
        return (
          <button
            key={type.id}
            type="button"
            role="menuitemradio"
            aria-checked={checked}
            onClick={(event) => choose(checked ? null : type.name, event.currentTarget)}
            className="flex w-full items-start gap-2 px-3 py-1.5 text-left hover:bg-canvas-subtle"
          >
            <span className={clsx('mt-0.5 inline-flex size-4 shrink-0 items-center justify-center', checked ? 'text-accent' : 'invisible')} aria-hidden="true">
              <CheckIcon size={12} />
            </span>
            <span className="min-w-0">
              <IssueTypeToken type={type} />
              {type.description ? <span className="mt-0.5 block text-xs text-fg-muted">{type.description}</span> : null}
            </span>
          </button>
        );
      })}
      {selected !== null ? (
        <div className="border-t border-line p-2">
          <button type="button" className="btn btn-sm w-full" onClick={(event) => choose(null, event.currentTarget)}>
            Clear the type
          </button>
        </div>
      ) : null}
    </div>
  );
}
