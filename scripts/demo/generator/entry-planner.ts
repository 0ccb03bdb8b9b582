/**
 * Pass 1 of the repository generator: one entry at a time, oldest first, the
 * corpus writes its words and this decides what a tracker records around
 * them (author, labels, whether and how it was closed, lock, assignees,
 * milestone, reactions) and plans its comments.
 */
import type { Issue, Label } from '../../../src/shared/wire-types';
import { planComments } from './comment-planner';
import type { ClosingKind, EntryContext, EntryType, PriorEntry } from '../corpus/corpus-types';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../demo-clock';
import { LATEST_EVENT_MS, earlyBiased, logNormalMs, type EntryRecord, type RepoContext } from './entry-record';
import { NO_REACTIONS, type ReactionCounts } from './github-shapes';
import type { Prng } from '../../../src/shared/prng';
import { pickAuthor, pickTeam, wraps } from './repository-people';
import type { MilestoneSpec, RepositorySpec } from './repository-spec';

const MAX_LABELS = 4;

/** relative chance of ever being closed, and typical time to close */
const CLOSING_BY_TYPE: Readonly<Record<EntryType, { rate: number; medianDays: number }>> = {
  bug: { rate: 1, medianDays: 12 },
  feature: { rate: 0.55, medianDays: 45 },
  docs: { rate: 1.1, medianDays: 8 },
  question: { rate: 1.35, medianDays: 3 },
  performance: { rate: 0.8, medianDays: 30 },
  security: { rate: 1.6, medianDays: 4 },
  tracking: { rate: 0.5, medianDays: 90 },
  rfc: { rate: 0.5, medianDays: 60 },
  plan: { rate: 1, medianDays: 20 },
  fix: { rate: 1, medianDays: 2 },
  'feature-pr': { rate: 0.9, medianDays: 6 },
  'docs-pr': { rate: 1.1, medianDays: 1.5 },
  maintenance: { rate: 1, medianDays: 2 },
  release: { rate: 1, medianDays: 0.3 },
  dependency: { rate: 1.4, medianDays: 1.5 },
};

export function planEntry(spec: RepositorySpec, number: number, createdMs: number, rng: Prng, prior: readonly PriorEntry[], repo: RepoContext): EntryRecord {
  const isPullRequest = rng.chance(spec.pullRequestShare);
  const author = pickAuthor(spec, rng, isPullRequest, createdMs);
  const authorIsTeam = repo.teamLogins.includes(author);
  const ctx: EntryContext = {
    rng: rng.fork('text'),
    fullName: repo.fullName,
    number,
    createdMs,
    author,
    authorIsTeam,
    authorWraps: wraps(author),
    prior,
    team: repo.teamLogins,
    community: repo.communityLogins.filter((login) => login !== author),
  };
  const draft = isPullRequest ? spec.corpus.pullRequest(ctx) : spec.corpus.issue(ctx);
  const labels = uniqueLabels(draft.labels, repo.labelsByName);
  const labelNames = labels.map((label) => label.name);

  // --- closing
  const closing = CLOSING_BY_TYPE[draft.type];
  const baseRate = isPullRequest ? spec.closeRate.pull : spec.closeRate.issue;
  const wontfix = labelNames.some((name) => name === 'wontfix');
  let closedMs: number | null = null;
  let kind: ClosingKind | null = null;
  if (draft.duplicateOf !== undefined) {
    closedMs = createdMs + logNormalMs(rng, 0.5, 1);
    kind = 'duplicate';
  } else if (
    // release pull requests always get merged (unless opened in the last few hours)
    draft.type === 'release' ||
    (wontfix ? rng.chance(0.85) : rng.chance(Math.min(0.97, baseRate * closing.rate)))
  ) {
    closedMs = createdMs + logNormalMs(rng, closing.medianDays, 1.3);
    if (isPullRequest) {
      const mergeShare = draft.type === 'release' ? 1 : draft.type === 'dependency' ? spec.mergeShare - 0.1 : spec.mergeShare;
      kind = rng.chance(mergeShare) ? 'merged' : 'unmerged';
    } else {
      const notPlanned = wontfix
        ? 1
        : draft.type === 'feature' || draft.type === 'rfc'
          ? 0.3
          : draft.type === 'question'
            ? 0.1
            : 0.12;
      kind = rng.chance(notPlanned) ? 'not_planned' : 'completed';
    }
  }
  if (closedMs !== null && closedMs > LATEST_EVENT_MS - 10 * MINUTE_MS) {
    // would have been closed after "now": still open
    closedMs = kind === 'duplicate' ? LATEST_EVENT_MS - 10 * MINUTE_MS : null;
    if (closedMs === null) kind = null;
  }
  if (closedMs !== null) closedMs = Math.max(createdMs + MINUTE_MS, Math.floor(closedMs / SECOND_MS) * SECOND_MS);

  const stateReason: Issue['state_reason'] =
    kind === null ? null : kind === 'merged' || kind === 'completed' ? 'completed' : 'not_planned';
  const reopenedMs =
    kind === null && !isPullRequest && LATEST_EVENT_MS - createdMs > 20 * DAY_MS && rng.chance(0.035)
      ? earlyBiased(rng, createdMs + 7 * DAY_MS, LATEST_EVENT_MS)
      : null;

  // --- comments (times and people; text comes in pass 2)
  const comments = planComments(spec, rng, repo, { author, isPullRequest, type: draft.type, createdMs, closedMs, kind, reopenedMs });

  // --- lock
  let lock: EntryRecord['lock'] = null;
  const lastCommentMs = comments.at(-1)?.ms ?? createdMs;
  if (closedMs !== null && !isPullRequest && LATEST_EVENT_MS - closedMs > 60 * DAY_MS && rng.chance(0.04)) {
    lock = { reason: 'resolved', ms: Math.max(lastCommentMs, closedMs) + rng.int(30, 60) * DAY_MS };
  } else if (comments.length >= 5 && rng.chance(0.08)) {
    lock = { reason: 'too heated', ms: lastCommentMs + rng.int(1, 48) * HOUR_MS };
  }
  if (lock && lock.ms > LATEST_EVENT_MS) lock = null;

  // --- people and planning
  const assignees = pickAssignees(spec, rng, author, isPullRequest, draft.type, closedMs !== null);
  const milestone = pickMilestone(spec, rng, draft.type, createdMs, closedMs);
  const draftPull = isPullRequest && draft.type !== 'dependency' && draft.type !== 'release' && (kind === null ? rng.chance(0.07) : kind === 'unmerged' && rng.chance(0.05));

  const priorEntry: PriorEntry = {
    number,
    isPullRequest,
    type: draft.type,
    title: draft.title,
    author,
    state: kind === null ? 'open' : 'closed',
    merged: kind === 'merged',
    createdMs,
    closedMs,
    ...(draft.followUp !== undefined ? { followUp: draft.followUp } : {}),
    ...(draft.area !== undefined ? { area: draft.area } : {}),
    ...(draft.dependency !== undefined ? { dependency: draft.dependency } : {}),
    ...(draft.answer !== undefined ? { answer: draft.answer } : {}),
  };
  return {
    prior: priorEntry,
    draft,
    rng,
    labels,
    stateReason: kind === null && reopenedMs !== null ? 'reopened' : stateReason,
    lock,
    assignees,
    milestone,
    draftPull,
    comments,
    updatedMs: createdMs,
    reactions: reactions(rng, draft.type, isPullRequest),
  };
}


