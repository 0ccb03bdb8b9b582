/**
 * Bug reports, the way people file them: the issue form's sections from
 * people outside the team, a few free-form lines from maintainers.
 */
import type { EntryDraft } from './corpus-types';
import { areaLabel, fillSnippet, finishDraft, lowerFirst, otherTeamMember, padder, pickPattern, pickSurface, prose, titled, tokens, untakenChoice, withRelated, type DraftContext } from './draft-patterns';
import { bulletList, details, fence, fill, fitBody, image, numberedList, table, type BodyPart, type Snippet } from './markdown-blocks';
import type { Prng } from '../../../src/shared/prng';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';

export function bugDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const choice = untakenChoice(ctx, () => {
    const pattern = pickPattern(rng, vocab, vocab.bugs);
    const surface = pickSurface(rng, vocab, pattern.on);
    let template = rng.pick(pattern.titles);
    if (rng.chance(0.22)) template += rng.pick(vocab.bugTitleSuffixes);
    template = rng.pick(vocab.bugTitlePrefixes) + template;
    return { pattern, surface, ...titled(vocab, ctx, surface, template) };
  });
  const { pattern, surface, title } = choice;
  const vars = choice.vars ?? tokens(vocab, ctx, surface);

  const summary = fill(pattern.summary, vars);
  const expected = fill(pattern.expected, vars);
  const actual = fillSnippet(pattern.actual, vars);
  const pad = padder(ctx, vocab, vars);
  const related = withRelated(ctx, 'bug', (entry) => !entry.isPullRequest && entry.area === surface.area && entry.type === 'bug');
  const parts: BodyPart[] = [];

  if (!ctx.authorIsTeam && rng.chance(0.6)) {
    const repro = vocab.reproduction(vars, surface);
    parts.push({ text: `### Describe the bug\n\n${prose(ctx, summary)}` });
    parts.push({
      text: `### Steps to reproduce\n\n${numberedList(repro.steps)}${repro.setup ? `\n\n${setupLabel(repro.setup)}:\n\n${fence(repro.setup)}` : ''}`,
    });
    parts.push({ text: `### Expected behavior\n\n${prose(ctx, expected)}` });
    parts.push({ text: `### Actual behavior\n\n${fence(actual)}` });
    const env = vocab.environment(vars);
    parts.push({
      text: rng.chance(0.6)
        ? `### Environment\n\n${table(['', 'Version'], env.map(([k, v]) => [k, v]))}`
        : `### Environment\n\n${bulletList(env.map(([k, v]) => `${k}: ${v}`))}`,
      optional: true,
    });
  } else {
    const opener = rng.pick(['', 'Hi! ', 'Hey folks, ', `After upgrading to ${vars.version ?? ''}, `, 'Not sure whether this is expected, but ']);
    parts.push({ text: prose(ctx, opener.endsWith(', ') ? opener + lowerFirst(summary) : opener + summary) });
    parts.push({ text: fence(actual) });
    parts.push({ text: prose(ctx, `Expected: ${expected}`) });
    parts.push({
      text: `${vocab.product} ${vars.version ?? ''}, ${vocab.environment(vars)
        .slice(1)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
      optional: true,
    });
    if (rng.chance(0.25)) {
      parts.push({
        text: `Minimal reproduction: https://github.com/${ctx.author}/${surface.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase()}-repro`,
        optional: true,
      });
    }
  }
  if (rng.chance(0.2)) {
    parts.push({ text: details('Full debug log', fence(debugLog(rng, vocab, vars, actual))), optional: true });
  }
  if (rng.chance(0.12)) parts.push({ text: image('Screenshot of the terminal output', rng.pick(vocab.screenshots)), optional: true });
  if (related && rng.chance(0.45)) parts.push(related);
  if (rng.chance(0.12)) {
    parts.push({
      text: prose(
        ctx,
        `~~Pinning ${vocab.product} to the previous minor release works around it.~~ Edit: it doesn't, the previous release has the same problem once the cache is cold.`,
      ),
      optional: true,
    });
  }
  const maintainer = otherTeamMember(ctx);
  if (maintainer && !ctx.authorIsTeam && rng.chance(0.12)) {
    parts.push({ text: `cc @${maintainer}, since you touched this area recently.`, optional: true });
  }

  const labels = [vocab.labels.bug, ...areaLabel(vocab, surface.area), ...(pattern.labels ?? [])];
  if (vocab.labels.priority && rng.chance(0.08)) labels.push(vocab.labels.priority);
  if (vocab.labels.goodFirstIssue && rng.chance(0.06)) labels.push(vocab.labels.goodFirstIssue);
  return finishDraft(vocab, ctx, {
    type: 'bug',
    title,
    labels,
    body: fitBody(parts, pad),
    followUp: fill(pattern.fix, vars),
    area: surface.area,
  });
}

function setupLabel(setup: Snippet): string {
  if (setup.lang === 'bash') return 'Command';
  return ['toml', 'yaml', 'json'].includes(setup.lang) ? 'Configuration' : 'Code';
}

function debugLog(rng: Prng, vocab: ProjectVocabulary, vars: Readonly<Record<string, string>>, actual: Snippet): Snippet {
  const name = vocab.product.toLowerCase();
  const base = rng.int(10, 50);
  const lines = [
    `[debug] ${name} ${vars.version ?? ''} (node ${vars.node ?? 'v20'})`,
    `[debug] config: loaded from ${vars.cwd ?? '/home/dev/project'}`,
    `[debug] cache: ${rng.int(40, 900)} entries, hit ratio 0.${rng.int(10, 99)}`,
    `[debug] http: GET /v1/projects 200 (${base + rng.int(5, 200)}ms)`,
    `[debug] http: POST /v1/uploads 201 (${base + rng.int(100, 900)}ms)`,
    ...actual.code
      .split('\n')
      .filter((line) => !line.startsWith('$ '))
      .slice(0, 12),
    `[debug] exit code ${rng.pick(['1', '1', '0', '130'])}`,
  ];
  return { lang: 'text', code: lines.join('\n') };
}
