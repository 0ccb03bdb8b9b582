/**
 * Feature requests, RFCs and the tracking issues maintainers plan with.
 */
import type { EntryDraft, PriorEntry } from './corpus-types';
import { areaLabel, fillSnippet, finishDraft, padder, pickPattern, pickSurface, prose, titled, tokens, untakenChoice, withRelated, type DraftContext } from './draft-patterns';
import { alert, bulletList, fence, fill, fitBody, image, table, taskList, type BodyPart } from './markdown-blocks';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { recentPrior } from './references';

export function featureDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const choice = untakenChoice(ctx, () => {
    const pattern = pickPattern(rng, vocab, vocab.features);
    const surface = pickSurface(rng, vocab, pattern.on);
    return { pattern, surface, ...titled(vocab, ctx, surface, rng.pick(vocab.featureTitlePrefixes) + rng.pick(pattern.titles)) };
  });
  const { pattern, surface, title } = choice;
  const vars = choice.vars ?? tokens(vocab, ctx, surface);
  const problem = fill(pattern.problem, vars);
  const proposal = fill(pattern.proposal, vars);
  const example = pattern.example ? fence(fillSnippet(pattern.example, vars)) : '';
  const alternatives = pattern.alternatives
    ? fill(pattern.alternatives, vars)
    : surface.area === 'cli'
      ? `Wrapping ${vars.s ?? 'the command'} in a shell script, which works but is brittle and hard to share across projects.`
      : `A small internal wrapper around ${vars.s ?? 'it'}, which we would rather not maintain.`;
  const parts: BodyPart[] = [];
  const tasks = pattern.tasks.map((text) => fill(text, vars));
  const doneShare = ctx.authorIsTeam ? rng.next() : rng.chance(0.2) ? rng.next() * 0.5 : 0;

  if (!ctx.authorIsTeam && rng.chance(0.5)) {
    parts.push({ text: `### Is your feature request related to a problem? Please describe.\n\n${prose(ctx, problem)}` });
    parts.push({ text: `### Describe the solution you'd like\n\n${prose(ctx, proposal)}${example ? `\n\n${example}` : ''}` });
    parts.push({ text: `### Describe alternatives you've considered\n\n${prose(ctx, alternatives)}`, optional: true });
    if (rng.chance(0.35)) {
      parts.push({ text: `### Additional context\n\n${taskList(tasks.map((text) => ({ done: false, text })))}`, optional: true });
    }
  } else {
    parts.push({ text: `## Problem\n\n${prose(ctx, problem)}` });
    parts.push({ text: `## Proposal\n\n${prose(ctx, proposal)}${example ? `\n\n${example}` : ''}` });
    if (rng.chance(0.7)) {
      parts.push({
        text: `## Tasks\n\n${taskList(tasks.map((text, i) => ({ done: i < Math.round(tasks.length * doneShare), text })))}`,
      });
    }
    if (rng.chance(0.3)) {
      parts.push({
        text: alert(
          rng.pick(['NOTE', 'IMPORTANT', 'TIP'] as const),
          rng.pick([
            'This should be a non-breaking change: the current behaviour stays the default.',
            'Anything that changes the output format has to wait for the next major release.',
            'If you want to pick this up, comment here first so we can agree on the flag names.',
          ]),
        ),
        optional: true,
      });
    }
    parts.push({ text: `## Alternatives\n\n${prose(ctx, alternatives)}`, optional: true });
  }
  const related = withRelated(ctx, 'feature', (entry) => !entry.isPullRequest && entry.type === 'feature' && entry.area === surface.area);
  if (related && rng.chance(0.3)) parts.push(related);
  if (rng.chance(0.15)) parts.push({ text: `:+1: ${rng.pick(['Would love this.', 'This would help us a lot in CI.', 'Willing to help test.'])}`, optional: true });

  const labels = [vocab.labels.feature, ...(pattern.labels ?? []), ...areaLabel(vocab, surface.area)];
  if (vocab.labels.helpWanted && rng.chance(0.12)) labels.push(vocab.labels.helpWanted);
  if (vocab.labels.goodFirstIssue && rng.chance(0.07)) labels.push(vocab.labels.goodFirstIssue);
  if (vocab.labels.wontfix && rng.chance(0.05)) labels.push(vocab.labels.wontfix);
  return finishDraft(vocab, ctx, {
    type: 'feature',
    title,
    labels,
    body: fitBody(parts, padder(ctx, vocab, vars)),
    followUp: fill(pattern.short, vars),
    area: surface.area,
  });
}

