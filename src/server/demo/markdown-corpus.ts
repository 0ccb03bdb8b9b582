/**
 * Turns a project's vocabulary into issues and pull requests that read like a
 * real repository's: issue-form bug reports and free-form ones, feature
 * requests with task lists, RFCs, tracking issues that tick off earlier
 * issues, pull requests that fix earlier bugs, release pull requests that list
 * what was merged. Every `#N` it writes points at an earlier entry, every
 * `@login` at a person in the repository.
 */
import type {
  CommentContext,
  EntryContext,
  EntryDraft,
  EntryType,
  PriorEntry,
  RepositoryCorpus,
  Surface,
  SurfaceFilter,
} from './corpus-types';
import { createProjectCommentWriter } from './comment-corpus';
import { createDependencyUpdateWriter, type DependabotConfig } from './dependabot-corpus';
import {
  alert,
  bulletList,
  details,
  fence,
  fill,
  fitBody,
  hardWrap,
  image,
  kbd,
  numberedList,
  quote,
  table,
  taskList,
  type BodyPart,
  type Snippet,
} from './markdown-blocks';
import type { ProjectVocabulary } from './project-vocabulary';
import type { Prng } from './prng';
import { recentPrior } from './references';
import { bumpPatch, compareVersions, nextMinor, previousVersion } from './versions';

export const BOT_LOGIN = 'dependabot[bot]';

const TITLE_ATTEMPTS = 8;
/** release notes look this far back, and list at most this many pull requests */
const RELEASE_SCAN_ENTRIES = 300;
const RELEASE_NOTE_LINES = 14;
const RELEASE_MIN_PULLS = 4;
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

// ---------------------------------------------------------------- shared bits

/** what the draft writers get: the entry context, and whether a title is already used in the repository */
interface DraftContext extends EntryContext {
  isTaken(title: string): boolean;
}

/** re-rolls `choose` (pattern, surface, title; not the body) until its title is new or attempts run out */
function untakenChoice<T extends { title: string }>(ctx: DraftContext, choose: () => T): T {
  let choice = choose();
  for (let attempt = 1; attempt < TITLE_ATTEMPTS && ctx.isTaken(choice.title); attempt++) choice = choose();
  return choice;
}

function prose(ctx: { authorWraps: boolean }, text: string): string {
  return ctx.authorWraps ? hardWrap(text, 72) : text;
}

function otherTeamMember(ctx: EntryContext): string | undefined {
  const others = ctx.team.filter((login) => login !== ctx.author);
  return others.length > 0 ? ctx.rng.pick(others) : undefined;
}

function pickSurface(rng: Prng, vocab: ProjectVocabulary, filter: SurfaceFilter | undefined): Surface {
  return rng.pick(surfacesFor(vocab, filter));
}

function surfacesFor(vocab: ProjectVocabulary, filter: SurfaceFilter | undefined): readonly Surface[] {
  if (!filter) return vocab.surfaces;
  let matching = surfacesByFilter.get(filter);
  if (!matching) {
    const found = vocab.surfaces.filter((surface) => filter.includes(surface.area) || filter.includes(surface.name));
    matching = found.length > 0 ? found : vocab.surfaces;
    surfacesByFilter.set(filter, matching);
  }
  return matching;
}

/** filters are literals in one vocabulary each, so what they match can be remembered */
const surfacesByFilter = new WeakMap<SurfaceFilter, readonly Surface[]>();

/** tokens a title can use without building the full token set */
const CHEAP_TITLE_TOKENS = /\{(?!s\}|sName\}|scope\})[a-zA-Z]+\}/;

/**
 * A title from its template. Titles are re-rolled while they collide, so the
 * full token set is only built when the template needs it; otherwise the
 * caller builds it once for the title it keeps (and the body then agrees with
 * any {version} or {node} in the title).
 */
