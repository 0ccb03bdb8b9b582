/**
 * The demo dataset the Issue Listing Service loads on first run, so that
 * `npm start` on an offline machine shows real-looking data.
 *
 * Deterministic: a seeded PRNG and the fixed clock in demo-clock.ts, never
 * Math.random or Date.now, so two builds are deep-equal (and byte-identical
 * once serialised).
 */
import type { Issue, IssueComment } from '../../shared/wire-types';
import type { ImportedEvent } from '../store/import-schema';
import { DEMO_NOW_MS } from './demo-clock';
import { demoEvents } from './demo-events';
import type { DependabotConfig, DependabotPackage } from './dependabot-corpus';
import { docsVocabulary } from './docs-vocabulary';
import type { LabelSpec } from './github-shapes';
import { launchPadVocabulary } from './launch-pad-vocabulary';
import { BOT_LOGIN, createProjectCorpus } from './markdown-corpus';
import { createPrng } from './prng';
import { generateRepository, type RepositorySpec } from './repository-generator';
import { rocketVocabulary } from './rocket-vocabulary';
import { createSecretPlansCorpus } from './secret-plans-corpus';
import { widgetsVocabulary } from './widgets-vocabulary';

export interface DemoUser {
  login: string;
  id: number;
  name: string;
  type: 'User' | 'Bot';
}

export interface DemoRepository {
  owner: string;
  name: string;
  private: boolean;
  description: string;
  /** GitHub wire shape, as `GET /repos/o/r/issues?state=all` returns them (issues and pull requests mixed) */
  issues: Issue[];
  /** GitHub wire shape, as `GET /repos/o/r/issues/comments` returns them; issue_url ends in `/issues/{number}` */
  comments: IssueComment[];
  /** as `GET /repos/o/r/issues/events` returns them, each naming its issue */
  events: ImportedEvent[];
}

export interface DemoDataset {
  users: DemoUser[];
  repositories: DemoRepository[];
  /** applied after import: the repository imported as `from` is renamed to `to` (both 'owner/name') */
  renames: Array<{ from: string; to: string }>;
}

/** change this and every generated word, time and id changes with it */
const DEMO_SEED = 'issuescope-demo/v1';

const USERS: readonly DemoUser[] = [
  { login: 'mchen', id: 1843291, name: 'Mira Chen', type: 'User' },
  { login: 'jonasweber', id: 5520417, name: 'Jonas Weber', type: 'User' },
  { login: 'priya-r', id: 9913082, name: 'Priya Raman', type: 'User' },
  { login: 'chloedupont', id: 47738120, name: 'Chloé Dupont', type: 'User' },
  { login: 'gracekim', id: 22810466, name: 'Grace Kim', type: 'User' },
  { login: 'tfalk', id: 2384710, name: 'Tobias Falk', type: 'User' },
  { login: 'kenji-t', id: 14402931, name: 'Kenji Tanaka', type: 'User' },
  { login: 'amara-o', id: 27611845, name: 'Amara Okafor', type: 'User' },
  { login: 'lmoreau', id: 8129964, name: 'Lucas Moreau', type: 'User' },
  { login: 'sofiaram', id: 33017742, name: 'Sofía Ramírez', type: 'User' },
  { login: 'hlind', id: 4470195, name: 'Hannah Lind', type: 'User' },
  { login: 'dalvarez', id: 19283746, name: 'Diego Álvarez', type: 'User' },
  { login: 'fzahra', id: 51200873, name: 'Fatima Zahra', type: 'User' },
  { login: 'obrooks-dev', id: 60318854, name: 'Oliver Brooks', type: 'User' },
  { login: 'npetrov', id: 7741203, name: 'Nina Petrova', type: 'User' },
  { login: 'samirh', id: 45590217, name: 'Samir Haddad', type: 'User' },
  { login: 'mnowak', id: 38812590, name: 'Mateusz Nowak', type: 'User' },
  { login: 'elify', id: 70234418, name: 'Elif Yılmaz', type: 'User' },
  { login: 'noahfischer', id: 12093385, name: 'Noah Fischer', type: 'User' },
  { login: 'avathompson', id: 88120934, name: 'Ava Thompson', type: 'User' },
  { login: 'rsouza', id: 29911470, name: 'Rafael Souza', type: 'User' },
  { login: 'ingridb', id: 16654302, name: 'Ingrid Berg', type: 'User' },
  { login: 'yusuf-ali', id: 141203387, name: 'Yusuf Ali', type: 'User' },
  { login: 'nebula', id: 3390127, name: 'Vera Lindqvist', type: 'User' },
  { login: BOT_LOGIN, id: 49699333, name: 'Dependabot', type: 'Bot' },
];

