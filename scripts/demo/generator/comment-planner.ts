/**
 * Plans an entry's comments (how many, when, by whom, which one closes or
 * reopens it) before any text is written; comment-writer.ts writes them.
 */
import type { ClosingKind, EntryType } from '../corpus/corpus-types';
import { MINUTE_MS } from '../demo-clock';
import { LATEST_EVENT_MS, earlyBiased, logNormalMs, type CommentPlan, type RepoContext } from './entry-record';
import type { Prng } from '../../../src/shared/prng';
import { people, pickTeam } from './repository-people';
import type { RepositorySpec } from './repository-spec';

const MAX_COMMENTS = 12;
const COMMENT_DELAY_MEDIAN_DAYS = 0.8;

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

export interface CommentFrame {
  author: string;
  isPullRequest: boolean;
  type: EntryType;
  createdMs: number;
  closedMs: number | null;
  kind: ClosingKind | null;
  reopenedMs: number | null;
}

export function planComments(spec: RepositorySpec, rng: Prng, repo: RepoContext, frame: CommentFrame): CommentPlan[] {
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
