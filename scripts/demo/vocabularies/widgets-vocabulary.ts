/**
 * acme/widgets: an accessible React component library. Its own label scheme
 * ("type: bug", "component: …") so label filters differ between repositories.
 * Its words are in content/widgets.json.
 */
import type { ProjectVocabulary } from './project-vocabulary';
import { loadVocabularyFile } from './vocabulary-content';
import { releaseAt } from '../corpus/versions';

const { content, releases, pools } = loadVocabularyFile('widgets.json', ['browser', 'reader', 'framework', 'os', 'node']);

export const widgetsVocabulary: ProjectVocabulary = {
  ...content,
  versionAt: (ms, rng, current) => releaseAt(releases, ms, rng, current),
  vars: (rng) => ({
    browser: rng.pick(pools.browser),
    reader: rng.pick(pools.reader),
    framework: rng.pick(pools.framework),
    os: rng.pick(pools.os),
    node: rng.pick(pools.node),
  }),
  environment: (vars) => [
    ['`@acme/widgets`', vars.version ?? ''],
    ['Browser', vars.browser ?? ''],
    ['Framework', vars.framework ?? ''],
    ['React', '19.0.0'],
  ],
  reproduction: (vars, surface) => ({
    steps: [`Render \`${surface.name}\` in a fresh ${vars.framework ?? 'Vite'} app`, 'Interact with it as described', `Observe in ${vars.browser ?? 'Safari'}`],
    setup: { lang: 'tsx', code: `import { ${surface.name.replace(/[<>/]/g, '').split('.')[0] ?? 'Tabs'} } from '@acme/widgets';` },
  }),
};
