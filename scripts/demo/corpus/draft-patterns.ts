/**
 * What every draft writer shares: picking a pattern, a surface and an unused
 * title, the tokens templates are filled with, padding a short body in the
 * author's voice, and pointing at a related earlier entry.
 */
import type { EntryContext, EntryDraft, PriorEntry, Surface, SurfaceFilter } from './corpus-types';
import { fill, hardWrap, kbd, type BodyPart, type Snippet } from './markdown-blocks';
import type { Prng } from '../../../src/shared/prng';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { recentPrior } from './references';
import { nextMinor } from './versions';

const TITLE_ATTEMPTS = 8;

/** what the draft writers get: the entry context, and whether a title is already used in the repository */
export interface DraftContext extends EntryContext {
  isTaken(title: string): boolean;
}

/** re-rolls `choose` (pattern, surface, title; not the body) until its title is new or attempts run out */
export function untakenChoice<T extends { title: string }>(ctx: DraftContext, choose: () => T): T {
  let choice = choose();
  for (let attempt = 1; attempt < TITLE_ATTEMPTS && ctx.isTaken(choice.title); attempt++) choice = choose();
  return choice;
}

export function prose(ctx: { authorWraps: boolean }, text: string): string {
  return ctx.authorWraps ? hardWrap(text, 72) : text;
}

export function otherTeamMember(ctx: EntryContext): string | undefined {
  const others = ctx.team.filter((login) => login !== ctx.author);
  return others.length > 0 ? ctx.rng.pick(others) : undefined;
}

export function pickSurface(rng: Prng, vocab: ProjectVocabulary, filter: SurfaceFilter | undefined): Surface {
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
export function titled(
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
export function pickPattern<T extends { on?: SurfaceFilter; titles?: readonly string[]; title?: string }>(
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

export function tokens(vocab: ProjectVocabulary, ctx: EntryContext, surface: Surface): Record<string, string> {
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

export function fillSnippet(snippet: Snippet, vars: Readonly<Record<string, string>>): Snippet {
  return { lang: snippet.lang, code: fill(snippet.code, vars) };
}

export function areaLabel(vocab: ProjectVocabulary, area: string | undefined): string[] {
  const label = area ? vocab.areas[area]?.label : null;
  return label ? [label] : [];
}

export function scopeOf(vocab: ProjectVocabulary, area: string | undefined): string {
  return (area && vocab.areas[area]?.scope) || 'core';
}

/** a closing paragraph for a body that came out shorter than BODY_MIN_CHARS, in the voice of its kind */
export function padder(
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

export function withRelated(ctx: EntryContext, kind: 'bug' | 'feature', predicate: (entry: PriorEntry) => boolean): BodyPart | null {
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

export function nullOrEmptyBody(ctx: EntryContext): string | null | undefined {
  // GitHub allows an empty description; a few people leave it that way.
  const roll = ctx.rng.next();
  if (roll < 0.008) return null;
  if (roll < 0.012) return '';
  return undefined;
}

export function finishDraft(vocab: ProjectVocabulary, ctx: EntryContext, draft: EntryDraft): EntryDraft {
  // A share of issues never got triaged: no labels, or only the triage label.
  if (!ctx.authorIsTeam && ctx.rng.chance(0.1)) return { ...draft, labels: vocab.labels.needsTriage ? [vocab.labels.needsTriage] : [] };
  return draft;
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
