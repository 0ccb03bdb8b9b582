/**
 * Generates one repository's issues, pull requests and comments in GitHub's
 * wire shape. The corpus writes the words; this module decides everything a
 * tracker records around them: who opened what and when, which entries got
 * closed, merged, locked, reopened, who commented, assignees, milestones,
 * reactions, author associations, ids and URLs.
 *
 * Two passes: entries first (oldest to newest, so a body only references
 * earlier entries), then comment texts, which may reference anything that
 * existed when the comment was written (entry-planner.ts, then
 * comment-writer.ts); repository-wire-shapes.ts gives them GitHub's shape.
 */
import type { SimpleUser } from '../../../src/shared/wire-types';
import { AssociationBook } from './author-associations';
import { updatedAt, writeComments } from './comment-writer';
import type { PriorEntry } from '../corpus/corpus-types';
import { DAY_MS, HOUR_MS, SECOND_MS } from '../demo-clock';
import type { DemoUser } from './demo-user';
import { LABEL_ID_BASE, MAX_REPOSITORIES, type EntryRecord } from './entry-record';
import { planEntry } from './entry-planner';
import { toLabel, toSimpleUser } from './github-shapes';
import { createPrng, type Prng } from '../../../src/shared/prng';
import type { GeneratedRepository, RepositorySpec } from './repository-spec';
import { buildMilestones, toComment, toIssue } from './repository-wire-shapes';

export function generateRepository(spec: RepositorySpec, users: ReadonlyMap<string, DemoUser>, seed: string): GeneratedRepository {
  if (spec.index < 0 || spec.index >= MAX_REPOSITORIES) throw new Error(`repository index ${spec.index} out of range`);
  const fullName = `${spec.owner}/${spec.name}`;
  const rng = createPrng(`${seed}/${fullName}`);
  const labelsByName = new Map(
    spec.labels.map((label, i) => [label.name, toLabel(label, fullName, spec.repositoryId, LABEL_ID_BASE + spec.index * 1_000 + i)]),
  );
  const teamLogins = spec.team.map((member) => member.login);
  const communityLogins = spec.community.map((person) => person.login);
  const createdTimes = creationTimes(rng.fork('created'), spec);

  const records: EntryRecord[] = [];
  const prior: PriorEntry[] = [];
  for (let i = 0; i < createdTimes.length; i++) {
    const record = planEntry(spec, i + 1, createdTimes[i] ?? spec.firstEntryMs, rng.fork(`entry-${i + 1}`), prior, {
      fullName,
      teamLogins,
      communityLogins,
      labelsByName,
    });
    records.push(record);
    prior.push(record.prior);
  }

  const comments = writeComments(spec, fullName, records, createdTimes, teamLogins, communityLogins, users);
  for (const record of records) record.updatedMs = updatedAt(record);
  const associations = new AssociationBook(spec, records);
  const milestones = buildMilestones(spec, fullName, records, users);
  const simpleUsers = new Map<string, SimpleUser>();
  const user = (login: string): SimpleUser => {
    let simple = simpleUsers.get(login);
    if (!simple) {
      const found = users.get(login);
      if (!found) throw new Error(`demo user ${login} is not defined`);
      simple = toSimpleUser(found);
      simpleUsers.set(login, simple);
    }
    // a copy per use, so a consumer that mutates one entry cannot change another
    return { ...simple };
  };

  const issues = records.map((record) => toIssue(spec, fullName, record, user, associations, milestones));
  const wireComments = comments.map(({ record, plan, id, body }) => toComment(spec, fullName, record, plan, id, body, user, associations));
  // GitHub lists issues newest first and repository comments oldest first.
  issues.reverse();
  return { issues, comments: wireComments };
}

// ---------------------------------------------------------------- time

function creationTimes(rng: Prng, spec: RepositorySpec): number[] {
  const span = spec.lastEntryMs - spec.firstEntryMs;
  const growth = spec.activityGrowth;
  const times: number[] = [];
  for (let i = 0; i < spec.entryCount; i++) {
    let ms = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      // inverse CDF of a density rising linearly from 1 to 1 + growth
      const u = rng.next();
      const t = growth === 0 ? u : (-1 + Math.sqrt(1 + growth * (2 + growth) * u)) / growth;
      ms = spec.firstEntryMs + t * span;
      if (rng.chance(0.65)) {
        // most people file issues during their working day (UTC-ish for this team)
        const hour = Math.min(23.99, Math.max(0, 14 + rng.normal() * 3.5));
        ms = Math.floor(ms / DAY_MS) * DAY_MS + hour * HOUR_MS;
      }
      const weekday = new Date(ms).getUTCDay();
      if ((weekday !== 0 && weekday !== 6) || rng.chance(0.45)) break;
    }
    times.push(Math.min(spec.lastEntryMs, Math.max(spec.firstEntryMs, ms)));
  }
  times.sort((a, b) => a - b);
  let previous = -Infinity;
  return times.map((ms) => {
    const whole = Math.max(Math.floor(ms / SECOND_MS) * SECOND_MS, previous + SECOND_MS);
    previous = whole;
    return whole;
  });
}
