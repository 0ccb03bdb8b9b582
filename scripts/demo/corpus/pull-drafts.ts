/**
 * Pull requests: fixes and features that close an earlier issue (or say why
 * there is none), docs changes and chores; releases are in release-draft.ts.
 */
import type { EntryContext, EntryDraft, EntryType, PriorEntry, SurfaceFilter } from './corpus-types';
import { areaLabel, fillSnippet, lowerFirst, padder, pickPattern, pickSurface, prose, scopeOf, titled, tokens, untakenChoice, upperFirst, type DraftContext } from './draft-patterns';
import { bulletList, fence, fill, fitBody, image, table, taskList, type BodyPart } from './markdown-blocks';
import type { Prng } from '../../../src/shared/prng';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { recentPrior } from './references';
import { releaseDraft } from './release-draft';
import { bumpPatch, compareVersions, nextMinor } from './versions';

export function pullDraft(
  vocab: ProjectVocabulary,
  ctx: DraftContext,
  claimed: Set<number>,
  usedFollowUps: Set<string>,
  releases: { last: string | null },
): EntryDraft {
  const { rng } = ctx;
  const kind = rng.weighted(vocab.pullTypeWeights);
  // one pull request per issue
  const unclaimed = (types: readonly EntryType[]) => (entry: PriorEntry) =>
    !entry.isPullRequest && types.includes(entry.type) && entry.followUp !== undefined && !claimed.has(entry.number);

  if (kind === 'release' && ctx.authorIsTeam) {
    const current = vocab.versionAt(ctx.createdMs, rng, true).replace(/-.*$/, '');
    let version = rng.chance(0.35) ? nextMinor(current) : bumpPatch(current);
    // releases only move forward
    if (releases.last !== null && compareVersions(version, releases.last) <= 0) version = bumpPatch(releases.last);
    const draft = releaseDraft(vocab, ctx, version, releases.last);
    if (draft) {
      releases.last = version;
      return draft;
    }
  }
  if (kind === 'fix' || kind === 'feature-pr' || kind === 'docs-pr') {
    const types: EntryType[] =
      kind === 'fix' ? ['bug', 'performance', 'security'] : kind === 'feature-pr' ? ['feature', 'rfc'] : ['docs'];
    const target =
      recentPrior(rng, ctx.prior, (entry) => unclaimed(types)(entry) && !usedFollowUps.has(entry.followUp ?? '')) ??
      recentPrior(rng, ctx.prior, unclaimed(types));
    if (target?.followUp !== undefined) {
      claimed.add(target.number);
      usedFollowUps.add(target.followUp);
      return linkedPullDraft(vocab, ctx, kind, { followUp: target.followUp, area: target.area, target });
    }
    // no open issue for it: people also send fixes and features straight away
    const unlinked = kind === 'docs-pr' ? undefined : unlinkedWork(vocab, ctx, kind);
    if (unlinked && !usedFollowUps.has(unlinked.followUp)) {
      usedFollowUps.add(unlinked.followUp);
      return linkedPullDraft(vocab, ctx, kind, unlinked);
    }
  }
  return maintenanceDraft(vocab, ctx);
}

interface PullWork {
  followUp: string;
  area: string | undefined;
  /** the issue it fixes or implements, if there is one */
  target?: PriorEntry;
}

function unlinkedWork(vocab: ProjectVocabulary, ctx: EntryContext, kind: 'fix' | 'feature-pr'): PullWork | undefined {
  const { rng } = ctx;
  const work = (on: SurfaceFilter, phrase: string): PullWork => {
    const surface = pickSurface(rng, vocab, on);
    return { followUp: fill(phrase, tokens(vocab, ctx, surface)), area: surface.area };
  };
  if (kind === 'fix') {
    if (vocab.bugs.length === 0) return undefined;
    const pattern = pickPattern(rng, vocab, vocab.bugs);
    return work(pattern.on, pattern.fix);
  }
  if (vocab.features.length === 0) return undefined;
  const pattern = pickPattern(rng, vocab, vocab.features);
  return work(pattern.on, pattern.short);
}

