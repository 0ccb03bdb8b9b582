import type { AuthorAssociation } from '../../../src/shared/wire-types';
import type { EntryRecord } from './entry-record';
import type { RepositorySpec } from './repository-spec';

/**
 * GitHub's author_association is relative to the moment of writing: people
 * without earlier contributions are FIRST_TIME_CONTRIBUTOR (or FIRST_TIMER)
 * on their first pull request, CONTRIBUTOR once something of theirs is merged.
 */
export class AssociationBook {
  private readonly base = new Map<string, AuthorAssociation>();
  private readonly firstTimers = new Set<string>();
  private readonly firstMergeMs = new Map<string, number>();
  private readonly firstPull = new Map<string, number>();

  constructor(spec: RepositorySpec, records: readonly EntryRecord[]) {
    for (const member of spec.team) this.base.set(member.login, member.association);
    for (const person of spec.community) {
      this.base.set(person.login, person.association);
      if (person.firstTimer) this.firstTimers.add(person.login);
    }
    for (const { prior } of records) {
      if (!prior.isPullRequest) continue;
      if (!this.firstPull.has(prior.author)) this.firstPull.set(prior.author, prior.number);
      if (prior.merged && prior.closedMs !== null) {
        const earliest = this.firstMergeMs.get(prior.author);
        if (earliest === undefined || prior.closedMs < earliest) this.firstMergeMs.set(prior.author, prior.closedMs);
      }
    }
  }

  at(login: string, ms: number, pullNumber: number | null): AuthorAssociation {
    const base = this.base.get(login) ?? 'NONE';
    if (base !== 'NONE') return base;
    const merged = this.firstMergeMs.get(login);
    if (merged !== undefined && merged < ms) return 'CONTRIBUTOR';
    if (pullNumber !== null && this.firstPull.get(login) === pullNumber) {
      return this.firstTimers.has(login) ? 'FIRST_TIMER' : 'FIRST_TIME_CONTRIBUTOR';
    }
    return 'NONE';
  }
}
