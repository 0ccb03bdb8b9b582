/**
 * Version arithmetic for the corpus: "1.4.2" style versions, with an
 * optional pre-release suffix ("2.0.0-beta.1"). Non-numeric parts count as 0.
 */
import { DAY_MS } from '../demo-clock';
import type { Prng } from '../../../src/shared/prng';

function parts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version
    .replace(/-.*$/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
  return [major, minor, patch];
}

const nextMinorCache = new Map<string, string>();

/** the minor release after `version` ("1.4.2" -> "1.5.0"); a pre-release's next is its final version */
export function nextMinor(version: string): string {
  let next = nextMinorCache.get(version);
  if (next === undefined) {
    const [major, minor] = parts(version);
    next = version.includes('-') ? version.replace(/-.*$/, '') : `${major}.${minor + 1}.0`;
    nextMinorCache.set(version, next);
  }
  return next;
}

/** "1.4.2" -> "1.4.3"; a pre-release bumps from its final version */
export function bumpPatch(version: string): string {
  const [major, minor, patch] = parts(version);
  return `${major}.${minor}.${patch + 1}`;
}

/** the release before: "1.4.2" -> "1.4.1", "1.4.0" -> "1.3.0", "2.0.0" -> "1.9.0" */
export function previousVersion(version: string): string {
  const [major, minor, patch] = parts(version);
  if (patch > 0) return `${major}.${minor}.${patch - 1}`;
  if (minor > 0) return `${major}.${minor - 1}.0`;
  return `${Math.max(0, major - 1)}.9.0`;
}

/** negative, zero or positive like a sort comparator; pre-release suffixes are ignored */
export function compareVersions(a: string, b: string): number {
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < 3; i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** the release current at `ms`, sometimes the one before (people upgrade late), with a plausible patch level */
export function releaseAt(releases: ReadonlyArray<readonly [string, number]>, ms: number, rng: Prng, current = false): string {
  let index = 0;
  for (let i = 0; i < releases.length; i++) if ((releases[i]?.[1] ?? Infinity) <= ms) index = i;
  if (!current && index > 0 && rng.chance(0.3)) index--;
  const version = releases[index]?.[0] ?? '0.1.0';
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) return version;
  const next = releases[index + 1];
  const room = next ? Math.min(4, Math.floor((ms - (releases[index]?.[1] ?? ms)) / (14 * DAY_MS))) : 2;
  return `${match[1]}.${match[2]}.${Number(match[3]) + rng.int(0, Math.max(0, room))}`;
}
