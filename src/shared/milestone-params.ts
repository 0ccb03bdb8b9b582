/**
 * `GET /repos/{owner}/{repo}/milestones`: its parameters and its order, as GitHub's "List
 * milestones" documents them (https://docs.github.com/rest/issues/milestones#list-milestones):
 * `state` open (default), closed or all; `sort` due_on (default) or completeness; `direction`
 * asc (default) or desc. A value that is none of these falls back to the default, as the issue
 * list's do (spec 4.1.4; docs/api.md).
 */
import { parsePageParams, type PageParams, type QueryReader, type SortDirection } from './list-params';

export type MilestoneStateFilter = 'open' | 'closed' | 'all';
export type MilestoneSort = 'due_on' | 'completeness';

export interface MilestoneParams extends PageParams {
  state: MilestoneStateFilter;
  sort: MilestoneSort;
  direction: SortDirection;
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

export function parseMilestoneParams(read: QueryReader): MilestoneParams {
  return {
    ...parsePageParams(read),
    state: pick(read('state'), ['open', 'closed', 'all'] as const, 'open'),
    sort: pick(read('sort'), ['due_on', 'completeness'] as const, 'due_on'),
    direction: pick(read('direction'), ['asc', 'desc'] as const, 'asc'),
  };
}

/** What the order reads of a milestone. */
export interface MilestoneFacts {
  number: number;
  state: string;
  due_on: string | null;
  open_issues: number;
  closed_issues: number;
}

/** The share of its issues that are closed; a milestone with none is 0 % done, as github.com shows it. */
export function completeness(m: MilestoneFacts): number {
  const total = m.open_issues + m.closed_issues;
  return total === 0 ? 0 : m.closed_issues / total;
}

/**
 * The milestones `state` selects, in the order asked. A milestone without a due date sorts after
 * every dated one in ascending order (and so first in descending); equal keys keep the
 * milestones' numbers ascending in either direction, so pages never overlap.
 */
export function selectMilestones<M extends MilestoneFacts>(milestones: readonly M[], params: Pick<MilestoneParams, 'state' | 'sort' | 'direction'>): M[] {
  const sign = params.direction === 'desc' ? -1 : 1;
  const key = (m: M): number =>
    params.sort === 'completeness' ? completeness(m) : m.due_on === null ? Number.POSITIVE_INFINITY : Date.parse(m.due_on);
  return milestones
    .filter((m) => params.state === 'all' || m.state === params.state)
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) return ka < kb ? -sign : sign;
      return a.number - b.number;
    });
}