function titled(
  vocab: ProjectVocabulary,
  ctx: EntryContext,
  surface: Surface,
  template: string,
): { title: string; vars: Record<string, string> | undefined } {
  if (CHEAP_TITLE_TOKENS.test(template)) {
    const vars = tokens(vocab, ctx, surface);
    return { title: fill(template, vars), vars };
  }
  return { title: fill(template, { s: `\`${surface.name}\``, sName: surface.name, scope: scopeOf(vocab, surface.area) }), vars: undefined };
}

/**
 * Patterns whose titles vary with the surface get picked more often, so the
 * handful of one-off titles don't repeat a dozen times in a big repository.
 */
function pickPattern<T extends { on?: SurfaceFilter; titles?: readonly string[]; title?: string }>(
  rng: Prng,
  vocab: ProjectVocabulary,
  patterns: readonly T[],
): T {
  let weights = patternWeights.get(patterns) as ReadonlyArray<readonly [T, number]> | undefined;
  if (!weights) {
    weights = patterns.map((pattern) => {
      const titles = pattern.titles ?? [pattern.title ?? ''];
      const perSurface = titles.some((title) => title.includes('{s}') || title.includes('{sName}'));
      const variety = titles.length * (perSurface ? surfacesFor(vocab, pattern.on).length : 1);
      return [pattern, Math.sqrt(variety)] as const;
    });
    patternWeights.set(patterns, weights);
  }
  return rng.weighted(weights);
}

/** pattern lists are per vocabulary, so their weights can be computed once */
const patternWeights = new WeakMap<readonly object[], ReadonlyArray<readonly [unknown, number]>>();

function tokens(vocab: ProjectVocabulary, ctx: EntryContext, surface: Surface): Record<string, string> {
  const version = vocab.versionAt(ctx.createdMs, ctx.rng);
  // vars() returns a fresh object; extending it in place saves a copy on a hot path
  return Object.assign(vocab.vars(ctx.rng, ctx.createdMs), {
    s: `\`${surface.name}\``,
    sName: surface.name,
    version,
    nextMinor: nextMinor(version),
    product: vocab.product,
    kbdStop: KBD_STOP,
    scope: scopeOf(vocab, surface.area),
  });
}

const KBD_STOP = kbd('Ctrl', 'C');

function fillSnippet(snippet: Snippet, vars: Readonly<Record<string, string>>): Snippet {
  return { lang: snippet.lang, code: fill(snippet.code, vars) };
}

function areaLabel(vocab: ProjectVocabulary, area: string | undefined): string[] {
  const label = area ? vocab.areas[area]?.label : null;
  return label ? [label] : [];
}

function scopeOf(vocab: ProjectVocabulary, area: string | undefined): string {
  return (area && vocab.areas[area]?.scope) || 'core';
}

/** a closing paragraph for a body that came out shorter than BODY_MIN_CHARS, in the voice of its kind */
function padder(
  ctx: EntryContext,
  vocab: ProjectVocabulary,
  vars: Readonly<Record<string, string>>,
  kind: 'report' | 'question' | 'change' = 'report',
): () => string {
  const pads = {
    report: [
      'Happy to open a pull request for this if the approach sounds reasonable to the maintainers.',
      `For context: we run ${vocab.product} {version} in CI on every push, so this shows up for the whole team, not just locally.`,
      'Let me know if you need more information; I can put together a minimal reproduction repository.',
      'I searched the existing issues and the docs before opening this one but could not find anything that matches exactly.',
      `Thanks for ${vocab.product}, by the way: it replaced a pile of shell scripts for us and has been great otherwise.`,
    ],
    question: [
      'I looked through the docs and the existing issues but could not find an answer.',
      `We are on ${vocab.product} {version}, in case that matters.`,
      `Sorry if this is obvious; I am new to ${vocab.product}. A pointer to the right docs page would be enough.`,
    ],
    change: [
      'Happy to split this up if it is too much to review in one go.',
      'Let me know if you would prefer a different approach; I kept the change as small as I could.',
      'Tests pass locally on macOS and Linux; I could not try Windows.',
      `Tested against ${vocab.product} {version}.`,
    ],
  }[kind];
  return () => prose(ctx, fill(ctx.rng.pick(pads), vars));
}

