/**
 * What the generator's passes hand each other: an entry and its comments
 * before they take GitHub's wire shape, the id scheme, and the time helpers
 * every pass shares.
 */
import type { Issue, Label } from '../../../src/shared/wire-types';
import type { ClosingKind, EntryDraft, PriorEntry } from '../corpus/corpus-types';
import { DAY_MS, DEMO_NOW_MS, MINUTE_MS } from '../demo-clock';
import type { ReactionCounts } from './github-shapes';
import type { Prng } from '../../../src/shared/prng';
import type { MilestoneSpec } from './repository-spec';

/** ids are derived from the creation second, so they grow with time like GitHub's */
export const ID_EPOCH_MS = Date.UTC(2023, 0, 1);
export const ISSUE_ID_BASE = 1_000_000_000;
export const COMMENT_ID_BASE = 2_000_000_000;
export const LABEL_ID_BASE = 5_000_000_000;
export const MILESTONE_ID_BASE = 9_000_000;
export const MAX_REPOSITORIES = 8;
/** nothing may happen in the last minute before the demo clock's "now" */
export const LATEST_EVENT_MS = DEMO_NOW_MS - MINUTE_MS;

/** a comment before its text is written */
export interface CommentPlan {
  ms: number;
  commenter: string;
  closing: ClosingKind | null;
  reopening: boolean;
}

/** an entry before it is turned into wire shape */
export interface EntryRecord {
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

export interface RepoContext {
  fullName: string;
  teamLogins: readonly string[];
  communityLogins: readonly string[];
  labelsByName: ReadonlyMap<string, Label>;
}

export function logNormalMs(rng: Prng, medianDays: number, sigma: number): number {
  return medianDays * DAY_MS * Math.exp(rng.normal() * sigma);
}

/** a time in (from, to], bunched towards `from` the way discussion happens */
export function earlyBiased(rng: Prng, from: number, to: number): number {
  return from + Math.max(MINUTE_MS, (to - from) * rng.next() ** 2.2);
}
