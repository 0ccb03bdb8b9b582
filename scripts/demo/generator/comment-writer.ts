/**
 * Pass 2 of the repository generator: writes every planned comment's text in
 * time order, so a comment may reference any entry that existed when it was
 * written, and settles each entry's last update time.
 */
import { SECOND_MS } from '../demo-clock';
import type { DemoUser } from './demo-user';
import { COMMENT_ID_BASE, ID_EPOCH_MS, LATEST_EVENT_MS, MAX_REPOSITORIES, earlyBiased, type CommentPlan, type EntryRecord } from './entry-record';
import { wraps } from './repository-people';
import type { RepositorySpec } from './repository-spec';

export interface WrittenComment {
  record: EntryRecord;
  plan: CommentPlan;
  id: number;
  body: string;
}

export function writeComments(
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

export function updatedAt(record: EntryRecord): number {
  let ms = record.prior.createdMs;
  if (record.prior.closedMs !== null) ms = Math.max(ms, record.prior.closedMs);
  if (record.lock) ms = Math.max(ms, record.lock.ms);
  for (const comment of record.comments) ms = Math.max(ms, comment.ms);
  // labels, titles and bodies get edited later, too
  if (record.rng.chance(0.2)) ms = earlyBiased(record.rng, ms, LATEST_EVENT_MS);
  return Math.floor(Math.min(ms, LATEST_EVENT_MS) / SECOND_MS) * SECOND_MS;
}
