/**
 * What the repository generator is told about one repository (its people,
 * labels, milestones, pace and corpus) and what it gives back.
 */
import type { Issue, IssueComment } from '../../../src/shared/wire-types';
import type { RepositoryCorpus } from '../corpus/corpus-types';
import type { LabelSpec } from './github-shapes';

export interface TeamMember {
  login: string;
  association: 'OWNER' | 'MEMBER' | 'COLLABORATOR';
  /** relative share of the team's activity */
  weight: number;
}

export interface Participant {
  login: string;
  /** CONTRIBUTOR for people with merged work before the demo window; NONE people earn it by getting a PR merged */
  association: 'CONTRIBUTOR' | 'NONE';
  weight: number;
  /** their first pull request here is their first on GitHub at all */
  firstTimer?: boolean;
  /** share of their activity that is pull requests rather than issues; defaults to 1 (same as issues) */
  pullWeight?: number;
}

export interface MilestoneSpec {
  number: number;
  title: string;
  description: string | null;
  createdMs: number;
  dueMs: number | null;
  /** null while open */
  closedMs: number | null;
}

export interface BotSpec {
  login: string;
  /** when the repository enabled it */
  sinceMs: number;
  /** share of pull requests it opens from then on */
  shareOfPulls: number;
}

export interface RepositorySpec {
  /** 0..7, folded into ids so they are unique across repositories */
  index: number;
  repositoryId: number;
  owner: string;
  name: string;
  private: boolean;
  description: string;
  entryCount: number;
  pullRequestShare: number;
  firstEntryMs: number;
  lastEntryMs: number;
  /** 0 = steady activity; 1 = the last month is twice as busy as the first */
  activityGrowth: number;
  labels: readonly LabelSpec[];
  milestones: readonly MilestoneSpec[];
  team: readonly TeamMember[];
  community: readonly Participant[];
  bot: BotSpec | null;
  /** probability that an issue / pull request of the commonest kind is ever closed */
  closeRate: { issue: number; pull: number };
  /** closed pull requests that were merged */
  mergeShare: number;
  corpus: RepositoryCorpus;
}

export interface GeneratedRepository {
  issues: Issue[];
  comments: IssueComment[];
}
