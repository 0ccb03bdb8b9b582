/**
 * Comments on pull requests: the author's replies and reviewers' notes.
 */
import { fileOf, otherEntry, plain, type Option, type Thread } from './comment-options';
import type { CommentContext } from './corpus-types';
import { alert, fence, fill } from './markdown-blocks';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';

export function pullAuthorComments(thread: Thread): Option[] {
  const reviewed = [...thread.said].some((key) => key.startsWith('review'));
  return [
    ...plain('pull-author', [
      'Rebased on `main`.',
      'CI failure looks unrelated (the flaky watch-mode test on Windows). Can someone re-run it?',
    ]),
    // answering a review only makes sense once there is one
    ...(reviewed
      ? plain('pull-author-reply', [
          'Thanks for the review! Addressed the comments, PTAL.',
          'Good catch, fixed in the latest commit.',
          "I've split the refactoring out so this one only has the fix.",
        ])
      : plain('pull-author-ready', ['Ready for review now.'])),
  ];
}

export function pullReviewComments(vocab: ProjectVocabulary, ctx: CommentContext): Option[] {
  const { rng } = ctx;
  const options: Option[] = [
    ...plain('review', [
      'Thanks! Left a few comments, mostly nits.',
      'Could you add a test for the empty case? Otherwise this looks good.',
      'LGTM once CI is green.',
      'Any chance this can be backported to the previous minor release?',
    ]),
    ['review-tested', () => `Tested this locally on ${rng.pick(['macOS', 'Linux', 'Windows'])} and it works for me, thanks!`],
    [
      'review-suggestion',
      () => {
        const diffs = vocab.fixDiffs.filter((diff) => !diff.areas || diff.areas.includes(ctx.entry.area ?? ''));
        if (diffs.length === 0) return null;
        const diff = rng.pick(diffs);
        return `Small suggestion:\n\n${fence({ lang: diff.lang, code: fill(diff.code, { file: diff.file ?? fileOf(vocab, ctx) }) })}`;
      },
    ],
    [
      'review-conflict',
      () => {
        const conflicting = otherEntry(ctx, (e) => e.isPullRequest && e.number !== ctx.entry.number && e.type !== 'dependency' && e.state === 'open');
        return conflicting ? `Heads-up: this conflicts with #${conflicting.number}; whichever lands second needs a rebase.` : null;
      },
    ],
  ];
  if (ctx.commenterIsTeam) options.push(['review-changeset', () => alert('NOTE', 'This changes user-visible output, so it needs a changeset before we merge.')]);
  return options;
}
