/**
 * The demo dataset the Issue Listing Service loads on first run, so that
 * `npm start` on an offline machine shows real-looking data.
 *
 * Deterministic: a seeded PRNG and the fixed clock in demo-clock.ts, never
 * Math.random or Date.now, so two builds are deep-equal (and byte-identical
 * once serialised).
 */
import type { Issue, IssueComment } from '../../src/shared/wire-types';
import type { ImportedEvent } from '../../src/server/store/import-schema';
import { demoEvents } from './demo-events';
import { withIssueLinks } from './demo-issue-links';
import { loadDemoUsers, loadRepositorySpecs } from './demo-repositories';
import { generateRepository } from './generator/repository-generator';
import type { DemoUser } from './generator/demo-user';

export interface DemoRepository {
  owner: string;
  name: string;
  private: boolean;
  description: string;
  /** GitHub wire shape, as `GET /repos/o/r/issues?state=all` returns them (issues and pull requests mixed) */
  issues: Issue[];
  /** GitHub wire shape, as `GET /repos/o/r/issues/comments` returns them; issue_url ends in `/issues/{number}` */
  comments: IssueComment[];
  /** as `GET /repos/o/r/issues/events` returns them, each naming its issue */
  events: ImportedEvent[];
}

export interface DemoDataset {
  users: DemoUser[];
  repositories: DemoRepository[];
  /** applied after import: the repository imported as `from` is renamed to `to` (both 'owner/name') */
  renames: Array<{ from: string; to: string }>;
}

/** the repositories whose organization uses issue types and sub-issues (issue 47) */
const ISSUE_TYPE_REPOSITORIES = ['acme/rocket'];

/** change this and every generated word, time and id changes with it */
const DEMO_SEED = 'issuescope-demo/v1';

export function buildDemoDataset(): DemoDataset {
  const users: DemoUser[] = loadDemoUsers();
  const usersByLogin = new Map(users.map((user) => [user.login, user]));
  const repositories = loadRepositorySpecs(DEMO_SEED).map((spec): DemoRepository => {
    const { issues, comments } = generateRepository(spec, usersByLogin, DEMO_SEED);
    const user = (login: string) => {
      const known = usersByLogin.get(login);
      return known ? { login, id: known.id, type: known.type } : { login };
    };
    const team = spec.team.map((member) => member.login);
    const events = demoEvents({ index: spec.index, issues, comments, team, user, seed: DEMO_SEED });
    if (!ISSUE_TYPE_REPOSITORIES.includes(`${spec.owner}/${spec.name}`)) {
      return { owner: spec.owner, name: spec.name, private: spec.private, description: spec.description, issues, comments, events };
    }
    const linked = withIssueLinks({ owner: spec.owner, name: spec.name, isPrivate: spec.private, index: spec.index, issues, team, user, seed: DEMO_SEED });
    return { owner: spec.owner, name: spec.name, private: spec.private, description: spec.description, issues: linked.issues, comments, events: [...events, ...linked.events] };
  });
  return {
    users,
    repositories,
    renames: [{ from: 'acme/launch-pad', to: 'acme/launchpad' }],
  };
}