export function trackingDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const surface = pickSurface(rng, vocab, undefined);
  const vars = tokens(vocab, ctx, surface);
  const refs: PriorEntry[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < 20 && refs.length < rng.int(3, 8); i++) {
    const entry = recentPrior(rng, ctx.prior, (e) => !e.isPullRequest && (e.type === 'bug' || e.type === 'feature'));
    if (entry && !seen.has(entry.number)) {
      seen.add(entry.number);
      refs.push(entry);
    }
  }
  refs.sort((a, b) => a.number - b.number);
  const tasks = [
    ...refs.map((entry) => ({ done: entry.state === 'closed', text: `#${entry.number}` })),
    ...rng.sample(['Update the migration guide', 'Announce in the changelog', 'Write the blog post', 'Cut a release candidate'], rng.int(1, 3)).map(
      (text) => ({ done: rng.chance(0.3), text }),
    ),
  ];
  const cc = rng.sample(
    ctx.team.filter((login) => login !== ctx.author),
    2,
  );
  const parts: BodyPart[] = [
    {
      text: prose(
        ctx,
        'This issue tracks the work below so we have one place to see what is left. Comment here rather than on the individual issues if you want to change the scope.',
      ),
    },
    { text: `### Tasks\n\n${taskList(tasks)}` },
    {
      text: `### Out of scope\n\n${bulletList(['Anything that needs a breaking change', `Changes to ${vars.s ?? 'the CLI'} output that scripts depend on`])}`,
      optional: true,
    },
  ];
  if (cc.length > 0) parts.push({ text: `cc ${cc.map((login) => `@${login}`).join(' ')}`, optional: true });
  return finishDraft(vocab, ctx, {
    type: 'tracking',
    title: fill(rng.pick(vocab.trackingTitles), vars),
    labels: areaLabel(vocab, surface.area),
    body: fitBody(parts, padder(ctx, vocab, vars)),
    area: surface.area,
  });
}

export function rfcDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const pattern = rng.pick(vocab.rfcs);
  const surface = pickSurface(rng, vocab, pattern.on);
  const vars = tokens(vocab, ctx, surface);
  const parts: BodyPart[] = [
    { text: `## Summary\n\n${prose(ctx, fill(pattern.summary, vars))}` },
    { text: `## Motivation\n\n${prose(ctx, fill(pattern.motivation, vars))}[^why]` },
    { text: `## Detailed design\n\n${fence(fillSnippet(pattern.design, vars))}` },
    { text: image('Architecture overview', vocab.architecture), optional: true },
    {
      text: `## Alternatives\n\n${table(
        ['Option', 'Pros', 'Cons'],
        pattern.options.map((row) => row.map((cell) => fill(cell, vars))),
      )}`,
    },
    {
      text: `## Drawbacks\n\n${prose(ctx, '~~None that we know of.~~ Plugins that reach into internals will break, and the migration has to be documented carefully.')}`,
      optional: true,
    },
    { text: `## Unresolved questions\n\n${taskList(pattern.questions.map((text) => ({ done: rng.chance(0.3), text: fill(text, vars) })))}` },
    { text: `[^why]: See the discussion in the last ${rng.pick(['two', 'three', 'few'])} community calls; notes are in the wiki.` },
  ];
  return finishDraft(vocab, ctx, {
    type: 'rfc',
    title: fill(pattern.title, vars),
    labels: [vocab.labels.feature, ...areaLabel(vocab, surface.area)],
    body: fitBody(parts, padder(ctx, vocab, vars)),
    followUp: fill(pattern.short, vars),
    area: surface.area,
  });
}
