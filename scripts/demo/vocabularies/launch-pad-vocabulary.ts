/**
 * acme/launch-pad: starter templates for Rocket projects. Imported under this
 * name and renamed to acme/launchpad afterwards, so its bodies still link to
 * the old name, as real repositories' do. Its words are in
 * content/launch-pad.json.
 */
import type { ProjectVocabulary } from './project-vocabulary';
import { loadVocabularyFile } from './vocabulary-content';
import { releaseAt } from '../corpus/versions';

const { content, releases, pools } = loadVocabularyFile('launch-pad.json', ['node', 'os', 'pm']);

export const launchPadVocabulary: ProjectVocabulary = {
  ...content,
  versionAt: (ms, rng, current) => releaseAt(releases, ms, rng, current),
  vars: (rng) => ({ node: rng.pick(pools.node), os: rng.pick(pools.os), pm: rng.pick(pools.pm) }),
  environment: (vars) => [
    ['Launch Pad', vars.version ?? ''],
    ['Node.js', vars.node ?? ''],
    ['OS', vars.os ?? ''],
  ],
  reproduction: (_vars, surface) => ({
    steps: [`\`npm create launchpad@latest my-app -- --template ${surface.name.replace('templates/', '')}\``, '`cd my-app && npm run build`'],
  }),
};
