/**
 * acme/launch-pad: starter templates for Rocket projects. Imported under this
 * name and renamed to acme/launchpad afterwards, so its bodies still link to
 * the old name, as real repositories' do.
 */
import type { ProjectVocabulary } from './project-vocabulary';
import { releaseAt } from './rocket-vocabulary';

const RELEASES: ReadonlyArray<readonly [string, number]> = [
  ['0.4.0', Date.UTC(2024, 10, 1)],
  ['0.5.0', Date.UTC(2025, 2, 3)],
  ['0.6.0', Date.UTC(2025, 7, 18)],
  ['0.7.0', Date.UTC(2026, 1, 23)],
  ['0.8.0', Date.UTC(2026, 7, 3)],
];

export const launchPadVocabulary: ProjectVocabulary = {
  product: 'Launch Pad',
  docsUrl: 'https://github.com/acme/launch-pad/blob/main/docs',
  versionAt: (ms, rng, current) => releaseAt(RELEASES, ms, rng, current),
  surfaces: [
    { name: 'templates/nextjs-edge', area: 'nextjs' },
    { name: 'templates/astro-blog', area: 'astro' },
    { name: 'templates/sveltekit-api', area: 'sveltekit' },
    { name: 'create-launchpad', area: 'cli' },
  ],
  areas: {
    nextjs: { label: 'template: nextjs', scope: 'nextjs', files: ['templates/nextjs-edge/app/page.tsx', 'templates/nextjs-edge/rocket.toml'] },
    astro: { label: 'template: astro', scope: 'astro', files: ['templates/astro-blog/astro.config.mjs', 'templates/astro-blog/rocket.toml'] },
    sveltekit: { label: 'template: sveltekit', scope: 'sveltekit', files: ['templates/sveltekit-api/svelte.config.js', 'templates/sveltekit-api/src/routes/+server.ts'] },
    cli: { label: null, scope: 'cli', files: ['packages/create-launchpad/src/index.ts', 'packages/create-launchpad/src/prompts.ts'] },
  },
  labels: {
    bug: 'bug',
    feature: 'enhancement',
    docs: 'documentation',
    question: null,
    performance: null,
    security: null,
    duplicate: null,
    wontfix: null,
    goodFirstIssue: null,
    helpWanted: null,
    priority: null,
    needsTriage: null,
    dependencies: 'dependencies',
  },
  issueTypeWeights: [
    ['bug', 50],
    ['feature', 30],
    ['docs', 10],
    ['question', 10],
  ],
  pullTypeWeights: [
    ['fix', 40],
    ['feature-pr', 25],
    ['docs-pr', 10],
    ['maintenance', 25],
  ],
  bugTitlePrefixes: ['', '', '[Bug] '],
  bugTitleSuffixes: [' with Node 22', ' on Windows', ' after `npm create`'],
  featureTitlePrefixes: ['', 'Template request: '],
  bugs: [
    {
      on: ['nextjs', 'astro', 'sveltekit'],
      titles: ['{s} fails to build with Node 22', '`npm run build` fails in {s}'],
      summary: 'A freshly generated {s} project fails to build with Node 22 because of an outdated lockfile entry.',
      expected: 'A fresh template builds without changes.',
      actual: { lang: 'text', code: 'npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree' },
      fix: 'refresh the lockfile of {s}',
    },
    {
      on: ['nextjs', 'astro', 'sveltekit'],
      titles: ['{s} deploys but serves a blank page', 'Blank page after deploying {s}'],
      summary: 'Deploying {s} with `rocket deploy` succeeds, but the site serves an empty page: the `output` directory in its `rocket.toml` is wrong.',
      expected: 'The template deploys as-is.',
      actual: { lang: 'toml', code: '[build]\ncommand = "npm run build"\noutput = "build"  # the framework writes to dist/' },
      fix: 'point `output` of {s} at the right folder',
    },
    {
      on: ['cli'],
      titles: ['{s} crashes when the target folder exists', '{s} overwrites an existing folder'],
      summary: 'Running {s} with the name of an existing folder crashes halfway and leaves a mix of old and new files.',
      expected: 'A prompt, or an error before anything is written.',
      actual: { lang: 'text', code: "Error: EEXIST: file already exists, mkdir 'my-app/src'" },
      fix: 'refuse to scaffold into a non-empty folder',
    },
  ],
  features: [
    {
      on: ['cli'],
      titles: ['Hono starter template', 'Hono API on Rocket'],
      problem: 'There is no template for a plain API without a frontend framework.',
      proposal: 'A minimal Hono template with a health route, tests and a `rocket.toml`.',
      example: { lang: 'ts', code: "import { Hono } from 'hono';\n\nconst app = new Hono();\napp.get('/healthz', (c) => c.text('ok'));\n\nexport default app;" },
      tasks: ['Template folder', 'Tests', 'Add to the prompt list', 'README'],
      short: 'add a Hono template',
    },
    {
      on: ['nextjs', 'astro', 'sveltekit'],
      titles: ['Add Playwright tests to {s}', 'End-to-end test setup in {s}'],
      problem: 'The templates ship without any end-to-end tests.',
      proposal: 'A Playwright config and one smoke test per template, run in the template CI.',
      tasks: ['Playwright config', 'Smoke test', 'CI job'],
      short: 'add Playwright smoke tests to {s}',
    },
  ],
  docs: [
    {
      titles: ['README links to the old `acme/rocket-templates` repository'],
      body: 'The README still links to https://github.com/acme/rocket-templates, which was archived when the templates moved here.',
      fix: 'update repository links in the README',
    },
    {
      titles: ['Document how to add a new template'],
      body: 'There is no contributing guide for templates: which files are required, how they are tested, how they get into the prompt list.',
      fix: 'document how to add a template',
    },
  ],
  questions: [
    {
      title: 'Which Node versions do the templates support?',
      body: 'The README does not say which Node versions the templates are tested with.',
      answer: 'Every template is tested on the active Node LTS releases (currently 20 and 22) in CI.',
    },
    {
      title: 'How do I update a project created from an old template?',
      body: 'I scaffolded my app from the Astro template a year ago. Is there a way to pull in the template changes since?',
      answer: 'There is no automatic update; compare your project with the template folder at the version you started from. The changelog lists the notable changes per template.',
    },
    {
      title: 'Can I use pnpm with `npm create launchpad`?',
      body: 'We use pnpm everywhere. Does the scaffolder support it?',
      answer: 'Yes, run it through pnpm and it detects the package manager:',
      answerSnippet: { lang: 'bash', code: 'pnpm create launchpad my-app --template astro-blog' },
    },
    {
      title: 'Can I use the templates without Rocket?',
      body: 'The templates look nice. Are they usable for other hosts?',
      answer: 'Yes, apart from `rocket.toml` they are plain framework projects. Delete the file and deploy however you like.',
    },
  ],
  performance: [],
  security: [],
  rfcs: [],
  trackingTitles: [],
  maintenance: [
    {
      title: 'ci: test every template on Node 20 and 22',
      summary: 'Catches template breakage before users do.',
      changes: ['Matrix over templates and Node versions', 'Cache per template'],
      snippet: { lang: 'yaml', code: 'strategy:\n  matrix:\n    template: [nextjs-edge, astro-blog, sveltekit-api]\n    node: [20, 22]' },
    },
    {
      title: 'chore({scope}): update {s} to the latest framework release',
      summary: 'Keeps {s} on a supported framework version; the diff is mostly the lockfile.',
      changes: ['Framework upgrade', 'Regenerate the lockfile', 'Check the `rocket.toml` output folder still matches'],
    },
    {
      title: 'test({scope}): smoke-test {s} after scaffolding',
      summary: 'CI now scaffolds {s} into a temp folder, installs and builds it.',
      changes: ['Smoke test script', 'CI job per template'],
    },
    {
      title: 'chore: move templates into `templates/`',
      summary: 'Templates lived at the repository root next to tooling.',
      changes: ['Move folders', 'Update paths in `create-launchpad`', 'See https://github.com/acme/launch-pad/tree/main/templates'],
    },
  ],
  vars: (rng) => ({ node: rng.pick(['20.18.0', '22.11.0']), os: rng.pick(['macOS 15', 'Ubuntu 24.04', 'Windows 11']), pm: rng.pick(['npm 10.8.2', 'pnpm 9.12.1']) }),
  environment: (vars) => [
    ['Launch Pad', vars.version ?? ''],
    ['Node.js', vars.node ?? ''],
    ['OS', vars.os ?? ''],
  ],
  reproduction: (_vars, surface) => ({
    steps: [`\`npm create launchpad@latest my-app -- --template ${surface.name.replace('templates/', '')}\``, '`cd my-app && npm run build`'],
  }),
  workarounds: [{ lang: 'bash', code: 'rm package-lock.json && npm install' }],
  fixDiffs: [{ lang: 'diff', areas: ['nextjs', 'astro', 'sveltekit'], code: '--- a/{file}\n+++ b/{file}\n@@ -3,3 +3,3 @@\n [build]\n command = "npm run build"\n-output = "build"\n+output = "dist"' }],
  testCommand: 'npm test --workspaces',
  screenshots: ['screenshot-light.svg', 'screenshot-dark.svg'],
  chart: 'latency-chart.svg',
  architecture: 'architecture.svg',
};
