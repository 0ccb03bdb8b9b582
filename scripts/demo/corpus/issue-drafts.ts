/**
 * Issues: picks the kind by the vocabulary's weights and writes docs gaps,
 * questions, performance reports and security reports; bugs and feature
 * requests have their own modules.
 */
import { bugDraft } from './bug-drafts';
import type { EntryDraft, EntryType } from './corpus-types';
import { areaLabel, fillSnippet, finishDraft, lowerFirst, nullOrEmptyBody, otherTeamMember, padder, pickPattern, pickSurface, prose, titled, tokens, untakenChoice, type DraftContext } from './draft-patterns';
import { featureDraft, rfcDraft, trackingDraft } from './feature-drafts';
import { alert, details, fence, fill, fitBody, image, kbd, quote, table, type BodyPart } from './markdown-blocks';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';

export function issueDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const type = ctx.rng.weighted(vocab.issueTypeWeights);
  const draft = issueDraftOfType(vocab, ctx, type);
  const empty = nullOrEmptyBody(ctx);
  return empty === undefined ? draft : { ...draft, body: empty };
}

function issueDraftOfType(vocab: ProjectVocabulary, ctx: DraftContext, type: EntryType): EntryDraft {
  switch (type) {
    case 'feature':
      return vocab.features.length > 0 ? featureDraft(vocab, ctx) : bugDraft(vocab, ctx);
    case 'docs':
      return vocab.docs.length > 0 ? docsDraft(vocab, ctx) : bugDraft(vocab, ctx);
    case 'question':
      return vocab.questions.length > 0 ? questionDraft(vocab, ctx) : bugDraft(vocab, ctx);
    case 'performance':
      return vocab.performance.length > 0 ? performanceDraft(vocab, ctx) : bugDraft(vocab, ctx);
    case 'security':
      return vocab.security.length > 0 ? securityDraft(vocab, ctx) : bugDraft(vocab, ctx);
    case 'tracking':
      // tracking issues are how maintainers plan; other people file feature requests
      return vocab.trackingTitles.length > 0 && ctx.authorIsTeam && ctx.prior.length > 20 ? trackingDraft(vocab, ctx) : featureDraft(vocab, ctx);
    case 'rfc':
      return vocab.rfcs.length > 0 ? rfcDraft(vocab, ctx) : featureDraft(vocab, ctx);
    default:
      return bugDraft(vocab, ctx);
  }
}

function docsDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const choice = untakenChoice(ctx, () => {
    const pattern = pickPattern(rng, vocab, vocab.docs);
    const surface = pickSurface(rng, vocab, pattern.on);
    return { pattern, surface, ...titled(vocab, ctx, surface, rng.pick(pattern.titles)) };
  });
  const { pattern, surface, title } = choice;
  const vars = choice.vars ?? tokens(vocab, ctx, surface);
  const parts: BodyPart[] = [{ text: prose(ctx, fill(pattern.body, vars)) }];
  const page = surface.slug !== undefined ? { name: surface.name, slug: surface.slug } : vars.page && vars.pageSlug ? { name: vars.page, slug: vars.pageSlug } : null;
  if (page) {
    const url = `${vocab.docsUrl}/${page.slug}`;
    parts.push({ text: rng.chance(0.5) ? `Page: <${url}>` : `Page: [${page.name}](${url})` });
  }
  if (pattern.suggestion) parts.push({ text: `Suggested change:\n\n${fence(fillSnippet(pattern.suggestion, vars))}` });
  if (rng.chance(0.3)) parts.push({ text: quote(`Note: ${vocab.product} reads configuration from the project root.`), optional: true });
  const labels = [vocab.labels.docs, ...(pattern.labels ?? []), ...areaLabel(vocab, surface.area)];
  if (vocab.labels.goodFirstIssue && rng.chance(0.25)) labels.push(vocab.labels.goodFirstIssue);
  return finishDraft(vocab, ctx, {
    type: 'docs',
    title,
    labels,
    body: fitBody(parts, padder(ctx, vocab, vars)),
    followUp: fill(pattern.fix, vars),
    area: surface.area,
  });
}

function questionDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const choice = untakenChoice(ctx, () => {
    const pattern = pickPattern(rng, vocab, vocab.questions);
    const surface = pickSurface(rng, vocab, pattern.on);
    return { pattern, surface, ...titled(vocab, ctx, surface, rng.pick(['', '', 'Question: ', '[Question] ']) + pattern.title) };
  });
  const { pattern, surface, title } = choice;
  const vars = choice.vars ?? tokens(vocab, ctx, surface);
  const parts: BodyPart[] = [
    { text: prose(ctx, rng.pick(['', 'Hi everyone! ', 'Hello, ', 'Quick question: ']) + fill(pattern.body, vars)) },
  ];
  if (pattern.snippet) parts.push({ text: `What I have so far:\n\n${fence(fillSnippet(pattern.snippet, vars))}` });
  if (surface.area === 'cli' && rng.chance(0.2)) {
    parts.push({
      text: `(I also tried stopping it with ${kbd('Ctrl', 'C')} and re-running with \`--verbose\`, nothing obvious in the output.)`,
      optional: true,
    });
  }
  parts.push({ text: rng.pick(['Thanks in advance!', 'Thanks!', 'Any pointers appreciated.', 'Cheers']), optional: true });
  const labels = vocab.labels.question ? [vocab.labels.question] : [];
  const answer = `${fill(pattern.answer, vars)}${pattern.answerSnippet ? `\n\n${fence(fillSnippet(pattern.answerSnippet, vars))}` : ''}`;
  return finishDraft(vocab, ctx, {
    type: 'question',
    answer,
    title,
    labels,
    body: fitBody(parts, padder(ctx, vocab, vars, 'question')),
    area: surface.area,
  });
}

function performanceDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const choice = untakenChoice(ctx, () => {
    const pattern = pickPattern(rng, vocab, vocab.performance);
    const surface = pickSurface(rng, vocab, pattern.on);
    return { pattern, surface, ...titled(vocab, ctx, surface, rng.pick(pattern.titles)) };
  });
  const { pattern, surface, title } = choice;
  const vars = choice.vars ?? tokens(vocab, ctx, surface);
  const before = rng.int(8, 90) / 10;
  const factor = 1.4 + rng.next() * 3;
  const rows = ['small', 'medium', 'large'].map((size, i) => {
    const scale = [1, 3.2, 9.5][i] ?? 1;
    const b = before * scale;
    return [size, `${b.toFixed(2)}`, `${(b * factor).toFixed(2)}`, `+${Math.round((factor - 1) * 100)}%`];
  });
  const parts: BodyPart[] = [
    { text: prose(ctx, fill(pattern.summary, vars)) },
    { text: `${table(['Project', 'Before', 'After', 'Change'], rows, ['left', 'right', 'right', 'right'])}\n\n${pattern.metric}, median of 10 runs[^1].` },
    { text: image('Latency before and after the regression', vocab.chart), optional: true },
    {
      text: details(
        'CPU profile (top frames)',
        fence({
          lang: 'text',
          code: [
            ' self%  total%  function',
            `  ${rng.int(18, 41)}.${rng.int(0, 9)}   ${rng.int(50, 70)}.${rng.int(0, 9)}  hashFile`,
            `  ${rng.int(8, 17)}.${rng.int(0, 9)}   ${rng.int(20, 40)}.${rng.int(0, 9)}  walkDirectory`,
            `   ${rng.int(3, 7)}.${rng.int(0, 9)}   ${rng.int(8, 15)}.${rng.int(0, 9)}  JSON.parse`,
            `   ${rng.int(1, 3)}.${rng.int(0, 9)}    ${rng.int(3, 6)}.${rng.int(0, 9)}  gunzipSync`,
          ].join('\n'),
        }),
      ),
      optional: true,
    },
    { text: `[^1]: Measured with \`hyperfine --warmup 3\` on ${vars.os ?? 'Linux'}, ${rng.int(4, 16)} cores, warm disk cache.` },
  ];
  const labels = [vocab.labels.performance ?? vocab.labels.bug, ...areaLabel(vocab, surface.area)];
  return finishDraft(vocab, ctx, {
    type: 'performance',
    title,
    labels,
    body: fitBody(parts, padder(ctx, vocab, vars)),
    followUp: fill(pattern.fix, vars),
    area: surface.area,
  });
}

function securityDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const pattern = rng.pick(vocab.security);
  const surface = pickSurface(rng, vocab, pattern.on);
  const vars = tokens(vocab, ctx, surface);
  const maintainer = otherTeamMember(ctx);
  const parts: BodyPart[] = [
    {
      text: alert(
        'WARNING',
        maintainer
          ? `Filed publicly after checking with @${maintainer}: the impact is low and a fix is simple.`
          : 'Low severity, so filing publicly. Please move this to a private advisory if you disagree.',
      ),
    },
    { text: `### Summary\n\n${prose(ctx, fill(pattern.summary, vars))}` },
    { text: `### Impact\n\n${prose(ctx, fill(pattern.impact, vars))}` },
    { text: `### Suggested fix\n\n${prose(ctx, fill(pattern.fix, vars))}` },
  ];
  const labels = [vocab.labels.security ?? vocab.labels.bug, ...(vocab.labels.priority ? [vocab.labels.priority] : [])];
  return finishDraft(vocab, ctx, {
    type: 'security',
    title: fill(pattern.title, vars),
    labels,
    body: fitBody(parts, padder(ctx, vocab, vars)),
    followUp: lowerFirst(fill(pattern.fix, vars)).replace(/\.$/, ''),
    area: surface.area,
  });
}