function uniqueLabels(names: readonly string[], labelsByName: ReadonlyMap<string, Label>): Label[] {
  const seen = new Set<string>();
  const labels: Label[] = [];
  for (const name of names) {
    const label = labelsByName.get(name);
    if (label && !seen.has(name) && labels.length < MAX_LABELS) {
      seen.add(name);
      labels.push(label);
    }
  }
  return labels;
}

function pickAssignees(spec: RepositorySpec, rng: Prng, author: string, isPullRequest: boolean, type: EntryType, closed: boolean): string[] {
  if (type === 'dependency' || type === 'release') return [];
  const members = spec.team.map((member) => member.login);
  if (isPullRequest) {
    if (members.includes(author)) return rng.chance(0.5) ? [author] : [];
    return rng.chance(0.3) ? [pickTeam(spec, rng)] : [];
  }
  const roll = rng.next();
  const count = roll < (closed ? 0.4 : 0.6) ? 0 : roll < 0.9 ? 1 : roll < 0.97 ? 2 : 3;
  return rng.sample(members, count);
}

function pickMilestone(spec: RepositorySpec, rng: Prng, type: EntryType, createdMs: number, closedMs: number | null): MilestoneSpec | null {
  if (type === 'question' || type === 'dependency' || type === 'release' || type === 'docs-pr' || !rng.chance(0.3)) return null;
  const fits = spec.milestones.filter((milestone) => {
    if (createdMs < milestone.createdMs) return false;
    const windowEnd = milestone.closedMs ?? milestone.dueMs ?? Infinity;
    if (createdMs > windowEnd) return false;
    // a closed milestone only keeps what was done by the time it closed
    if (milestone.closedMs !== null) return closedMs !== null && closedMs <= milestone.closedMs;
    return true;
  });
  return fits.length > 0 ? rng.pick(fits) : null;
}

export function reactions(rng: Prng, type: EntryType, isPullRequest: boolean): ReactionCounts {
  if (type === 'dependency' || type === 'release') return NO_REACTIONS;
  const lively = type === 'feature' || type === 'rfc' ? 0.55 : isPullRequest ? 0.15 : 0.3;
  if (!rng.chance(lively)) return NO_REACTIONS;
  const small = (p: number, max: number) => (rng.chance(p) ? Math.min(max, 1 + Math.floor(-Math.log(1 - rng.next()) * 2)) : 0);
  return {
    '+1': small(0.85, type === 'feature' || type === 'rfc' ? 40 : 12),
    '-1': small(0.04, 3),
    laugh: small(0.05, 3),
    hooray: small(isPullRequest ? 0.4 : 0.08, 6),
    confused: small(0.06, 3),
    heart: small(0.2, 8),
    rocket: small(isPullRequest ? 0.3 : 0.08, 6),
    eyes: small(0.15, 5),
  };
}
