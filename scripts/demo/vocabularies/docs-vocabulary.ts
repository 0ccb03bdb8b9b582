/**
 * nebula/docs: the documentation site of Nebula, a self-hosted metrics and
 * tracing agent. Mostly documentation work; its labels include names with
 * spaces and emoji so label filters get exercised. Its words are in
 * content/docs.json.
 */
import type { ProjectVocabulary } from './project-vocabulary';
import { loadVocabularyFile } from './vocabulary-content';
import { releaseAt } from '../corpus/versions';

const { content, releases, pools } = loadVocabularyFile('docs.json', ['os', 'browser']);

export const docsVocabulary: ProjectVocabulary = {
  ...content,
  versionAt: (ms, rng, current) => releaseAt(releases, ms, rng, current),
  vars: (rng) => ({ os: rng.pick(pools.os), browser: rng.pick(pools.browser) }),
  environment: (vars) => [
    ['Docs version', vars.version ?? ''],
    ['Browser', vars.browser ?? ''],
    ['OS', vars.os ?? ''],
  ],
  reproduction: (_vars, surface) => ({ steps: ['Open the docs site', `Use the ${surface.name}`, 'See the problem'] }),
};
