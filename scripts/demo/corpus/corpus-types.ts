/**
 * The contract between the repository generator (numbers, people, times,
 * states) and a repository's corpus (titles, labels, Markdown bodies).
 */
import type { Prng } from '../../../src/shared/prng';
import type { Snippet } from './markdown-blocks';

export type IssueType = 'bug' | 'feature' | 'docs' | 'question' | 'performance' | 'security' | 'tracking' | 'rfc' | 'plan';
export type PullType = 'fix' | 'feature-pr' | 'docs-pr' | 'maintenance' | 'release' | 'dependency';
export type EntryType = IssueType | PullType;

/** what a corpus writes for one issue or pull request */
export interface EntryDraft {
  type: EntryType;
  title: string;
  /** label names; the generator keeps the first four that exist in the repository */
  labels: string[];
  body: string | null;
  /** an imperative phrase a later pull request can put in its title ("fail fast on an empty output directory") */
  followUp?: string;
  area?: string;
  /** an earlier entry this one duplicates: the generator closes it as not planned */
  duplicateOf?: number;
  /** an earlier entry this pull request fixes or closes */
  closes?: number;
  /** dependency updates: the package and the version it moves to */
  dependency?: { name: string; from: string; to: string };
  /** questions: the Markdown a maintainer answers with */
  answer?: string;
}

/** what later entries and comments may know about an earlier entry */
export interface PriorEntry {
  number: number;
  isPullRequest: boolean;
  type: EntryType;
  title: string;
  author: string;
  state: 'open' | 'closed';
  merged: boolean;
  createdMs: number;
  closedMs: number | null;
  followUp?: string;
  area?: string;
  dependency?: { name: string; from: string; to: string };
  answer?: string;
}

export interface EntryContext {
  rng: Prng;
  /** 'owner/name' */
  fullName: string;
  number: number;
  createdMs: number;
  author: string;
  authorIsTeam: boolean;
  /** some people hard-wrap their prose at ~72 columns */
  authorWraps: boolean;
  /** every earlier entry, oldest first */
  prior: readonly PriorEntry[];
  /** maintainers' logins (never bots) */
  team: readonly string[];
  /** everyone else who is active in the repository (never bots) */
  community: readonly string[];
}

export type ClosingKind = 'merged' | 'completed' | 'not_planned' | 'duplicate' | 'unmerged';

export interface CommentContext {
  rng: Prng;
  fullName: string;
  entry: PriorEntry;
  commenter: string;
  commenterIsTeam: boolean;
  commenterIsBot: boolean;
  commenterWraps: boolean;
  /** 0-based position among the entry's comments */
  index: number;
  count: number;
  createdMs: number;
  /** set on the comment written as the entry is closed */
  closing: ClosingKind | null;
  duplicateOf: number | null;
  /** set on the comment written as a closed issue is reopened */
  reopening: boolean;
  /** every entry of the repository, oldest first */
  entries: readonly PriorEntry[];
  /** how many of `entries` exist when the comment is written (numbers 1..existingCount) */
  existingCount: number;
  team: readonly string[];
  community: readonly string[];
}

export interface RepositoryCorpus {
  issue(ctx: EntryContext): EntryDraft;
  pullRequest(ctx: EntryContext): EntryDraft;
  comment(ctx: CommentContext): string;
}

/** a thing issues are about: a command, an endpoint, a component, a docs page, a template */
export interface Surface {
  name: string;
  area: string;
  /** docs pages: the path under the vocabulary's docsUrl */
  slug?: string;
}

/** where a pattern applies: area names and/or exact surface names; absent = anywhere */
export type SurfaceFilter = readonly string[];

export interface BugPattern {
  on: SurfaceFilter;
  /** tokens: {s} the surface in backticks, {sName} bare, and the vocabulary's own */
  titles: readonly string[];
  summary: string;
  expected: string;
  actual: Snippet;
  fix: string;
  labels?: readonly string[];
}

export interface FeaturePattern {
  on: SurfaceFilter;
  labels?: readonly string[];
  titles: readonly string[];
  problem: string;
  proposal: string;
  example?: Snippet;
  alternatives?: string;
  tasks: readonly string[];
  /** imperative phrase for the implementing pull request */
  short: string;
}

export interface DocsPattern {
  on?: SurfaceFilter;
  titles: readonly string[];
  body: string;
  suggestion?: Snippet;
  fix: string;
  labels?: readonly string[];
}

export interface QuestionPattern {
  on?: SurfaceFilter;
  title: string;
  body: string;
  snippet?: Snippet;
  answer: string;
  answerSnippet?: Snippet;
}

export interface PerformancePattern {
  on?: SurfaceFilter;
  titles: readonly string[];
  summary: string;
  /** measured quantity, e.g. "Wall time (s)" */
  metric: string;
  fix: string;
}

export interface SecurityPattern {
  on?: SurfaceFilter;
  title: string;
  summary: string;
  impact: string;
  fix: string;
}

export interface RfcPattern {
  on?: SurfaceFilter;
  title: string;
  summary: string;
  motivation: string;
  design: Snippet;
  options: ReadonlyArray<readonly [string, string, string]>;
  questions: readonly string[];
  short: string;
}

export interface MaintenancePattern {
  on?: SurfaceFilter;
  title: string;
  summary: string;
  changes: readonly string[];
  snippet?: Snippet;
  labels?: readonly string[];
}
