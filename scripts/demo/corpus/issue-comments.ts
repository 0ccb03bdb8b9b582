/**
 * Comments on issues: the team triaging, the author answering, the community
 * adding "same here" and workarounds.
 */
import { ANSWER, currentVersion, DOCTOR_REQUEST, fileOf, kindOf, otherEntry, plain, version, workaround, type Option, type Thread } from './comment-options';
import type { CommentContext, PriorEntry } from './corpus-types';
import { alert, details, fence, image, kbd, table, taskList } from './markdown-blocks';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { nextMinor } from './versions';

export function triageComments(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
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

export function issueAuthorComments(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
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

export function communityComments(vocab: ProjectVocabulary, ctx: CommentContext, thread: Thread): Option[] {
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