function withRelated(ctx: EntryContext, kind: 'bug' | 'feature', predicate: (entry: PriorEntry) => boolean): BodyPart | null {
  const related = recentPrior(ctx.rng, ctx.prior, predicate);
  if (!related) return null;
  const phrasing = ctx.rng.pick(
    kind === 'bug'
      ? [
          `Possibly related to #${related.number}.`,
          `This looks similar to #${related.number}, but the workaround there doesn't help.`,
          `Might be the same root cause as #${related.number}.`,
          `Related: #${related.number}`,
        ]
      : [`Related: #${related.number}`, `Similar request: #${related.number}, but for a different use case.`, `This would also help with #${related.number}.`],
  );
  return { text: phrasing, optional: true };
}

function nullOrEmptyBody(ctx: EntryContext): string | null | undefined {
  // GitHub allows an empty description; a few people leave it that way.
  const roll = ctx.rng.next();
  if (roll < 0.008) return null;
  if (roll < 0.012) return '';
  return undefined;
}

// ---------------------------------------------------------------- issues

function issueDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
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

function bugDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
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

function featureDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
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

function trackingDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
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

function rfcDraft(vocab: ProjectVocabulary, ctx: DraftContext): EntryDraft {
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

function finishDraft(vocab: ProjectVocabulary, ctx: EntryContext, draft: EntryDraft): EntryDraft {
  // A share of issues never got triaged: no labels, or only the triage label.
  if (!ctx.authorIsTeam && ctx.rng.chance(0.1)) return { ...draft, labels: vocab.labels.needsTriage ? [vocab.labels.needsTriage] : [] };
  return draft;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------- pull requests

function pullDraft(
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

/** a release pull request, or undefined if too little was merged since the last one to make a release worth it */
function releaseDraft(vocab: ProjectVocabulary, ctx: EntryContext, version: string, lastRelease: string | null): EntryDraft | undefined {
  const { rng } = ctx;
  // everything merged since the previous release pull request was opened
  let sinceMs = -Infinity;
  for (let i = ctx.prior.length - 1; i >= 0 && ctx.prior.length - i <= RELEASE_SCAN_ENTRIES; i--) {
    const entry = ctx.prior[i];
    if (entry?.type === 'release') {
      sinceMs = entry.createdMs;
      break;
    }
  }
  const merged: PriorEntry[] = [];
  for (let i = ctx.prior.length - 1; i >= 0 && ctx.prior.length - i <= RELEASE_SCAN_ENTRIES && merged.length < RELEASE_NOTE_LINES; i--) {
    const entry = ctx.prior[i];
    // dependency bumps are left out, as most projects' release.yml does
    if (
      entry?.isPullRequest &&
      entry.merged &&
      entry.type !== 'dependency' &&
      entry.type !== 'release' &&
      entry.closedMs !== null &&
      entry.closedMs > sinceMs &&
      entry.closedMs <= ctx.createdMs
    ) {
      merged.push(entry);
    }
  }
  if (merged.length < RELEASE_MIN_PULLS) return undefined;
  merged.sort((a, b) => a.number - b.number);
  const lines = merged.map((entry) => `* ${entry.title} by @${entry.author} in #${entry.number}`);
  const previous = lastRelease ?? previousVersion(version);
  const parts: BodyPart[] = [
    { text: prose(ctx, `Release ${vocab.product} v${version}. Merging this publishes the packages and tags the release.`) },
    { text: `## What's Changed\n\n${lines.join('\n')}` },
    {
      text: `**Full Changelog**: https://github.com/${ctx.fullName}/compare/v${previous}...v${version}`,
    },
  ];
  if (rng.chance(0.4)) {
    parts.splice(1, 0, {
      text: alert('IMPORTANT', 'Wait for the canary deploy to stay green for an hour before merging.'),
      optional: true,
    });
  }
  return {
    type: 'release',
    title: `chore(release): v${version}`,
    labels: [],
    body: fitBody(parts, padder(ctx, vocab, { product: vocab.product, version }, 'change')),
  };
}

