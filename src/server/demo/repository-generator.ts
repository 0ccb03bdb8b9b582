/**
 * Generates one repository's issues, pull requests and comments in GitHub's
 * wire shape. The corpus writes the words; this module decides everything a
 * tracker records around them: who opened what and when, which entries got
 * closed, merged, locked, reopened, who commented, assignees, milestones,
 * reactions, author associations, ids and URLs.
 *
 * Two passes: entries first (oldest to newest, so a body only references
 * earlier entries), then comment texts, which may reference anything that
 * existed when the comment was written.
 */
import type { AuthorAssociation, Issue, IssueComment, Label, Milestone, SimpleUser } from '../../shared/wire-types';
import type { ClosingKind, EntryContext, EntryDraft, EntryType, PriorEntry, RepositoryCorpus } from './corpus-types';
import { DAY_MS, DEMO_NOW_MS, HOUR_MS, MINUTE_MS, SECOND_MS, toWireTimestamp } from './demo-clock';
import type { DemoUser } from './demo-dataset';
import {
  NO_REACTIONS,
  apiRepoUrl,
  nodeId,
  toLabel,
  toReactionRollup,
  toSimpleUser,
  webRepoUrl,
  type LabelSpec,
  type ReactionCounts,
} from './github-shapes';
import { createPrng, type Prng } from './prng';

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

/** ids are derived from the creation second, so they grow with time like GitHub's */
const ID_EPOCH_MS = Date.UTC(2023, 0, 1);
const ISSUE_ID_BASE = 1_000_000_000;
const COMMENT_ID_BASE = 2_000_000_000;
const LABEL_ID_BASE = 5_000_000_000;
const MILESTONE_ID_BASE = 9_000_000;
const MAX_REPOSITORIES = 8;
const MAX_COMMENTS = 12;
const MAX_LABELS = 4;
const COMMENT_DELAY_MEDIAN_DAYS = 0.8;
/** nothing may happen in the last minute before the demo clock's "now" */
const LATEST_EVENT_MS = DEMO_NOW_MS - MINUTE_MS;

const COMMENT_COUNT_WEIGHTS: ReadonlyArray<readonly [number, number]> = [
  [0, 30],
  [1, 22],
  [2, 16],
  [3, 11],
  [4, 7],
  [5, 5],
  [6, 3],
  [7, 2],
  [8, 1.5],
  [9, 1],
  [10, 0.7],
  [11, 0.5],
  [12, 0.4],
];

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

/** a comment before its text is written */
interface CommentPlan {
  ms: number;
  commenter: string;
  closing: ClosingKind | null;
  reopening: boolean;
}

/** an entry before it is turned into wire shape */
interface EntryRecord {
  prior: PriorEntry;
  draft: EntryDraft;
  rng: Prng;
  labels: Label[];
  stateReason: Issue['state_reason'];
  lock: { reason: 'resolved' | 'too heated'; ms: number } | null;
  assignees: string[];
  milestone: MilestoneSpec | null;
  draftPull: boolean;
  comments: CommentPlan[];
  updatedMs: number;
  reactions: ReactionCounts;
}

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

function logNormalMs(rng: Prng, medianDays: number, sigma: number): number {
  return medianDays * DAY_MS * Math.exp(rng.normal() * sigma);
}

/** a time in (from, to], bunched towards `from` the way discussion happens */
function earlyBiased(rng: Prng, from: number, to: number): number {
  return from + Math.max(MINUTE_MS, (to - from) * rng.next() ** 2.2);
}

// ---------------------------------------------------------------- pass 1: entries

interface RepoContext {
  fullName: string;
  teamLogins: readonly string[];
  communityLogins: readonly string[];
  labelsByName: ReadonlyMap<string, Label>;
}

