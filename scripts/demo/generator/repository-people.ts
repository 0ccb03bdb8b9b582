/**
 * Who does what in a generated repository: authors, team members picked by
 * weight, and who hard-wraps their prose.
 */
import { createPrng, type Prng } from '../../../src/shared/prng';
import type { RepositorySpec } from './repository-spec';

/** weight tables, built once per repository specification */
interface People {
  team: ReadonlyArray<readonly [string, number]>;
  issueAuthors: ReadonlyArray<readonly [string, number]>;
  pullAuthors: ReadonlyArray<readonly [string, number]>;
}

const peopleBySpec = new WeakMap<RepositorySpec, People>();

export function people(spec: RepositorySpec): People {
  let found = peopleBySpec.get(spec);
  if (!found) {
    found = {
      team: spec.team.map((member) => [member.login, member.weight] as const),
      issueAuthors: spec.community.map((person) => [person.login, person.weight] as const),
      pullAuthors: spec.community.map((person) => [person.login, person.weight * (person.pullWeight ?? 1)] as const),
    };
    peopleBySpec.set(spec, found);
  }
  return found;
}

export function pickAuthor(spec: RepositorySpec, rng: Prng, isPullRequest: boolean, createdMs: number): string {
  if (isPullRequest && spec.bot && createdMs >= spec.bot.sinceMs && rng.chance(spec.bot.shareOfPulls)) return spec.bot.login;
  const fromTeam = spec.community.length === 0 || rng.chance(isPullRequest ? 0.6 : 0.22);
  if (fromTeam) return pickTeam(spec, rng);
  return rng.weighted(isPullRequest ? people(spec).pullAuthors : people(spec).issueAuthors);
}

export function pickTeam(spec: RepositorySpec, rng: Prng, except?: string): string {
  const { team } = people(spec);
  let login = rng.weighted(team);
  // re-draw rather than filter: no allocation, same distribution over the others
  for (let attempt = 0; login === except && team.length > 1 && attempt < 16; attempt++) login = rng.weighted(team);
  return login;
}

const wrapsByLogin = new Map<string, boolean>();

/** about a third of people hard-wrap what they write; stable per person */
export function wraps(login: string): boolean {
  let result = wrapsByLogin.get(login);
  if (result === undefined) {
    result = createPrng(`wraps/${login}`).chance(0.3);
    wrapsByLogin.set(login, result);
  }
  return result;
}
