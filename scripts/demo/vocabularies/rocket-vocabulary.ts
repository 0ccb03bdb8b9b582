/**
 * acme/rocket: a deployment CLI, its HTTP API and SDKs, and a Rust core for
 * hashing and caching. The flagship demo repository, so the richest corpus.
 * Its words are in content/rocket.json; this module fills the templates that
 * need more than a word list.
 */
import type { ProjectVocabulary } from './project-vocabulary';
import { loadVocabularyFile } from './vocabulary-content';
import { releaseAt } from '../corpus/versions';

const { content, releases, pools, docsPages } = loadVocabularyFile('rocket.json', [
  'project',
  'region',
  'os',
  'node',
  'pm',
  'prop',
  'template',
]);

/** `curl` for an endpoint named like "PATCH /v1/projects/{id}/env" */
function curlFor(endpoint: string): string {
  const [method = 'GET', path = '/v1'] = endpoint.split(' ');
  const url = `https://api.rocket.acme.dev${path.replace('{id}', 'prj_4Zt9')}`;
  const body = method === 'GET' || method === 'DELETE' ? '' : ` \\\n  -H "Content-Type: application/json" -d '{"project": "storefront"}'`;
  return `curl -s -X ${method} -H "Authorization: Bearer $ROCKET_TOKEN" ${url}${body}`;
}

export const rocketVocabulary: ProjectVocabulary = {
  ...content,
  versionAt: (ms, rng, current) => releaseAt(releases, ms, rng, current),
  vars(rng) {
    const page = rng.pick(docsPages);
    const project = rng.pick(pools.project);
    return {
      project,
      cwd: `/home/dev/src/${project}`,
      region: rng.pick(pools.region),
      os: rng.pick(pools.os),
      node: rng.pick(pools.node),
      pm: rng.pick(pools.pm),
      prop: rng.pick(pools.prop),
      template: rng.pick(pools.template),

      page: page[0],
      pageSlug: page[1],
    };
  },
  environment: (vars) => [
    ['Rocket', vars.version ?? ''],
    ['Node.js', vars.node ?? ''],
    ['OS', vars.os ?? ''],
    ['Package manager', vars.pm ?? ''],
  ],
  reproduction: (vars, surface) => ({
    steps:
      surface.area === 'api'
        ? ['Create a token with the `deploy` scope', `Call \`${surface.name}\` (curl below)`, 'Look at the response']
        : [
            `\`rocket init --template ${vars.template ?? 'node-api'} ${vars.project ?? 'app'}\``,
            'Replace `rocket.toml` with the configuration below',
            `Run \`${surface.name}\``,
          ],
    setup:
      surface.area === 'api'
        ? { lang: 'bash', code: curlFor(surface.name) }
        : {
            lang: 'toml',
            code: `[project]\nname = "${vars.project ?? 'app'}"\nregion = "${vars.region ?? 'fra1'}"\n\n[build]\ncommand = "npm run build"\noutput = "dist"`,
          },
  }),
};
