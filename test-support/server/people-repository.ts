/**
 * `mona/plans` (public, owned by a person) and `mona/hush` (private): the milestones and the
 * people their issues name, for the tests of `/assignees`, `/milestones` and `/users/{login}`.
 *
 * Milestones of `mona/plans`, as the answers should count them from the issues:
 *   1 "v1.0"    open,   due 2024-03-01, #1 open, #2 #3 closed   (1 open, 2 closed)
 *   2 "v2.0"    open,   due 2024-01-15, #4 #5 open              (2 open, 0 closed)
 *   3 "Someday" open,   no due date,    #6 closed               (0 open, 1 closed)
 *   4 "v0.9"    closed, due 2023-12-01, #7 closed, #8 a merged pull request (0 open, 2 closed)
 * Each issue's copy of its milestone carries stale counts (99); #1, updated last among v1.0's,
 * names it "v1.0" where the older #2 and #3 still say "v1.0 draft".
 */
import { hashToken } from '../../src/server/auth/tokens';
import type { ImportedEvent, ImportedIssue } from '../../src/server/store/import-schema';
import type { IssueWriter, TokenStore } from '../../src/server/store/storage';

export const PEOPLE_TOKENS = {
  /** mona: granted the private mona/hush */
  mona: 'isc_pat_test_mona_00000000000000000',
} as const;

const at = (day: number): string => new Date(Date.UTC(2024, 0, day)).toISOString();
const mona = { login: 'mona', id: 583231, name: 'Mona Lisa Octocat', type: 'User' as const };

type MilestoneInput = NonNullable<ImportedIssue['milestone']>;
const milestone = (number: number, title: string, state: 'open' | 'closed', dueOn: string | null): MilestoneInput => ({
  number,
  title,
  state,
  description: `${title} plans`,
  open_issues: 99,
  closed_issues: 99,
  created_at: at(1),
  updated_at: at(2),
  closed_at: state === 'closed' ? at(3) : null,
  due_on: dueOn,
  creator: mona,
});

const V1 = (title = 'v1.0') => milestone(1, title, 'open', '2024-03-01T08:00:00Z');
const V2 = milestone(2, 'v2.0', 'open', '2024-01-15T08:00:00Z');
const SOMEDAY = milestone(3, 'Someday', 'open', null);
const V09 = milestone(4, 'v0.9', 'closed', '2023-12-01T08:00:00Z');

function issue(number: number, fields: Partial<ImportedIssue>): ImportedIssue {
  return {
    number,
    title: `Plan ${number}`,
    user: mona,
    labels: [],
    state: 'open',
    locked: false,
    assignees: [],
    comments: 0,
    created_at: at(number),
    updated_at: at(10 + number),
    closed_at: null,
    body: `Plan ${number}`,
    ...fields,
  };
}

export const PLANS_ISSUES: ImportedIssue[] = [
  issue(1, { milestone: V1(), assignees: [{ login: 'carol' }, { login: 'Zoe', name: 'Zoe Quinn' }], updated_at: at(30) }),
  issue(2, { milestone: V1('v1.0 draft'), state: 'closed', closed_at: at(12), assignees: [{ login: 'alice' }] }),
  issue(3, { milestone: V1('v1.0 draft'), state: 'closed', closed_at: at(13) }),
  issue(4, { milestone: V2, user: { login: 'erin' } }),
  issue(5, { milestone: V2 }),
  issue(6, { milestone: SOMEDAY, state: 'closed', closed_at: at(16) }),
  issue(7, { milestone: V09, state: 'closed', closed_at: at(17), assignees: [{ login: 'bob' }] }),
  issue(8, { milestone: V09, state: 'closed', closed_at: at(18), pull_request: { merged_at: at(18) } }),
  issue(9, { body: 'No milestone; thanks @dave' }),
];

/** yuki was assigned #5 and unassigned since: known only from the events, as GitHub's timeline keeps them. */
export const PLANS_EVENTS: ImportedEvent[] = [
  { id: 7001, actor: mona, event: 'assigned', created_at: at(20), issue: { number: 5 }, assignee: { login: 'yuki', name: 'Yuki Sato' }, assigner: mona, commit_id: null },
  { id: 7002, actor: mona, event: 'unassigned', created_at: at(21), issue: { number: 5 }, assignee: { login: 'yuki' }, assigner: mona, commit_id: null },
];

/** Known only from the private mona/hush: a stranger must not learn the login exists. */
export const HIDDEN_LOGIN = 'quietkid';

export const HUSH_ISSUES: ImportedIssue[] = [
  issue(1, { user: { login: HIDDEN_LOGIN, name: 'Quiet Kid' }, assignees: [{ login: HIDDEN_LOGIN }], milestone: milestone(1, 'Secret launch', 'open', null) }),
];

export async function importPeopleRepositories(store: Pick<IssueWriter, 'importIssues'> & Pick<TokenStore, 'createToken'>, nowMs: number): Promise<void> {
  await store.importIssues({ owner: 'mona', name: 'plans', makePrivate: false }, PLANS_ISSUES, [], nowMs, PLANS_EVENTS);
  await store.importIssues({ owner: 'mona', name: 'hush', makePrivate: true }, HUSH_ISSUES, [], nowMs);
  await store.createToken({ hash: hashToken(PEOPLE_TOKENS.mona), login: 'mona', name: 'mona', expiresAt: null, repos: ['mona/hush'] }, nowMs);
}
