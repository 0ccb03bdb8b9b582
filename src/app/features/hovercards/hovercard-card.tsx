/**
 * What a hovercard shows: an issue's repository, number, state, title and labels, or a
 * person's avatar, name and login. Fetched through the same queries as the rest of the app,
 * kept as long as the answer's `max-age` says (people-queries.ts `freshFor`), then revalidated
 * by ETag (a 304, free). A lazy chunk: loaded on the first intent to see a card.
 */
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '../../components/avatar';
import { LabelPill } from '../../components/label-pill';
import { Skeleton } from '../../components/skeleton';
import { NotFoundError } from '../../api/api-errors';
import { useConnection } from '../../services/app-services-context';
import { issueDetailQuery } from '../../services/issue-queries';
import { IssueStateIcon } from '../../components/issue-state-icon';
import { issueState } from '../../lib/issue-state';
import { clockTime } from '../../lib/time-format';
import { useSecondaryRequest } from '../../services/secondary-budget';
import { useRateLimitBlock } from '../../services/use-rate-limit-block';
import { freshFor, userQuery } from '../../services/people-queries';
import type { HovercardTarget } from './hovercard-target';

function Loading() {
  return (
    <div className="space-y-2" aria-label="Loading">
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  );
}

function Problem({ error, missing, blocked, heldUntil }: { error: Error | null; missing: string; blocked: boolean; heldUntil: number | null }) {
  if (blocked) return <p className="text-fg-muted">The rate limit is spent: this card loads once it resets.</p>;
  if (heldUntil !== null && error === null) return <p className="text-fg-muted">This card waits for credits: fewer than a tenth of the rate limit is left, and it goes to what you open. It loads at {clockTime(heldUntil)}.</p>;
  if (error instanceof NotFoundError) return <p className="text-fg-muted">{missing}</p>;
  return <p className="text-danger">Could not load this card: {error?.message ?? 'unknown error'}</p>;
}

function IssueCard({ target }: { target: Extract<HovercardTarget, { kind: 'issue' }> }) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  // A card is not what the reader asked for first: under a tenth of the budget left, it waits.
  const { allowed, heldUntil } = useSecondaryRequest('hovercards', 'core', block === null);
  const issue = useQuery({ ...issueDetailQuery(connection, target.owner, target.repo, target.number), staleTime: freshFor, enabled: block === null && allowed });
  const data = issue.data?.data;
  if (!data) {
    return issue.isError || block !== null || heldUntil !== null ? (
      <Problem error={issue.error} blocked={block !== null && !issue.isError} heldUntil={heldUntil} missing={`${target.owner}/${target.repo}#${target.number} does not exist here, or is private.`} />
    ) : (
      <Loading />
    );
  }
  return (
    <div className="space-y-1.5">
      <p className="text-xs text-fg-muted">
        {target.owner}/{target.repo} #{target.number} · {issueState(data).label}
      </p>
      <p className="flex items-start gap-1.5 font-semibold text-fg">
        <IssueStateIcon issue={data} className="mt-0.5 shrink-0" />
        <span className="min-w-0 break-words">{data.title}</span>
      </p>
      {data.labels.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Labels">
          {data.labels.map((label) => (
            <li key={label.name}>
              <LabelPill name={label.name} color={label.color} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UserCard({ target }: { target: Extract<HovercardTarget, { kind: 'user' }> }) {
  const connection = useConnection();
  const block = useRateLimitBlock();
  const { allowed, heldUntil } = useSecondaryRequest('hovercards', 'core', block === null);
  const user = useQuery({ ...userQuery(connection, target.login), enabled: block === null && allowed });
  const data = user.data?.data;
  if (!data) {
    return user.isError || block !== null || heldUntil !== null ? (
      <Problem error={user.error} blocked={block !== null && !user.isError} heldUntil={heldUntil} missing={`@${target.login} is not known to this service.`} />
    ) : (
      <Loading />
    );
  }
  return (
    <div className="flex items-center gap-3">
      <Avatar login={data.login} url={data.avatar_url} size={48} decorative />
      <div className="min-w-0">
        {data.name ? <p className="truncate font-semibold text-fg">{data.name}</p> : null}
        <p className="truncate text-fg-muted">{data.login}</p>
      </div>
    </div>
  );
}

export function HovercardCard({ target }: { target: HovercardTarget }) {
  return target.kind === 'issue' ? <IssueCard target={target} /> : <UserCard target={target} />;
}
