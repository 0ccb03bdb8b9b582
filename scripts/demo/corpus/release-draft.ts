/**
 * Release pull requests, listing what was merged since the previous one.
 */
import type { EntryContext, EntryDraft, PriorEntry } from './corpus-types';
import { padder, prose } from './draft-patterns';
import { alert, fitBody, type BodyPart } from './markdown-blocks';
import type { ProjectVocabulary } from '../vocabularies/project-vocabulary';
import { previousVersion } from './versions';

/** release notes look this far back, and list at most this many pull requests */
const RELEASE_SCAN_ENTRIES = 300;

const RELEASE_NOTE_LINES = 14;

const RELEASE_MIN_PULLS = 4;

/** a release pull request, or undefined if too little was merged since the last one to make a release worth it */
export function releaseDraft(vocab: ProjectVocabulary, ctx: EntryContext, version: string, lastRelease: string | null): EntryDraft | undefined {
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