function planEntry(spec: RepositorySpec, number: number, createdMs: number, rng: Prng, prior: readonly PriorEntry[], repo: RepoContext): EntryRecord {
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

/** weight tables, built once per repository specification */
interface People {
  team: ReadonlyArray<readonly [string, number]>;
  issueAuthors: ReadonlyArray<readonly [string, number]>;
  pullAuthors: ReadonlyArray<readonly [string, number]>;
}

const peopleBySpec = new WeakMap<RepositorySpec, People>();

function people(spec: RepositorySpec): People {
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

function pickAuthor(spec: RepositorySpec, rng: Prng, isPullRequest: boolean, createdMs: number): string {
  if (isPullRequest && spec.bot && createdMs >= spec.bot.sinceMs && rng.chance(spec.bot.shareOfPulls)) return spec.bot.login;
  const fromTeam = spec.community.length === 0 || rng.chance(isPullRequest ? 0.6 : 0.22);
  if (fromTeam) return pickTeam(spec, rng);
  return rng.weighted(isPullRequest ? people(spec).pullAuthors : people(spec).issueAuthors);
}

function pickTeam(spec: RepositorySpec, rng: Prng, except?: string): string {
  const { team } = people(spec);
  let login = rng.weighted(team);
  // re-draw rather than filter: no allocation, same distribution over the others
  for (let attempt = 0; login === except && team.length > 1 && attempt < 16; attempt++) login = rng.weighted(team);
  return login;
}

const wrapsByLogin = new Map<string, boolean>();

/** about a third of people hard-wrap what they write; stable per person */
function wraps(login: string): boolean {
  let result = wrapsByLogin.get(login);
  if (result === undefined) {
    result = createPrng(`wraps/${login}`).chance(0.3);
    wrapsByLogin.set(login, result);
  }
  return result;
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

interface CommentFrame {
  author: string;
  isPullRequest: boolean;
  type: EntryType;
  createdMs: number;
  closedMs: number | null;
  kind: ClosingKind | null;
  reopenedMs: number | null;
}

function planComments(spec: RepositorySpec, rng: Prng, repo: RepoContext, frame: CommentFrame): CommentPlan[] {
  const { author, type, createdMs, closedMs, kind } = frame;
  const isBotEntry = spec.bot !== null && author === spec.bot.login;
  let count =
    type === 'dependency'
      ? rng.weighted([
          [0, 70],
          [1, 20],
          [2, 8],
          [3, 2],
        ] as const)
      : type === 'release'
        ? rng.weighted([
            [0, 80],
            [1, 20],
          ] as const)
        : rng.weighted(COMMENT_COUNT_WEIGHTS);
  if ((type === 'feature' || type === 'rfc' || type === 'tracking') && rng.chance(0.5)) count += rng.int(1, 3);

  const closingComment =
    kind === 'duplicate' ||
    (kind === 'unmerged' && isBotEntry && rng.chance(0.8)) ||
    (kind !== null && !isBotEntry && rng.chance(frame.isPullRequest ? 0.45 : 0.6));
  const reopening = frame.reopenedMs !== null;
  count = Math.min(MAX_COMMENTS, Math.max(count, (closingComment ? 1 : 0) + (reopening ? 1 : 0)));

  const end = closedMs ?? frame.reopenedMs ?? LATEST_EVENT_MS - MINUTE_MS;
  const plain = count - (closingComment ? 1 : 0) - (reopening ? 1 : 0);
  const times: number[] = [];
  for (let i = 0; i < plain; i++) {
    // some discussion carries on after an issue is closed (not after "Duplicate of")
    const after = closedMs !== null && kind !== 'duplicate' && rng.chance(0.08);
    const from = after ? closedMs : createdMs;
    const until = after ? LATEST_EVENT_MS - MINUTE_MS : Math.max(createdMs + 2 * MINUTE_MS, end - MINUTE_MS);
    // most replies come within hours or days; a long tail comes months later
    const delay = logNormalMs(rng, COMMENT_DELAY_MEDIAN_DAYS, 1.7);
    times.push(from + delay < until ? from + Math.max(MINUTE_MS, delay) : earlyBiased(rng, from, until));
  }
  times.sort((a, b) => a - b);

  const plans: CommentPlan[] = [];
  for (const [i, ms] of times.entries()) {
    plans.push({ ms, commenter: pickCommenter(spec, rng, repo, frame, i), closing: null, reopening: false });
  }
  if (reopening && frame.reopenedMs !== null) {
    plans.push({
      ms: frame.reopenedMs,
      commenter: rng.chance(0.6) && !isBotEntry ? author : pickTeam(spec, rng),
      closing: null,
      reopening: true,
    });
  }
  if (closingComment && closedMs !== null && kind !== null) {
    const closer =
      kind === 'unmerged' && isBotEntry
        ? author
        : kind === 'completed' && frame.type === 'question' && rng.chance(0.3)
          ? author
          : pickTeam(spec, rng, frame.isPullRequest ? author : undefined);
    plans.push({ ms: closedMs, commenter: closer, closing: kind, reopening: false });
  }
  plans.sort((a, b) => a.ms - b.ms);
  return plans;
}

function pickCommenter(spec: RepositorySpec, rng: Prng, repo: RepoContext, frame: CommentFrame, index: number): string {
  const isBotEntry = spec.bot !== null && frame.author === spec.bot.login;
  const authorIsTeam = repo.teamLogins.includes(frame.author);
  if (isBotEntry || frame.type === 'release') return pickTeam(spec, rng);
  const roll = rng.next();
  if (index === 0 && !authorIsTeam) {
    if (roll < 0.6) return pickTeam(spec, rng);
    if (roll < 0.85 || spec.community.length === 0) return frame.author;
  } else {
    if (roll < 0.3) return frame.author;
    if (roll < (frame.isPullRequest ? 0.8 : 0.6) || spec.community.length === 0) return pickTeam(spec, rng, frame.author);
  }
  return rng.weighted(people(spec).issueAuthors);
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

function reactions(rng: Prng, type: EntryType, isPullRequest: boolean): ReactionCounts {
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

// ---------------------------------------------------------------- pass 2: comments

interface WrittenComment {
  record: EntryRecord;
  plan: CommentPlan;
  id: number;
  body: string;
}

function writeComments(
  spec: RepositorySpec,
  fullName: string,
  records: readonly EntryRecord[],
  createdTimes: readonly number[],
  teamLogins: readonly string[],
  communityLogins: readonly string[],
  users: ReadonlyMap<string, DemoUser>,
): WrittenComment[] {
  const all: Array<{ record: EntryRecord; plan: CommentPlan; index: number }> = [];
  for (const record of records) record.comments.forEach((plan, index) => all.push({ record, plan, index }));
  all.sort((a, b) => a.plan.ms - b.plan.ms || a.record.prior.number - b.record.prior.number || a.index - b.index);

  // Comment ids come from the creation second, so no two comments in a repository share one.
  let previousSecond = -Infinity;
  const written: WrittenComment[] = [];
  const existing = records.map((record) => record.prior);
  for (const { record, plan, index } of all) {
    const second = Math.max(Math.floor(plan.ms / SECOND_MS), previousSecond + 1);
    previousSecond = second;
    plan.ms = second * SECOND_MS;
    const rng = record.rng.fork(`comment-${index}`);
    const commenter = users.get(plan.commenter);
    const body = spec.corpus.comment({
      rng,
      fullName,
      entry: record.prior,
      commenter: plan.commenter,
      commenterIsTeam: teamLogins.includes(plan.commenter),
      commenterIsBot: commenter?.type === 'Bot',
      commenterWraps: commenter?.type !== 'Bot' && wraps(plan.commenter),
      index,
      count: record.comments.length,
      createdMs: plan.ms,
      closing: plan.closing,
      duplicateOf: record.draft.duplicateOf ?? null,
      reopening: plan.reopening,
      entries: existing,
      existingCount: upperBound(createdTimes, plan.ms),
      team: teamLogins,
      community: communityLogins,
    });
    written.push({ record, plan, id: COMMENT_ID_BASE + (second - ID_EPOCH_MS / SECOND_MS) * MAX_REPOSITORIES + spec.index, body });
  }
  return written;
}

/** how many of the ascending `times` are <= ms */
function upperBound(times: readonly number[], ms: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] ?? Infinity) <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function updatedAt(record: EntryRecord): number {
  let ms = record.prior.createdMs;
  if (record.prior.closedMs !== null) ms = Math.max(ms, record.prior.closedMs);
  if (record.lock) ms = Math.max(ms, record.lock.ms);
  for (const comment of record.comments) ms = Math.max(ms, comment.ms);
  // labels, titles and bodies get edited later, too
  if (record.rng.chance(0.2)) ms = earlyBiased(record.rng, ms, LATEST_EVENT_MS);
  return Math.floor(Math.min(ms, LATEST_EVENT_MS) / SECOND_MS) * SECOND_MS;
}

// ---------------------------------------------------------------- author association

/**
 * GitHub's author_association is relative to the moment of writing: people
 * without earlier contributions are FIRST_TIME_CONTRIBUTOR (or FIRST_TIMER)
 * on their first pull request, CONTRIBUTOR once something of theirs is merged.
 */
class AssociationBook {
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

// ---------------------------------------------------------------- wire shapes

function buildMilestones(
  spec: RepositorySpec,
  fullName: string,
  records: readonly EntryRecord[],
  users: ReadonlyMap<string, DemoUser>,
): Map<number, Milestone> {
  const creatorLogin = spec.team[0]?.login;
  const creator = creatorLogin ? users.get(creatorLogin) : undefined;
  const result = new Map<number, Milestone>();
  for (const milestone of spec.milestones) {
    const members = records.filter((record) => record.milestone === milestone);
    const closedIssues = members.filter((record) => record.prior.state === 'closed').length;
    let updatedMs = milestone.closedMs ?? milestone.createdMs;
    for (const record of members) updatedMs = Math.max(updatedMs, record.prior.closedMs ?? record.prior.createdMs);
    const id = MILESTONE_ID_BASE + spec.index * 100 + milestone.number;
    result.set(milestone.number, {
      url: `${apiRepoUrl(fullName)}/milestones/${milestone.number}`,
      html_url: `${webRepoUrl(fullName)}/milestone/${milestone.number}`,
      labels_url: `${apiRepoUrl(fullName)}/milestones/${milestone.number}/labels`,
      id,
      node_id: nodeId('MI', spec.repositoryId, id),
      number: milestone.number,
      title: milestone.title,
      description: milestone.description,
      state: milestone.closedMs === null ? 'open' : 'closed',
      open_issues: members.length - closedIssues,
      closed_issues: closedIssues,
      created_at: toWireTimestamp(milestone.createdMs),
      updated_at: toWireTimestamp(Math.min(updatedMs, LATEST_EVENT_MS)),
      closed_at: milestone.closedMs === null ? null : toWireTimestamp(milestone.closedMs),
      due_on: milestone.dueMs === null ? null : toWireTimestamp(milestone.dueMs),
      creator: creator ? toSimpleUser(creator) : null,
    });
  }
  return result;
}

function toIssue(
  spec: RepositorySpec,
  fullName: string,
  record: EntryRecord,
  user: (login: string) => SimpleUser,
  associations: AssociationBook,
  milestones: ReadonlyMap<number, Milestone>,
): Issue {
  const { prior } = record;
  const api = `${apiRepoUrl(fullName)}/issues/${prior.number}`;
  const web = `${webRepoUrl(fullName)}/${prior.isPullRequest ? 'pull' : 'issues'}/${prior.number}`;
  const id = ISSUE_ID_BASE + (prior.createdMs / SECOND_MS - ID_EPOCH_MS / SECOND_MS) * MAX_REPOSITORIES + spec.index;
  const assignees = record.assignees.map(user);
  const milestone = record.milestone ? milestones.get(record.milestone.number) : undefined;
  const issue: Issue = {
    id,
    node_id: nodeId(prior.isPullRequest ? 'PR' : 'I', spec.repositoryId, id),
    url: api,
    repository_url: apiRepoUrl(fullName),
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: web,
    number: prior.number,
    title: prior.title,
    user: user(prior.author),
    labels: record.labels.map((label) => ({ ...label })),
    state: prior.state,
    state_reason: record.stateReason,
    locked: record.lock !== null,
    active_lock_reason: record.lock?.reason ?? null,
    assignee: assignees[0] ?? null,
    assignees,
    milestone: milestone ? { ...milestone, creator: milestone.creator ? { ...milestone.creator } : null } : null,
    comments: record.comments.length,
    created_at: toWireTimestamp(prior.createdMs),
    updated_at: toWireTimestamp(record.updatedMs),
    closed_at: prior.closedMs === null ? null : toWireTimestamp(prior.closedMs),
    author_association: associations.at(prior.author, prior.createdMs, prior.isPullRequest ? prior.number : null),
    body: record.draft.body,
    reactions: toReactionRollup(`${api}/reactions`, record.reactions),
    timeline_url: `${api}/timeline`,
  };
  if (prior.isPullRequest) {
    const pull = `${webRepoUrl(fullName)}/pull/${prior.number}`;
    issue.draft = record.draftPull;
    issue.pull_request = {
      url: `${apiRepoUrl(fullName)}/pulls/${prior.number}`,
      html_url: pull,
      diff_url: `${pull}.diff`,
      patch_url: `${pull}.patch`,
      merged_at: prior.merged && prior.closedMs !== null ? toWireTimestamp(prior.closedMs) : null,
    };
  }
  return issue;
}

function toComment(
  spec: RepositorySpec,
  fullName: string,
  record: EntryRecord,
  plan: CommentPlan,
  id: number,
  body: string,
  user: (login: string) => SimpleUser,
  associations: AssociationBook,
): IssueComment {
  const { prior } = record;
  const url = `${apiRepoUrl(fullName)}/issues/comments/${id}`;
  const edited = record.rng.fork(`comment-edit-${id}`);
  const updatedMs = edited.chance(0.1) ? Math.min(LATEST_EVENT_MS, plan.ms + edited.int(1, 600) * MINUTE_MS) : plan.ms;
  return {
    id,
    node_id: nodeId('IC', spec.repositoryId, id),
    url,
    html_url: `${webRepoUrl(fullName)}/${prior.isPullRequest ? 'pull' : 'issues'}/${prior.number}#issuecomment-${id}`,
    issue_url: `${apiRepoUrl(fullName)}/issues/${prior.number}`,
    user: user(plan.commenter),
    created_at: toWireTimestamp(plan.ms),
    updated_at: toWireTimestamp(Math.max(plan.ms, updatedMs)),
    author_association: associations.at(plan.commenter, plan.ms, null),
    body,
    reactions: toReactionRollup(`${url}/reactions`, reactions(edited, 'bug', false)),
  };
}
