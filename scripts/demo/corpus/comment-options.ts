/**
 * What the comment writers share: the option and thread shapes, and small
 * look-ups (the version someone runs, a fitting workaround, a related entry).
 */
import type { CommentContext, EntryType, PriorEntry } from './corpus-types';
import type { AreaSnippet, ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { recentPrior } from './references';

/** a key that identifies what is said, and a writer that returns null when it does not apply (nothing to refer to) */
export type Option = readonly [key: string, write: () => string | null];

/** what has happened in one entry's thread so far (comments are written oldest first) */
export interface Thread {
  /** keys of what was said, so nobody says the same thing twice */
  said: Set<string>;
}

export const DOCTOR_REQUEST = 'doctor-request';

export const ANSWER = 'answer';

/** options that are plain text, keyed by their position */
export function plain(prefix: string, texts: readonly string[]): Option[] {
  return texts.map((text, i) => [`${prefix}-${i}`, () => text] as const);
}

export function version(vocab: ProjectVocabulary, ctx: CommentContext): string {
  return vocab.versionAt(ctx.createdMs, ctx.rng);
}

/** the newest release when the comment is written ("still happening on …", "upgraded to …") */
export function currentVersion(vocab: ProjectVocabulary, ctx: CommentContext): string {
  return vocab.versionAt(ctx.createdMs, ctx.rng, true);
}

export function workaround(vocab: ProjectVocabulary, ctx: CommentContext): AreaSnippet {
  const fitting = vocab.workarounds.filter((snippet) => !snippet.areas || snippet.areas.includes(ctx.entry.area ?? ''));
  return ctx.rng.pick(fitting.length > 0 ? fitting : vocab.workarounds);
}

export function otherEntry(ctx: CommentContext, predicate: (entry: PriorEntry) => boolean): PriorEntry | undefined {
  return recentPrior(ctx.rng, ctx.entries, predicate, ctx.existingCount);
}

export function fileOf(vocab: ProjectVocabulary, ctx: CommentContext): string {
  const files = vocab.areas[ctx.entry.area ?? '']?.files ?? [];
  return files.length > 0 ? ctx.rng.pick(files) : 'src/index.ts';
}

export function kindOf(type: EntryType): 'bug' | 'feature' | 'docs' | 'question' | 'tracking' {
  if (type === 'feature' || type === 'rfc') return 'feature';
  if (type === 'docs') return 'docs';
  if (type === 'question') return 'question';
  if (type === 'tracking' || type === 'plan') return 'tracking';
  return 'bug';
}
