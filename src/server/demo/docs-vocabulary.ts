/**
 * nebula/docs: the documentation site of Nebula, a self-hosted metrics and
 * tracing agent. Mostly documentation work; its labels include names with
 * spaces and emoji so label filters get exercised.
 */
import type { Surface } from './corpus-types';
import type { ProjectVocabulary } from './project-vocabulary';
import { releaseAt } from './rocket-vocabulary';

const RELEASES: ReadonlyArray<readonly [string, number]> = [
  ['2.3.0', Date.UTC(2025, 3, 1)],
  ['2.4.0', Date.UTC(2025, 7, 12)],
  ['2.5.0', Date.UTC(2025, 11, 2)],
  ['2.6.0', Date.UTC(2026, 4, 5)],
  ['2.7.0', Date.UTC(2026, 8, 29)],
];

const PAGES: readonly Surface[] = [
  { name: 'Quick start', area: 'content', slug: 'quick-start' },
  { name: 'Installing on Kubernetes', area: 'content', slug: 'install/kubernetes' },
  { name: 'Configuration reference', area: 'content', slug: 'reference/configuration' },
  { name: 'Exporters', area: 'content', slug: 'guides/exporters' },
  { name: 'Sampling', area: 'content', slug: 'guides/sampling' },
  { name: 'CLI reference', area: 'content', slug: 'reference/cli' },
  { name: 'Glossary', area: 'content', slug: 'glossary' },
  { name: 'Upgrading to 2.x', area: 'content', slug: 'upgrading/v2' },
];

const CONFIG_PAGES = ['Quick start', 'Installing on Kubernetes', 'Configuration reference', 'Exporters', 'Upgrading to 2.x'];

