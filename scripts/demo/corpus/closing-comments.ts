/**
 * The comments that change an entry's state (closing, reopening) and the ones
 * on dependency updates, including the bot's own.
 */
import { currentVersion, kindOf, otherEntry, plain, version, type Option } from './comment-options';
import type { CommentContext } from './corpus-types';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { bumpPatch, nextMinor } from './versions';

export function closingComment(vocab: ProjectVocabulary, ctx: CommentContext): string {
  const { rng, entry } = ctx;
  switch (ctx.closing) {
    case 'duplicate':
      if (ctx.duplicateOf === null) return 'Closing as a duplicate.';
      return rng.pick([
        `Duplicate of #${ctx.duplicateOf}`,
        entry.type === 'question'
          ? `Thanks for asking! This was answered in #${ctx.duplicateOf}, so I'm closing this one.\n\nDuplicate of #${ctx.duplicateOf}`
          : `Thanks for the report! This is the same problem as #${ctx.duplicateOf}, so I'm closing this one in favour of it. Please add your details there.\n\nDuplicate of #${ctx.duplicateOf}`,
      ]);
    case 'merged':
      if (entry.type === 'release') {
        return rng.pick([
          `Released :rocket: ${entry.title.replace(/^chore\(release\): /, '')} is tagged and on the registry.`,
          'Published. Release notes are on the releases page.',
        ]);
      }
      return rng.pick([
        `Thanks @${entry.author}! :rocket: This will go out in the next release.`,
        'Merged, thanks!',
        'LGTM, merging. Thanks for adding the test.',
        `Thanks, this is great. Merging; it'll be in ${vocab.product} ${bumpPatch(version(vocab, ctx))}.`,
        'Nice one :tada:',
      ]);
    case 'unmerged': {
      const replacement = otherEntry(ctx, (e) => e.isPullRequest && e.number > entry.number && e.type === entry.type);
      return rng.pick([
        replacement
          ? `Closing in favour of #${replacement.number}, which takes a slightly different approach. Thanks for getting this started!`
          : 'Closing in favour of a different approach; thanks for getting this started!',
        'Closing this as stale. Feel free to reopen if you pick it back up.',
        "Thanks for the PR! We decided to go a different way (see the discussion above), so I'm closing this.",
      ]);
    }
    case 'not_planned':
      if (kindOf(entry.type) === 'feature') {
        return rng.pick([
          "We talked about this in triage and decided not to add it to the core: it's easy to do with a small plugin and we want to keep the surface small. Closing, but thanks for the detailed write-up!",
          "I don't think we'll get to this in the foreseeable future, so I'm closing it to keep the tracker honest. If someone wants to pick it up, comment here and we can reopen.",
        ]);
      }
      return rng.pick([
        `Closing because we couldn't reproduce this on ${version(vocab, ctx)} and haven't heard back. Happy to reopen with more details!`,
        `This is working as intended: ${vocab.product} resolves paths relative to the project root, not the current directory. I've opened a docs issue to make that clearer. Closing.`,
        "Closing as this turned out to be a problem in a third-party plugin, not in the core. I've left a note on their tracker.",
      ]);
    case 'completed':
    default: {
      if (kindOf(entry.type) === 'feature') {
        const implementation = otherEntry(
          ctx,
          (e) => e.isPullRequest && e.merged && e.type === 'feature-pr' && e.closedMs !== null && e.closedMs <= ctx.createdMs && e.number > entry.number,
        );
        return implementation
          ? `Implemented in #${implementation.number} :tada: Thanks for the proposal!`
          : `This landed on \`main\` and ships in ${nextMinor(currentVersion(vocab, ctx))}. Thanks for the proposal!`;
      }
      if (kindOf(entry.type) === 'tracking') return 'Everything on the list is done. Closing :tada:';
      if (entry.type === 'question') {
        return ctx.commenter === entry.author
          ? 'That answers it, thanks! Closing.'
          : rng.pick([
              'Closing since the question is answered. Feel free to reopen if not!',
              'Turned the answer into a FAQ entry in the docs. Closing, thanks for asking!',
            ]);
      }
      const fix = otherEntry(
        ctx,
        (e) => e.isPullRequest && e.merged && e.closedMs !== null && e.closedMs <= ctx.createdMs && e.area === entry.area && e.number > entry.number,
      );
      return fix
        ? rng.pick([
            `Fixed in #${fix.number} and released in ${bumpPatch(version(vocab, ctx))} :tada:`,
            `This should be fixed by #${fix.number}. Please let us know if you still see it after upgrading.`,
          ])
        : rng.pick([
            'This is fixed on `main` and will ship in the next release.',
            `Released in ${bumpPatch(version(vocab, ctx))}. Thanks everyone for the reports and the help narrowing it down!`,
          ]);
    }
  }
}

export function reopeningComments(vocab: ProjectVocabulary, ctx: CommentContext): Option[] {
  return [
    ['reopen-version', () => `Reopening: this still happens on ${currentVersion(vocab, ctx)}.`],
    ...plain('reopen', [
      "Reopening, the fix didn't cover the Windows case:\n\n```text\nError: EPERM: operation not permitted, rename\n```",
      'Reopening since the original report had a second problem in it that is still there.',
    ]),
  ];
}

export function dependencyComments(ctx: CommentContext): Option[] {
  if (!ctx.commenterIsTeam) return plain('dep-community', ['Any reason this is still open? The new version fixes a bug we hit.', 'Tested locally, works fine.']);
  return plain('dep-team', [
    '@dependabot rebase',
    '@dependabot recreate',
    'Holding this one until we drop support for the oldest Node LTS.',
    'LGTM, CI is green.',
    "The changelog mentions a behaviour change; I checked our usage and we're not affected.",
  ]);
}

export function botComment(ctx: CommentContext): string {
  const pkg = ctx.entry.dependency?.name;
  // scoped names would read as @mentions outside code
  const name = pkg === undefined ? 'this dependency' : pkg.startsWith('@') ? `\`${pkg}\`` : pkg;
  if (ctx.closing === 'unmerged') {
    return ctx.rng.pick([
      `Looks like ${name} is up-to-date now, so this is no longer needed.`,
      `Looks like ${name} is no longer updatable, so this is no longer needed.`,
    ]);
  }
  return "Looks like this PR is already up-to-date with main! If you'd still like to recreate it from scratch, overwriting any edits, you can request `@dependabot recreate`.";
}