const DEPENDENCIES_LABEL: LabelSpec = { name: 'dependencies', color: '0366d6', description: 'Pull requests that update a dependency file' };
const GOOD_FIRST_ISSUE_LABEL: LabelSpec = { name: 'good first issue', color: '7057ff', description: 'Good for newcomers' };
const DUPLICATE_LABEL: LabelSpec = { name: 'duplicate', color: 'cfd3d7', description: 'This issue or pull request already exists' };

const ROCKET_LABELS: readonly LabelSpec[] = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
  GOOD_FIRST_ISSUE_LABEL,
  { name: 'help wanted', color: '008672', description: 'Extra attention is needed' },
  { name: 'performance', color: 'f9d0c4', description: null },
  { name: 'security', color: 'b60205', description: 'Report anything exploitable privately first' },
  { name: 'question', color: 'd876e3', description: 'Further information is requested' },
  { name: 'wontfix', color: 'ffffff', description: 'This will not be worked on' },
  DUPLICATE_LABEL,
  { name: 'area: cli', color: '1d76db', description: 'The `rocket` command-line interface' },
  { name: 'area: api', color: '5319e7', description: 'HTTP API and SDK clients' },
  { name: 'priority: high', color: 'e11d21', description: null },
  DEPENDENCIES_LABEL,
];

const WIDGETS_LABELS: readonly LabelSpec[] = [
  { name: 'type: bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'type: feature', color: 'a2eeef', description: 'A new component, prop or variant' },
  { name: 'type: docs', color: '0075ca', description: null },
  { name: 'a11y', color: '5319e7', description: 'Accessibility: keyboard, screen readers, contrast' },
  { name: 'component: date-picker', color: 'c5def5', description: null },
  { name: 'component: data-table', color: 'c5def5', description: null },
  { name: 'component: modal', color: 'c5def5', description: null },
  { name: 'browser: safari', color: 'fbca04', description: 'Only reproduces in Safari' },
  { name: 'needs triage', color: 'ededed', description: null },
  { name: 'breaking change', color: 'b60205', description: 'Needs a major release' },
  GOOD_FIRST_ISSUE_LABEL,
  DUPLICATE_LABEL,
  DEPENDENCIES_LABEL,
];

const DOCS_LABELS: readonly LabelSpec[] = [
  { name: 'content gap', color: 'd4c5f9', description: 'Something is missing from the docs' },
  { name: 'typo', color: 'fef2c0', description: null },
  { name: 'broken link', color: 'e99695', description: null },
  { name: '🌐 translation', color: '1d76db', description: 'Translations and localisation' },
  { name: '✨ new page', color: 'a2eeef', description: 'A page that does not exist yet' },
  GOOD_FIRST_ISSUE_LABEL,
  { name: 'needs review', color: 'fbca04', description: null },
  { name: 'question', color: 'd876e3', description: 'Further information is requested' },
  { name: 'infra', color: '5319e7', description: 'Docs site build, search and deployment' },
];

const SECRET_LABELS: readonly LabelSpec[] = [
  { name: 'confidential', color: 'b60205', description: 'Never discuss outside the core team' },
  { name: 'codename: orbit', color: '0e8a16', description: null },
  { name: 'codename: nightjar', color: '5319e7', description: null },
  { name: 'legal review', color: 'fbca04', description: 'Needs a lawyer before anything goes out' },
  { name: 'exec only', color: '000000', description: null },
];

const LAUNCH_PAD_LABELS: readonly LabelSpec[] = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
  { name: 'template: nextjs', color: '000000', description: null },
  { name: 'template: astro', color: 'ff5d01', description: 'The Astro blog template' },
  { name: 'template: sveltekit', color: 'ff3e00', description: 'The SvelteKit API template' },
  { name: 'ci', color: '1d76db', description: 'Continuous integration' },
  DEPENDENCIES_LABEL,
];