function linkedPullDraft(vocab: ProjectVocabulary, ctx: DraftContext, kind: 'fix' | 'feature-pr' | 'docs-pr', work: PullWork): EntryDraft {
  const { rng } = ctx;
  const { followUp, target } = work;
  const scope = scopeOf(vocab, work.area);
  const prefix = kind === 'fix' ? 'fix' : kind === 'feature-pr' ? 'feat' : 'docs';
  const conventional = `${prefix}${kind === 'docs-pr' && rng.chance(0.5) ? '' : `(${scope})`}: ${followUp}`;
  // "Fix #123: …" is how many people title a pull request for a known issue; it also keeps repeated fixes distinct
  let title = ctx.authorIsTeam || rng.chance(0.5) ? conventional : upperFirst(followUp);
  // a plain phrase can equal the issue's own title; a repeated fix can equal an earlier pull request's
  if (ctx.isTaken(title)) title = conventional;
  if (target && ctx.isTaken(title)) {
    title = kind === 'fix' && rng.chance(0.5) ? `Fix #${target.number}: ${followUp}` : `${conventional} (closes #${target.number})`;
  }
  const files = vocab.areas[work.area ?? '']?.files ?? ['src/index.ts'];
  const file = rng.pick(files);
  const keyword = rng.pick(kind === 'fix' ? ['Fixes', 'Fixes', 'Closes', 'Resolves'] : ['Closes', 'Closes', 'Resolves', 'Part of']);
  const vars = { file, product: vocab.product, version: vocab.versionAt(ctx.createdMs, rng) };
  const changes =
    kind === 'fix'
      ? [
          `${upperFirst(followUp)} in \`${file}\``,
          rng.pick(['Add a regression test that fails on `main`', 'Add a test for the reported case', 'Cover the edge case in the existing test table']),
          ...(rng.chance(0.4) ? [rng.pick(['Tidy up the error message while here', 'Remove a now-unused helper', 'Log the resolved value at debug level'])] : []),
        ]
      : kind === 'feature-pr'
        ? [
            `${upperFirst(followUp)} (\`${file}\`)`,
            'Document the new option in the reference docs',
            rng.pick(['Add unit tests and an end-to-end test', 'Add tests for the happy path and the error cases']),
          ]
        : [`${upperFirst(followUp)}`, rng.pick(['Fix two broken links on the same page', 'Reflow the paragraphs the change touched', 'Update the example output'])];

  const parts: BodyPart[] = [
    {
      text: `## Summary\n\n${prose(
        ctx,
        kind === 'docs-pr'
          ? `Docs-only change: ${followUp}.`
          : kind === 'feature-pr'
            ? `Implements the proposal${target ? ` from #${target.number}` : ''}: ${followUp}. It is opt-in, so existing setups behave exactly as before.`
            : `This pull request makes ${vocab.product} ${lowerFirst(followUp)}. The change is small and kept behind the existing code path so nothing else moves.`,
      )}\n\n${target ? `${keyword} #${target.number}` : unlinkedNote(ctx)}`,
    },
    { text: `## Changes\n\n${bulletList(changes)}` },
  ];
  const diffs = vocab.fixDiffs.filter((diff) => !diff.areas || diff.areas.includes(work.area ?? ''));
  if (kind === 'fix' && diffs.length > 0 && rng.chance(0.4)) {
    const diff = rng.pick(diffs);
    parts.push({ text: `The core of the fix:\n\n${fence(fillSnippet(diff, { ...vars, file: diff.file ?? file }))}`, optional: true });
  }
  if (kind === 'feature-pr' && rng.chance(0.35) && vocab.screenshots.length > 1) {
    const [before, after] = rng.sample(vocab.screenshots, 2);
    parts.push({
      text: `## Screenshots\n\n${table(['Before', 'After'], [[image('before', before ?? ''), image('after', after ?? '')]])}`,
      optional: true,
    });
  }
  if (kind !== 'docs-pr') parts.push({ text: `## How to test\n\n${fence({ lang: 'bash', code: vocab.testCommand })}`, optional: true });
  if (rng.chance(0.85)) parts.push({ text: `## Checklist\n\n${taskList(checklist(rng, kind === 'docs-pr'))}` });

  const labels = kind === 'fix' ? [vocab.labels.bug] : kind === 'feature-pr' ? [vocab.labels.feature] : [vocab.labels.docs];
  if (rng.chance(0.5)) labels.push(...areaLabel(vocab, work.area));
  return {
    type: kind,
    title,
    labels: rng.chance(0.7) ? labels : [],
    body: fitBody(parts, padder(ctx, vocab, vars, 'change')),
    ...(work.area !== undefined ? { area: work.area } : {}),
    ...(target ? { closes: target.number } : {}),
  };
}

function unlinkedNote(ctx: EntryContext): string {
  const nearby = recentPrior(ctx.rng, ctx.prior, (entry) => entry.isPullRequest && entry.type !== 'dependency' && entry.type !== 'release');
  return nearby
    ? `No issue for this one; I ran into it while working on #${nearby.number}.`
    : 'No issue for this one; found it while reading the code.';
}

function checklist(rng: Prng, docsOnly: boolean): Array<{ done: boolean; text: string }> {
  const items = docsOnly
    ? ['I previewed the page locally', 'Links are relative where possible', 'Screenshots are up to date']
    : ['Tests added or updated', 'Lint and type checks pass', 'Documentation updated (if needed)', 'Changeset added'];
  const done = rng.int(Math.max(1, items.length - 2), items.length);
  return items.map((text, i) => ({ done: i < done, text }));
}

function maintenanceDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
  const { rng } = ctx;
  const choice = untakenChoice(ctx, () => {
    const pattern = pickPattern(rng, vocab, vocab.maintenance);
    const surface = pickSurface(rng, vocab, pattern.on);
    return { pattern, surface, ...titled(vocab, ctx, surface, pattern.title) };
  });
  const { pattern, surface, title } = choice;
  const vars = choice.vars ?? tokens(vocab, ctx, surface);
  const parts: BodyPart[] = [
    { text: prose(ctx, fill(pattern.summary, vars)) },
    { text: bulletList(pattern.changes.map((change) => fill(change, vars))) },
  ];
  if (pattern.snippet) parts.push({ text: fence(fillSnippet(pattern.snippet, vars)), optional: true });
  const related = recentPrior(rng, ctx.prior, (entry) => entry.isPullRequest && entry.type !== 'dependency' && entry.type !== 'release');
  if (related && rng.chance(0.3)) parts.push({ text: `Follow-up to #${related.number}.`, optional: true });
  if (rng.chance(0.6)) parts.push({ text: `### Checklist\n\n${taskList(checklist(rng, false))}`, optional: true });
  return {
    type: 'maintenance',
    title,
    labels: [...(pattern.labels ?? [])],
    body: fitBody(parts, padder(ctx, vocab, vars, 'change')),
    area: surface.area,
  };
}
