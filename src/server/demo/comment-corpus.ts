/**
 * Comments on a software project's issues and pull requests: triage, "+1,
 * same here", workarounds with code, review notes, the closing remark. Shorter
 * than bodies but with the same Markdown: fences, task lists, tables, images,
 * alerts, `<details>`, `<kbd>`.
 *
 * Each writer offers options: a fixed key and a function that writes the
 * text. The caller tries them in random order and writes only the first whose
 * key has not been used on the same entry, so a thread never says the same
 * thing twice and the texts not chosen are never built.
 */
import type { CommentContext, EntryType, PriorEntry } from './corpus-types';
import { alert, details, fence, fill, hardWrap, image, kbd, table, taskList } from './markdown-blocks';
import type { AreaSnippet, ProjectVocabulary } from './project-vocabulary';
import { recentPrior } from './references';
import { bumpPatch, nextMinor } from './versions';

export type CommentWriter = (ctx: CommentContext) => string;

/** a key that identifies what is said, and a writer that returns null when it does not apply (nothing to refer to) */
type Option = readonly [key: string, write: () => string | null];

/** what has happened in one entry's thread so far (comments are written oldest first) */
interface Thread {
  /** keys of what was said, so nobody says the same thing twice */
  said: Set<string>;
}

const DOCTOR_REQUEST = 'doctor-request';
const ANSWER = 'answer';

export function createProjectCommentWriter(vocab: ProjectVocabulary): CommentWriter {
  const threads = new Map<number, Thread>();
  return (ctx) => {
    let thread = threads.get(ctx.entry.number);
    if (!thread) {
      thread = { said: new Set() };
      threads.set(ctx.entry.number, thread);
    }
    const options = ctx.rng.sample(optionsFor(vocab, ctx, thread), Infinity);
    let text: string | null = null;
    for (const [key, write] of options) {
      if (thread.said.has(key)) continue;
      text = write();
      if (text !== null) {
        thread.said.add(key);
        break;
      }
    }
    // a long thread can run out of new things to say; then someone repeats themselves
    for (const [, write] of options) text ??= write();
    text ??= ':+1:';
    return ctx.commenterWraps ? hardWrap(text, 76) : text;
  };
}

function optionsFor(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
  if (ctx.commenterIsBot) return [['bot', () => botComment(ctx)]];
  if (ctx.closing) return [['closing', () => closingComment(vocab, ctx)]];
  if (ctx.reopening) return reopeningComments(vocab, ctx);
  const { entry } = ctx;
  if (entry.type === 'dependency') return dependencyComments(ctx);
  if (entry.isPullRequest) return ctx.commenter === entry.author ? pullAuthorComments(thread) : pullReviewComments(vocab, ctx);
  if (ctx.commenter === entry.author) return issueAuthorComments(vocab, ctx, thread);
  if (ctx.commenterIsTeam) return triageComments(vocab, ctx, thread);
  return communityComments(vocab, ctx, thread);
}

/** options that are plain text, keyed by their position */
function plain(prefix: string, texts: readonly string[]): Option[] {
  return texts.map((text, i) => [`${prefix}-${i}`, () => text] as const);
}

function version(vocab: ProjectVocabulary, ctx: CommentContext): string {
  return vocab.versionAt(ctx.createdMs, ctx.rng);
}

/** the newest release when the comment is written ("still happening on …", "upgraded to …") */
function currentVersion(vocab: ProjectVocabulary, ctx: CommentContext): string {
  return vocab.versionAt(ctx.createdMs, ctx.rng, true);
}

function workaround(vocab: ProjectVocabulary, ctx: CommentContext): AreaSnippet {
  const fitting = vocab.workarounds.filter((snippet) => !snippet.areas || snippet.areas.includes(ctx.entry.area ?? ''));
  return ctx.rng.pick(fitting.length > 0 ? fitting : vocab.workarounds);
}

function otherEntry(ctx: CommentContext, predicate: (entry: PriorEntry) => boolean): PriorEntry | undefined {
  return recentPrior(ctx.rng, ctx.entries, predicate, ctx.existingCount);
}