function dependency(name: string, source: string, versions: readonly string[], dev = false, directory = '/'): DependabotPackage {
  return { name, source, directory, dev, versions };
}

const ROCKET_BOT_SINCE_MS = Date.UTC(2024, 2, 4);
const ROCKET_DEPENDABOT: DependabotConfig = {
  titleStyle: 'bump',
  label: 'dependencies',
  startMs: ROCKET_BOT_SINCE_MS,
  endMs: DEMO_NOW_MS,
  packages: [
    dependency('esbuild', 'evanw/esbuild', ['0.19.8', '0.19.12', '0.20.2', '0.21.5', '0.23.0', '0.23.1', '0.24.0', '0.24.2', '0.25.0', '0.25.4'], true),
    dependency('typescript', 'microsoft/TypeScript', ['5.3.3', '5.4.5', '5.5.4', '5.6.3', '5.7.2', '5.8.3', '5.9.2'], true),
    dependency('vitest', 'vitest-dev/vitest', ['1.2.2', '1.6.0', '2.0.5', '2.1.8', '3.0.5', '3.1.1', '3.2.4'], true),
    dependency('undici', 'nodejs/undici', ['5.28.2', '6.6.2', '6.13.0', '6.19.8', '6.21.0', '7.2.0', '7.8.0']),
    dependency('commander', 'tj/commander.js', ['11.1.0', '12.0.0', '12.1.0', '13.0.0', '13.1.0', '14.0.0']),
    dependency('zod', 'colinhacks/zod', ['3.22.4', '3.23.8', '3.24.1', '3.24.2', '3.25.67', '4.0.5']),
    dependency('semver', 'npm/node-semver', ['7.5.4', '7.6.0', '7.6.2', '7.6.3', '7.7.1']),
    dependency('@types/node', 'DefinitelyTyped/DefinitelyTyped', ['20.10.5', '20.12.7', '20.14.10', '20.16.5', '22.10.1', '22.13.10', '22.15.3'], true),
    dependency('eslint', 'eslint/eslint', ['8.56.0', '8.57.0', '9.6.0', '9.14.0', '9.20.1', '9.28.0'], true),
    dependency('tar', 'isaacs/node-tar', ['6.2.0', '6.2.1', '7.1.0', '7.4.3']),
    dependency('blake3', 'BLAKE3-team/BLAKE3', ['1.5.0', '1.5.1', '1.5.4', '1.6.1', '1.8.2'], false, '/crates/rocket-hash'),
    dependency('clap', 'clap-rs/clap', ['4.4.11', '4.5.4', '4.5.20', '4.5.31'], false, '/crates/rocket-hash'),
    dependency('serde', 'serde-rs/serde', ['1.0.193', '1.0.203', '1.0.210', '1.0.215', '1.0.219'], false, '/crates/rocket-hash'),
    dependency('httpx', 'encode/httpx', ['0.25.2', '0.26.0', '0.27.0', '0.27.2', '0.28.1'], false, '/sdk/python'),
    dependency('pydantic', 'pydantic/pydantic', ['2.5.3', '2.6.4', '2.7.4', '2.8.2', '2.9.2', '2.10.6', '2.11.3'], false, '/sdk/python'),
    dependency('actions/checkout', 'actions/checkout', ['3', '4']),
    dependency('actions/setup-node', 'actions/setup-node', ['3', '4']),
    dependency('actions/upload-artifact', 'actions/upload-artifact', ['3', '4']),
  ],
};

