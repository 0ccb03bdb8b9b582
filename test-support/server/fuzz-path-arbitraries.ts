/**
 * The `{owner}/{repo}` part and what follows it: mostly the test service's own repositories and
 * endpoints, sometimes odd segments (dot segments, encoded slashes, overlong, wrong case).
 */
import fc from 'fast-check';
import { REPOS, type RepoKind } from './fuzz-case';
import { enc, numberText, unicodeText } from './fuzz-text-arbitraries';

const oddSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('.', '..', '%2e', '%2e%2e', '.%2e', '%2F', 'a%2Fb', 'octo%2Fhello', '%252F', '%25', '%', '%zz', '%C0%AE', '%C0%AF', '~', '-', '_', 'HELLO', 'Hello', 'hello.git', 'hello%00', 'hello;x=1'),
  unicodeText.filter((s) => s.length > 0).map(enc),
  fc.integer({ min: 256, max: 3000 }).map((n) => 'a'.repeat(n)),
);

const known = (kind: Exclude<RepoKind, 'odd'>) => fc.constant({ repoKind: kind, repoPath: REPOS[kind] });

export const repoPart: fc.Arbitrary<{ repoKind: RepoKind; repoPath: string }> = fc.oneof(
  { weight: 6, arbitrary: known('public') },
  { weight: 3, arbitrary: known('private') },
  { weight: 1, arbitrary: known('missing') },
  { weight: 1, arbitrary: known('renamed') },
  { weight: 1, arbitrary: known('hidden-renamed') },
  { weight: 2, arbitrary: fc.tuple(fc.oneof(fc.constant('octo'), oddSegment), oddSegment).map(([o, r]) => ({ repoKind: 'odd' as const, repoPath: `${o}/${r}` })) },
);

const issueNumber: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 80 }).map(String) },
  { weight: 2, arbitrary: numberText.map((s) => enc(s)) },
  { weight: 1, arbitrary: oddSegment },
);

export const suffix: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('/issues') },
  { weight: 3, arbitrary: issueNumber.map((n) => `/issues/${n}`) },
  { weight: 3, arbitrary: issueNumber.map((n) => `/issues/${n}/comments`) },
  { weight: 3, arbitrary: fc.constant('/issues/comments') },
  { weight: 1, arbitrary: fc.constantFrom('', '/', '/issues/', '/issues//comments', '/issues/1/comments/', '/issues/../labels', '/issues/%2e%2e/%2e%2e', '/./issues', '/issues/1/../2', '/ISSUES', '/issues%2F1') },
);