function fileOf(vocab: ProjectVocabulary, ctx: CommentContext): string {
  const files = vocab.areas[ctx.entry.area ?? '']?.files ?? [];
  return files.length > 0 ? ctx.rng.pick(files) : 'src/index.ts';
}

function kindOf(type: EntryType): 'bug' | 'feature' | 'docs' | 'question' | 'tracking' {
  if (type === 'feature' || type === 'rfc') return 'feature';
  if (type === 'docs') return 'docs';
  if (type === 'question') return 'question';
  if (type === 'tracking' || type === 'plan') return 'tracking';
  return 'bug';
}

function closingComment(vocab: ProjectVocabulary, ctx: CommentContext): string {
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

function reopeningComments(vocab: ProjectVocabulary, ctx: CommentContext): Option[] {
  return [
    ['reopen-version', () => `Reopening: this still happens on ${currentVersion(vocab, ctx)}.`],
    ...plain('reopen', [
      "Reopening, the fix didn't cover the Windows case:\n\n```text\nError: EPERM: operation not permitted, rename\n```",
      'Reopening since the original report had a second problem in it that is still there.',
    ]),
  ];
}

function dependencyComments(ctx: CommentContext): Option[] {
  if (!ctx.commenterIsTeam) return plain('dep-community', ['Any reason this is still open? The new version fixes a bug we hit.', 'Tested locally, works fine.']);
  return plain('dep-team', [
    '@dependabot rebase',
    '@dependabot recreate',
    'Holding this one until we drop support for the oldest Node LTS.',
    'LGTM, CI is green.',
    "The changelog mentions a behaviour change; I checked our usage and we're not affected.",
  ]);
}

function botComment(ctx: CommentContext): string {
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

function triageComments(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
  const { rng, entry } = ctx;
  const name = vocab.product.toLowerCase();
  const mention = entry.author !== ctx.commenter ? `@${entry.author}` : 'all';
  const related = (): PriorEntry | undefined =>
    otherEntry(ctx, (e) => !e.isPullRequest && e.number !== entry.number && e.area === entry.area && kindOf(e.type) === kindOf(entry.type));
  switch (kindOf(entry.type)) {
    case 'question':
      if (entry.answer !== undefined && !thread.said.has(ANSWER)) return [[ANSWER, () => entry.answer ?? null]];
      return [
        ...plain('question-followup', [
          'Does that answer your question? If so, feel free to close this.',
          `You can also set this in the config file instead of passing a flag every time; see ${vocab.docsUrl}.`,
        ]),
        ['question-tip', () => alert('TIP', `\`${name} --help <command>\` lists every option with its environment variable.`)],
      ];
    case 'feature':
      return [
        [
          'feature-pr-welcome',
          () =>
            `Thanks for the suggestion, ${mention}. I think this makes sense. Would you be interested in sending a PR? The relevant code is in \`${fileOf(vocab, ctx)}\`, and I'm happy to help with review.`,
        ],
        ...plain('feature-team', [
          "We discussed this in the maintainers' sync: we'd like to do it, but after the next minor release. Keeping it open.",
          'My main concern is naming: we already have similar flags elsewhere, so whatever we add should stay consistent with those. Otherwise :+1:.',
        ]),
        ['feature-roadmap', () => alert('NOTE', 'Added to the roadmap. If you want to pick this up, say so here first so nobody duplicates the work.')],
        [
          'feature-overlap',
          () => {
            const other = related();
            return other ? `This overlaps with #${other.number}; let's keep the design discussion in one place.` : null;
          },
        ],
      ];
    case 'docs':
      return [
        ...plain('docs-team', [
          'Good catch, thanks! A PR would be very welcome; the page source is linked from the "Edit this page" button at the bottom.',
          'Fixed on the preview site; it goes live with the next docs deploy.',
        ]),
        [
          'docs-assign',
          () => `Agreed, that page needs work. ${rng.chance(0.5) ? `@${rng.pick(ctx.team)} you wrote most of it, could you take this one?` : 'Contributions welcome!'}`,
        ],
      ];
    case 'tracking':
      return [
        [
          'tracking-status',
          () => {
            const landed = otherEntry(ctx, (e) => e.isPullRequest && e.merged && e.closedMs !== null && e.closedMs <= ctx.createdMs);
            return landed ? `Status update: #${landed.number} is merged, the remaining items are in review.` : 'Status update: most items are in review now.';
          },
        ],
        ...plain('tracking-team', ['Moving the unchecked items to the next release; no need to block on them.']),
        [
          'tracking-list',
          () =>
            `${taskList([
              { done: true, text: 'design agreed' },
              { done: rng.chance(0.6), text: 'implementation' },
              { done: false, text: 'docs' },
            ])}\n\nUpdated the list above, too.`,
        ],
      ];
    default:
      return [
        [
          'bug-reproduced',
          () => `Thanks for the report, ${mention}! I can reproduce this on \`main\`. It looks like we never handle that case in \`${fileOf(vocab, ctx)}\`.`,
        ],
        ...(ctx.index <= 1
          ? [[DOCTOR_REQUEST, () => `Thanks! Could you run \`${name} doctor\` and paste the output? I'd like to rule out an old cache directory.`] as const]
          : []),
        ['bug-workaround', () => `I had a quick look. Until there's a proper fix, this should work around it:\n\n${fence(workaround(vocab, ctx))}`],
        ['bug-debug-tip', () => alert('TIP', `You can set \`DEBUG=${name}:*\` to see every request ${vocab.product} makes; that usually shows where it hangs.`)],
        ['bug-milestone', () => `Labelled this for the next milestone. ${rng.chance(0.5) ? `@${rng.pick(ctx.team)} do you have time to look?` : 'Contributions welcome!'}`],
        [
          'bug-same-cause',
          () => {
            const other = related();
            return other ? `I think this has the same root cause as #${other.number}. Keeping both open for now since the symptoms differ.` : null;
          },
        ],
      ];
  }
}

function issueAuthorComments(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
  const { rng } = ctx;
  switch (kindOf(ctx.entry.type)) {
    case 'question':
      return thread.said.has(ANSWER)
        ? plain('asker-answered', ['That worked, thanks!', 'Thanks! One follow-up: does this also apply to production deployments, or only previews?'])
        : plain('asker-waiting', ['Any ideas, anyone?', 'Bumping this: still looking for a way to do it.', 'To add some context: this is for our CI pipeline, so no interactive prompts.']);
    case 'feature':
      return plain('requester', [
        'Happy to send a PR if you agree on the approach.',
        'To clarify: we need this mostly in CI, so a flag would be enough; no config file support needed.',
        'Any update on this? Still very interested.',
      ]);
    case 'docs':
      return plain('docs-author', ['I can send a PR for this.', 'Found two more places with the same problem, will include them.']);
    case 'tracking':
      return plain('tracking-author', ['Updated the task list.', 'Two more items came up in review; added them above.']);
    default:
      return [
        ...(thread.said.has(DOCTOR_REQUEST) ? [['doctor-output', () => doctorOutput(vocab, ctx)] as const] : []),
        ...plain('reporter', [
          'Thanks, the workaround works for now.',
          'Any update on this? We hit it in CI a few times a day.',
          'I dug a bit more: it only happens when the cache is cold. Running it twice in a row "fixes" it.',
          'Tried the suggestion, same result unfortunately.',
        ]),
        ['reporter-screenshot', () => `Here's a screenshot of what I see:\n\n${image('screenshot', rng.pick(vocab.screenshots))}`],
      ];
  }
}

/** the reply to DOCTOR_REQUEST */
function doctorOutput(vocab: ProjectVocabulary, ctx: CommentContext): string {
  const { rng } = ctx;
  const name = vocab.product.toLowerCase();
  return `Sure, here's the output:\n\n${details(
          `${name} doctor`,
          fence({
            lang: 'text',
            code: `${name} ${version(vocab, ctx)}\nnode      v${rng.pick(['18.20.4', '20.15.1', '20.18.0', '22.11.0'])}\nplatform  ${rng.pick(['darwin arm64', 'linux x64', 'win32 x64'])}\ncache     ok (${rng.int(40, 900)} MB)\nauth      ok\nproxy     ${rng.pick(['none', 'http://proxy.internal:3128'])}`,
          }),
        )}`;
}

function communityComments(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
  const { rng, entry } = ctx;
  const related: Option = [
    'community-related',
    () => {
      const other = otherEntry(ctx, (e) => e.number !== entry.number && !e.isPullRequest && e.area === entry.area && kindOf(e.type) === kindOf(entry.type));
      return other ? `#${other.number} might be related.` : null;
    },
  ];
  switch (kindOf(entry.type)) {
    case 'feature':
      return [
        ...plain('feature-community', ['+1, this would help us a lot in CI.', ':+1:', 'Is anyone working on this? Happy to help with testing.']),
        ['feature-workaround', () => `We'd use this too. Our current workaround:\n\n${fence(workaround(vocab, ctx))}`],
        ['feature-eta', () => `Any ETA? Asking because we're planning our ${rng.pick(['Q1', 'Q2', 'Q3', 'Q4'])} roadmap around it.`],
        related,
      ];
    case 'docs':
      return [...plain('docs-community', ['+1, I tripped over this too.', 'The example right below it has the same problem.']), related];
    case 'question':
      return thread.said.has(ANSWER)
        ? plain('question-community-answered', ['Thanks, this helped me too.', ':+1: to adding this to the docs.'])
        : [
            ...plain('question-community', ['I had the same question, thanks for asking!']),
            ['question-workaround', () => `Not sure it's the intended way, but I ended up doing this:\n\n${fence(workaround(vocab, ctx))}`],
          ];
    case 'tracking':
      return [
        ...plain('tracking-community', ['Thanks for keeping this list up to date, very useful.']),
        ['tracking-eta', () => `Is all of this going to make it into ${nextMinor(currentVersion(vocab, ctx))}?`],
      ];
    default:
      return [
        ['bug-plus-one', () => `+1, same here on ${rng.pick(['Windows 11', 'macOS 15', 'Ubuntu 24.04', 'Debian 12'])} with ${currentVersion(vocab, ctx)}.`],
        [
          'bug-checks',
          () =>
            `Same problem. What I've checked so far:\n\n${taskList([
              { done: true, text: 'cleared the cache' },
              { done: true, text: `upgraded to ${currentVersion(vocab, ctx)}` },
              { done: rng.chance(0.5), text: 'tried on another machine' },
              { done: false, text: 'tried without plugins' },
            ])}`,
        ],
        ['bug-workaround-community', () => `Same issue. Workaround that works for us:\n\n${fence(workaround(vocab, ctx))}`],
        [
          'bug-matrix',
          () => {
            const v = currentVersion(vocab, ctx);
            return `Also seeing this:\n\n${table(['OS', 'Version', 'Happens?'], [
              ['macOS 15', v, 'yes'],
              ['Ubuntu 24.04', v, 'yes'],
              ['Windows 11', v, rng.pick(['no', 'sometimes'])],
            ])}`;
          },
        ],
        ['bug-volunteer', () => `I'd like to work on this if nobody else is. @${rng.pick(ctx.team)} is the approach in the description OK?`],
        ['bug-kbd', () => `For anyone landing here: pressing ${kbd('Ctrl', 'C')} twice kills the stuck process, then re-running with \`--no-cache\` gets past it.`],
        ['bug-still', () => `Still happening on ${currentVersion(vocab, ctx)}.`],
        related,
      ];
  }
}

function pullAuthorComments(thread: Thread): Option[] {
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

function pullReviewComments(vocab: ProjectVocabulary, ctx: CommentContext): Option[] {
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