export const docsVocabulary: ProjectVocabulary = {
  product: 'Nebula',
  docsUrl: 'https://nebula.dev/docs',
  versionAt: (ms, rng, current) => releaseAt(RELEASES, ms, rng, current),
  surfaces: [
    { name: 'search', area: 'site' },
    { name: 'code blocks', area: 'site' },
    { name: 'version switcher', area: 'site' },
    ...PAGES,
  ],
  areas: {
    site: { label: 'infra', scope: 'site', files: ['src/components/Search.astro', 'src/components/CodeBlock.astro', 'astro.config.mjs'] },
    content: { label: null, scope: 'content', files: ['src/content/docs/quick-start.mdx', 'src/content/docs/reference/configuration.mdx'] },
  },
  labels: {
    bug: 'infra',
    feature: '✨ new page',
    docs: 'content gap',
    question: 'question',
    performance: null,
    security: null,
    duplicate: null,
    wontfix: null,
    goodFirstIssue: 'good first issue',
    helpWanted: null,
    priority: null,
    needsTriage: 'needs review',
    dependencies: null,
  },
  issueTypeWeights: [
    ['docs', 66],
    ['feature', 14],
    ['question', 10],
    ['bug', 10],
  ],
  pullTypeWeights: [
    ['docs-pr', 60],
    ['maintenance', 25],
    ['fix', 10],
    ['feature-pr', 5],
  ],
  bugTitlePrefixes: ['', 'Site: '],
  bugTitleSuffixes: [' on mobile', ' in dark mode'],
  featureTitlePrefixes: [''],
  bugs: [
    {
      on: ['code blocks'],
      titles: ['Copy button on code blocks copies the line numbers too', 'Copying from code blocks includes the `$` prompts'],
      summary: 'The copy button on code blocks copies the `$ ` prompts and line numbers, so pasted commands fail.',
      expected: 'Only the command text is copied.',
      actual: { lang: 'bash', code: '$ 1 $ helm repo add nebula https://charts.nebula.dev\nbash: 1: command not found' },
      fix: 'strip prompts and line numbers when copying',
    },
    {
      on: ['search'],
      titles: ['Search does not find "tail sampling"', 'Search misses headings inside tabs'],
      summary: 'Searching for "tail sampling" returns nothing although the Sampling page has a whole section on it (inside a tab).',
      expected: 'Content inside tabs is indexed.',
      actual: { lang: 'text', code: 'No results for "tail sampling"' },
      fix: 'index content inside tabs',
    },
    {
      on: ['version switcher'],
      titles: ['Version switcher jumps to the 1.x docs', 'Version switcher loses the current page'],
      summary: 'Switching versions with the version switcher always lands on the 1.x home page instead of the same page in the other version.',
      expected: 'Stay on the same page when it exists in the other version.',
      actual: { lang: 'text', code: '/docs/2.6/guides/sampling  ->  /docs/1.x/' },
      fix: 'keep the current page when switching versions',
    },
  ],
  features: [
    {
      on: ['Installing on Kubernetes'],
      titles: ['Guide: running the agent as a DaemonSet', 'Document DaemonSet deployments'],
      problem: 'The Kubernetes page only shows the sidecar setup; most of us run the agent as a DaemonSet.',
      proposal: 'A guide with a complete manifest, resource requests and the RBAC rules needed.',
      example: { lang: 'yaml', code: 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: nebula-agent\nspec:\n  template:\n    spec:\n      containers:\n        - name: agent\n          image: ghcr.io/nebula/agent:2.6.0' },
      tasks: ['Manifest', 'RBAC section', 'Resource sizing table', 'Link from the Kubernetes page'],
      short: 'add a DaemonSet guide',
    },
    {
      on: ['Quick start'],
      titles: ['Translate the quick start into Japanese', 'Japanese translation of the getting-started pages'],
      problem: 'A large part of our users read the docs through machine translation.',
      proposal: 'Start with the quick start and the installation pages, reviewed by native speakers.',
      tasks: ['Set up i18n routing', 'Translate quick start', 'Translate installation', 'Review'],
      short: 'add a Japanese quick start',
      labels: ['🌐 translation'],
    },
    {
      on: ['content'],
      titles: ['Page comparing Nebula with the OpenTelemetry Collector'],
      problem: 'People keep asking in chat when to use which.',
      proposal: 'A neutral comparison page with a feature table.',
      tasks: ['Feature table', 'Migration notes', 'Review by maintainers of both'],
      short: 'add a comparison with the OpenTelemetry Collector',
    },
  ],
  docs: [
    {
      on: CONFIG_PAGES,
      titles: ['{sName}: example config uses the removed `exporters.legacy` key', 'Outdated config key on {sName}'],
      body: 'The sample configuration on {sName} still has `exporters.legacy`, which 2.x rejects at start-up.',
      suggestion: { lang: 'diff', code: ' exporters:\n-  legacy:\n-    endpoint: http://collector:4317\n+  otlp:\n+    endpoint: http://collector:4317' },
      fix: 'update the exporter config on {sName}',
    },
    {
      on: ['content'],
      titles: ['Broken link on {sName}', '{sName} links to a page that moved'],
      body: 'The "see also" link at the bottom of {sName} points to a URL that now returns 404. I think the page moved during the 2.x restructure.',
      fix: 'fix the moved link on {sName}',
      labels: ['broken link'],
    },
    {
      on: ['content'],
      titles: ['Typos on {sName}', 'Spelling mistakes on the {sName} page'],
      body: 'Found a few typos on {sName}: "recieve", "occured", "seperate".',
      fix: 'fix typos on {sName}',
      labels: ['typo'],
    },
    {
      on: ['Configuration reference', 'Sampling', 'Exporters', 'CLI reference'],
      titles: ['{sName} does not list default values', 'Missing defaults and allowed ranges on {sName}'],
      body: 'The {sName} page lists the options but not their defaults or allowed ranges. For some of them I had to read the source to find out.',
      fix: 'document defaults and ranges on {sName}',
    },
    {
      on: ['content'],
      titles: ['Translate {sName} into German', 'German translation for {sName}'],
      body: 'I would like to translate {sName} into German. Is there a glossary of terms we keep in English?',
      fix: 'translate {sName} into German',
      labels: ['🌐 translation'],
    },
    {
      on: ['Glossary'],
      titles: ['Glossary entry for "span link"', 'Add "exemplar" to the glossary'],
      body: 'The term is used across several pages but never defined. A glossary entry with a link to the spec would help newcomers.',
      fix: 'add missing glossary entries',
    },
  ],
  questions: [
    {
      title: 'Is there a PDF version of the docs?',
      body: 'Our operations team works in an air-gapped environment and needs the docs offline.',
      answer: 'Not a PDF, but every release attaches a static build of the site (`docs-<version>.tar.gz`) that works offline.',
    },
    {
      title: 'How do I preview the docs locally?',
      body: 'I would like to check my change before opening a pull request. Is there a dev server?',
      answer: 'Yes: `npm install` and then `npm run dev`; the site is served on port 4321 with live reload.',
      answerSnippet: { lang: 'bash', code: 'npm install\nnpm run dev' },
    },
    {
      title: 'Are the docs versioned per release?',
      body: 'We run 2.4 in production. Can I read the docs for exactly that version?',
      answer: 'Every minor release has its own version in the switcher at the top; patch releases share the minor version\'s docs.',
    },
    {
      title: 'Which style guide do the docs follow?',
      body: 'Before I write a new page: is there a style guide (tone, headings, code samples)?',
      answer: 'We follow the Google developer documentation style guide, with a few house rules in `CONTRIBUTING.md`.',
    },
    {
      title: 'Where should screenshots for a new page go?',
      body: 'I am writing a page and want to add screenshots. Where do images live in this repository?',
      answer: 'Put them next to the page in `src/assets/<page>/` and reference them relatively; the build optimises them.',
    },
  ],
  performance: [],
  security: [],
  rfcs: [],
  trackingTitles: ['Tracking: 2.x docs restructure', 'Tracking: translations'],
  maintenance: [
    {
      title: 'chore: check links in CI',
      summary: 'Adds a link checker to CI so moved pages are caught before merge.',
      changes: ['Link checker job', 'Allow-list for flaky external sites'],
      snippet: { lang: 'yaml', code: '- name: Check links\n  run: npx linkinator dist --recurse --skip "^https://github.com"' },
    },
    {
      title: 'docs: restructure the reference section',
      summary: 'Splits the long configuration page into one page per top-level key.',
      changes: ['New pages per key', 'Redirects from the old anchors'],
    },
    {
      on: ['content'],
      title: 'docs: refresh screenshots on the {sName} page',
      summary: 'The screenshots on {sName} still showed the old dashboard.',
      changes: ['New light and dark screenshots', 'Alt text describes what matters in each'],
    },
    {
      on: ['content'],
      title: 'docs: split the {sName} page into shorter sections',
      summary: '{sName} had grown into one long scroll. This splits it into sections with their own anchors.',
      changes: ['Sections with headings', 'Redirects for the old anchors'],
    },
    {
      title: 'chore: upgrade Astro and Starlight',
      summary: 'Keeps the site on supported versions.',
      changes: ['Astro 5', 'Starlight 0.30', 'Fix the changed sidebar config'],
    },
  ],
  vars: (rng) => ({ os: rng.pick(['macOS', 'Windows 11', 'Ubuntu 24.04']), browser: rng.pick(['Firefox 132', 'Chrome 130', 'Safari 18']) }),
  environment: (vars) => [
    ['Docs version', vars.version ?? ''],
    ['Browser', vars.browser ?? ''],
    ['OS', vars.os ?? ''],
  ],
  reproduction: (_vars, surface) => ({ steps: ['Open the docs site', `Use the ${surface.name}`, 'See the problem'] }),
  workarounds: [{ lang: 'bash', code: 'npm run dev -- --open /docs/guides/sampling' }],
  fixDiffs: [],
  testCommand: 'npm run build\nnpm run check-links',
  screenshots: ['screenshot-light.svg', 'screenshot-dark.svg'],
  chart: 'latency-chart.svg',
  architecture: 'architecture.svg',
};