const WIDGETS_BOT_SINCE_MS = Date.UTC(2025, 0, 6);
const WIDGETS_DEPENDABOT: DependabotConfig = {
  titleStyle: 'conventional',
  label: 'dependencies',
  startMs: WIDGETS_BOT_SINCE_MS,
  endMs: DEMO_NOW_MS,
  packages: [
    dependency('react', 'facebook/react', ['18.2.0', '18.3.1', '19.0.0', '19.1.0'], true),
    dependency('@floating-ui/react', 'floating-ui/floating-ui', ['0.26.4', '0.26.28', '0.27.3', '0.27.8']),
    dependency('storybook', 'storybookjs/storybook', ['8.0.9', '8.3.6', '8.5.3', '8.6.12'], true),
    dependency('vite', 'vitejs/vite', ['5.2.11', '5.4.11', '6.0.7', '6.3.5'], true),
    dependency('date-fns', 'date-fns/date-fns', ['3.6.0', '4.1.0']),
  ],
};

const LAUNCH_PAD_BOT_SINCE_MS = Date.UTC(2024, 9, 1);
const LAUNCH_PAD_DEPENDABOT: DependabotConfig = {
  titleStyle: 'bump',
  label: 'dependencies',
  startMs: LAUNCH_PAD_BOT_SINCE_MS,
  endMs: DEMO_NOW_MS,
  packages: [
    dependency('next', 'vercel/next.js', ['14.2.5', '14.2.15', '15.0.3', '15.1.6', '15.3.1'], false, '/templates/nextjs-edge'),
    dependency('astro', 'withastro/astro', ['4.15.4', '4.16.10', '5.1.1', '5.7.4'], false, '/templates/astro-blog'),
    dependency('@sveltejs/kit', 'sveltejs/kit', ['2.5.26', '2.8.1', '2.15.2', '2.20.7'], false, '/templates/sveltekit-api'),
  ],
};

