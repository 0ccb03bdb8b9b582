/**
 * Turns a project's vocabulary into issues and pull requests that read like a
 * real repository's: issue-form bug reports and free-form ones, feature
 * requests with task lists, RFCs, tracking issues that tick off earlier
 * issues, pull requests that fix earlier bugs, release pull requests that list
 * what was merged. Every `#N` it writes points at an earlier entry, every
 * `@login` at a person in the repository.
 *
 * This module keeps a repository's memory (titles used, issues already fixed,
 * the last release); the *-drafts.ts modules write one kind of entry each.
 */
import { createProjectCommentWriter } from './comment-corpus';
import type { CommentContext, PriorEntry, RepositoryCorpus } from './corpus-types';
import { createDependencyUpdateWriter, type DependabotConfig } from './dependabot-corpus';
import type { DraftContext } from './draft-patterns';
import { issueDraft } from './issue-drafts';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { pullDraft } from './pull-drafts';

export const BOT_LOGIN = 'dependabot[bot]';

/** an issue whose every title attempt was taken gets another kind (bug, feature ...) this many times */
const TYPE_ATTEMPTS = 3;

/** when every attempt repeats an earlier title: how often it becomes a duplicate (else the version goes into the title) */
const DUPLICATE_SHARE = 0.3;

export interface ProjectCorpusOptions {
  dependabot: DependabotConfig | null;
}

export function createProjectCorpus(vocab: ProjectVocabulary, options: ProjectCorpusOptions): RepositoryCorpus {
  const titles = new TitleRegistry();
  /** entries a pull request already claimed to fix, so two PRs don't fix the same bug */
  const claimed = new Set<number>();
  /** fix phrases already used in a pull request title */
  const usedFollowUps = new Set<string>();
  /** the newest pull request whose title (before any "follow-up" suffix) was this */
  const lastPullWithTitle = new Map<string, number>();
  /** the newest version a release pull request was opened for */
  const releases: { last: string | null } = { last: null };
  const dependencyUpdate = options.dependabot ? createDependencyUpdateWriter(options.dependabot) : null;
  const writeComment = createProjectCommentWriter(vocab);

  return {
    issue(ctx) {
      titles.sync(ctx.prior);
      const draftContext: DraftContext = { ...ctx, isTaken: (title) => titles.has(title) };
      let draft = issueDraft(vocab, draftContext);
      for (let attempt = 1; attempt < TYPE_ATTEMPTS && titles.has(draft.title); attempt++) draft = issueDraft(vocab, draftContext);
      // people put versions into bug and feature titles; a repeated question or RFC is a duplicate
      const versionable = draft.type === 'bug' || draft.type === 'feature' || draft.type === 'performance' || draft.type === 'docs';
      if (titles.has(draft.title) && versionable && !ctx.rng.chance(DUPLICATE_SHARE)) {
        draft = { ...draft, title: `${draft.title} (${vocab.versionAt(ctx.createdMs, ctx.rng)})` };
      }
      const original = titles.get(draft.title);
      if (original !== undefined && vocab.labels.duplicate) {
        // Same title as an earlier issue: it happens, and it gets closed as a duplicate.
        draft = { ...draft, duplicateOf: original, labels: [...draft.labels.slice(0, 2), vocab.labels.duplicate] };
      }
      return draft;
    },
    pullRequest(ctx) {
      titles.sync(ctx.prior);
      if (ctx.author === BOT_LOGIN && dependencyUpdate) return dependencyUpdate(ctx);
      let draft = pullDraft(vocab, { ...ctx, isTaken: (title) => titles.has(title) }, claimed, usedFollowUps, releases);
      // The same chore or fix comes back in a big repository; GitHub users say so in the title.
      const base = draft.title;
      const previous = lastPullWithTitle.get(base) ?? titles.get(base);
      if (previous !== undefined) draft = { ...draft, title: `${base} (follow-up to #${previous})` };
      lastPullWithTitle.set(base, ctx.number);
      return draft;
    },
    comment(ctx: CommentContext) {
      return writeComment(ctx);
    },
  };
}

class TitleRegistry {
  private readonly byTitle = new Map<string, number>();
  private synced = 0;

  sync(prior: readonly PriorEntry[]): void {
    for (; this.synced < prior.length; this.synced++) {
      const entry = prior[this.synced];
      if (entry && !this.byTitle.has(entry.title.toLowerCase())) this.byTitle.set(entry.title.toLowerCase(), entry.number);
    }
  }

  has(title: string): boolean {
    return this.byTitle.has(title.toLowerCase());
  }

  get(title: string): number | undefined {
    return this.byTitle.get(title.toLowerCase());
  }
}