function repositorySpecs(): RepositorySpec[] {
  return [
    {
      index: 0,
      repositoryId: 612345678,
      owner: 'acme',
      name: 'rocket',
      private: false,
      description: 'Ship to every region with one command: the Rocket CLI, HTTP API and SDKs.',
      entryCount: 2417,
      pullRequestShare: 0.3,
      firstEntryMs: Date.UTC(2023, 10, 21, 9, 14, 2),
      lastEntryMs: DEMO_NOW_MS - 25 * 60_000,
      activityGrowth: 1.2,
      labels: ROCKET_LABELS,
      milestones: [
        {
          number: 1,
          title: 'v1.0',
          description: 'First stable release: the config format and CLI flags are frozen.',
          createdMs: Date.UTC(2024, 2, 1, 10),
          dueMs: Date.UTC(2024, 8, 30, 7),
          closedMs: Date.UTC(2024, 9, 2, 15, 31),
        },
        {
          number: 2,
          title: 'v1.1',
          description: 'Plugin hooks, faster cold builds, Windows fixes.',
          createdMs: Date.UTC(2024, 9, 3, 9),
          dueMs: Date.UTC(2025, 2, 31, 7),
          closedMs: Date.UTC(2025, 3, 3, 16, 2),
        },
        { number: 3, title: 'v2.0', description: null, createdMs: Date.UTC(2025, 10, 3, 11), dueMs: Date.UTC(2027, 0, 31, 8), closedMs: null },
      ],
      team: [
        { login: 'mchen', association: 'MEMBER', weight: 5 },
        { login: 'jonasweber', association: 'MEMBER', weight: 4 },
        { login: 'priya-r', association: 'MEMBER', weight: 4 },
        { login: 'tfalk', association: 'COLLABORATOR', weight: 2 },
        { login: 'kenji-t', association: 'COLLABORATOR', weight: 2 },
        { login: 'gracekim', association: 'MEMBER', weight: 0.5 },
      ],
      community: [
        { login: 'amara-o', association: 'CONTRIBUTOR', weight: 3 },
        { login: 'lmoreau', association: 'CONTRIBUTOR', weight: 2 },
        { login: 'sofiaram', association: 'CONTRIBUTOR', weight: 2 },
        { login: 'hlind', association: 'CONTRIBUTOR', weight: 1.5 },
        { login: 'npetrov', association: 'CONTRIBUTOR', weight: 1.5 },
        { login: 'dalvarez', association: 'NONE', weight: 3, pullWeight: 0.3 },
        { login: 'fzahra', association: 'NONE', weight: 2, pullWeight: 0 },
        { login: 'obrooks-dev', association: 'NONE', weight: 2 },
        { login: 'samirh', association: 'NONE', weight: 2, pullWeight: 0 },
        { login: 'mnowak', association: 'NONE', weight: 2, pullWeight: 0.5 },
        { login: 'noahfischer', association: 'NONE', weight: 2, pullWeight: 0 },
        { login: 'avathompson', association: 'NONE', weight: 2, pullWeight: 0.2 },
        { login: 'elify', association: 'NONE', weight: 1 },
        { login: 'rsouza', association: 'NONE', weight: 1, pullWeight: 0 },
        { login: 'ingridb', association: 'NONE', weight: 1, pullWeight: 0 },
        { login: 'yusuf-ali', association: 'NONE', weight: 0.6, firstTimer: true },
      ],
      bot: { login: BOT_LOGIN, sinceMs: ROCKET_BOT_SINCE_MS, shareOfPulls: 0.13 },
      closeRate: { issue: 0.27, pull: 0.5 },
      mergeShare: 0.82,
      corpus: createProjectCorpus(rocketVocabulary, { dependabot: ROCKET_DEPENDABOT }),
    },
    {
      index: 1,
      repositoryId: 598120334,
      owner: 'acme',
      name: 'widgets',
      private: false,
      description: 'Accessible React components: date pickers, data tables, dialogs and friends.',
      entryCount: 153,
      pullRequestShare: 0.3,
      firstEntryMs: Date.UTC(2024, 10, 25, 10, 2, 41),
      lastEntryMs: Date.UTC(2026, 10, 19, 16, 48, 5),
      activityGrowth: 0.5,
      labels: WIDGETS_LABELS,
      milestones: [
        { number: 1, title: 'v3.2', description: 'Date range picker and table sorting fixes.', createdMs: Date.UTC(2025, 1, 20), dueMs: Date.UTC(2025, 4, 30), closedMs: Date.UTC(2025, 5, 2, 12) },
        { number: 2, title: 'v4.0', description: 'Breaking: new theming tokens, React 19 only.', createdMs: Date.UTC(2026, 3, 1), dueMs: Date.UTC(2027, 1, 15), closedMs: null },
      ],
      team: [
        { login: 'chloedupont', association: 'MEMBER', weight: 4 },
        { login: 'gracekim', association: 'MEMBER', weight: 4 },
        { login: 'mchen', association: 'MEMBER', weight: 1 },
      ],
      community: [
        { login: 'elify', association: 'CONTRIBUTOR', weight: 3 },
        { login: 'avathompson', association: 'NONE', weight: 3 },
        { login: 'rsouza', association: 'NONE', weight: 2 },
        { login: 'samirh', association: 'NONE', weight: 2 },
        { login: 'fzahra', association: 'NONE', weight: 2 },
        { login: 'noahfischer', association: 'NONE', weight: 1 },
        { login: 'amara-o', association: 'NONE', weight: 1 },
      ],
      bot: { login: BOT_LOGIN, sinceMs: WIDGETS_BOT_SINCE_MS, shareOfPulls: 0.2 },
      closeRate: { issue: 0.29, pull: 0.55 },
      mergeShare: 0.8,
      corpus: createProjectCorpus(widgetsVocabulary, { dependabot: WIDGETS_DEPENDABOT }),
    },
    {
      index: 2,
      repositoryId: 702233118,
      owner: 'nebula',
      name: 'docs',
      private: false,
      description: 'Documentation for Nebula, the self-hosted metrics and tracing agent.',
      entryCount: 41,
      pullRequestShare: 0.3,
      firstEntryMs: Date.UTC(2025, 4, 12, 8, 40, 11),
      lastEntryMs: Date.UTC(2026, 10, 18, 19, 3, 57),
      activityGrowth: 0.3,
      labels: DOCS_LABELS,
      milestones: [],
      team: [
        { login: 'nebula', association: 'OWNER', weight: 5 },
        { login: 'ingridb', association: 'COLLABORATOR', weight: 2 },
        { login: 'elify', association: 'COLLABORATOR', weight: 2 },
      ],
      community: [
        { login: 'hlind', association: 'NONE', weight: 2 },
        { login: 'mnowak', association: 'NONE', weight: 2 },
        { login: 'kenji-t', association: 'NONE', weight: 2 },
        { login: 'sofiaram', association: 'NONE', weight: 1 },
        { login: 'chloedupont', association: 'NONE', weight: 1 },
      ],
      bot: null,
      closeRate: { issue: 0.26, pull: 0.5 },
      mergeShare: 0.85,
      corpus: createProjectCorpus(docsVocabulary, { dependabot: null }),
    },
    {
      index: 3,
      repositoryId: 688001245,
      owner: 'acme',
      name: 'secret-plans',
      private: true,
      description: 'CONFIDENTIAL: launch planning for Codename ORBIT. Core team only.',
      entryCount: 30,
      pullRequestShare: 0.2,
      firstEntryMs: Date.UTC(2025, 11, 1, 9, 30, 12),
      lastEntryMs: Date.UTC(2026, 10, 16, 17, 12, 40),
      activityGrowth: 0.4,
      labels: SECRET_LABELS,
      milestones: [
        { number: 1, title: 'ORBIT GA', description: 'Everything that must be done before the embargo lifts.', createdMs: Date.UTC(2025, 11, 1, 10), dueMs: Date.UTC(2027, 0, 19, 8), closedMs: null },
      ],
      team: [
        { login: 'mchen', association: 'MEMBER', weight: 3 },
        { login: 'jonasweber', association: 'MEMBER', weight: 2 },
        { login: 'priya-r', association: 'MEMBER', weight: 2 },
        { login: 'gracekim', association: 'MEMBER', weight: 1 },
      ],
      community: [],
      bot: null,
      closeRate: { issue: 0.3, pull: 0.55 },
      mergeShare: 0.9,
      corpus: createSecretPlansCorpus(createPrng(`${DEMO_SEED}/secret-plans-titles`)),
    },
    {
      index: 4,
      repositoryId: 655430912,
      owner: 'acme',
      name: 'launch-pad',
      private: false,
      description: 'Starter templates for Rocket projects (Next.js, Astro, SvelteKit) and `npm create launchpad`.',
      entryCount: 62,
      pullRequestShare: 0.35,
      firstEntryMs: Date.UTC(2024, 8, 9, 13, 5, 20),
      lastEntryMs: Date.UTC(2026, 9, 30, 10, 44, 9),
      activityGrowth: 0.2,
      labels: LAUNCH_PAD_LABELS,
      milestones: [],
      team: [
        { login: 'priya-r', association: 'MEMBER', weight: 3 },
        { login: 'tfalk', association: 'COLLABORATOR', weight: 3 },
        { login: 'mchen', association: 'MEMBER', weight: 1 },
      ],
      community: [
        { login: 'rsouza', association: 'NONE', weight: 3 },
        { login: 'dalvarez', association: 'CONTRIBUTOR', weight: 2 },
        { login: 'obrooks-dev', association: 'NONE', weight: 2 },
        { login: 'lmoreau', association: 'NONE', weight: 1 },
      ],
      bot: { login: BOT_LOGIN, sinceMs: LAUNCH_PAD_BOT_SINCE_MS, shareOfPulls: 0.25 },
      closeRate: { issue: 0.3, pull: 0.55 },
      mergeShare: 0.8,
      corpus: createProjectCorpus(launchPadVocabulary, { dependabot: LAUNCH_PAD_DEPENDABOT }),
    },
  ];
}

export function buildDemoDataset(): DemoDataset {
  const usersByLogin = new Map(USERS.map((user) => [user.login, user]));
  const repositories = repositorySpecs().map((spec): DemoRepository => {
    const { issues, comments } = generateRepository(spec, usersByLogin, DEMO_SEED);
    const user = (login: string) => {
      const known = usersByLogin.get(login);
      return known ? { login, id: known.id, type: known.type } : { login };
    };
    const team = spec.team.map((member) => member.login);
    const events = demoEvents({ index: spec.index, issues, comments, team, user, seed: DEMO_SEED });
    return { owner: spec.owner, name: spec.name, private: spec.private, description: spec.description, issues, comments, events };
  });
  return {
    users: USERS.map((user) => ({ ...user })),
    repositories,
    renames: [{ from: 'acme/launch-pad', to: 'acme/launchpad' }],
  };
}
