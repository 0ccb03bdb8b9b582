/**
 * The demo's people and repositories, read from content/users.json and
 * content/repositories.json: who exists, and for each repository its labels,
 * milestones, team, community, pace, and which corpus writes its words.
 */
import { z } from 'zod';
import type { RepositoryCorpus } from './corpus/corpus-types';
import { isoTimestampMs, readContentFile } from './content-file';
import { DEMO_NOW_MS } from './demo-clock';
import { docsVocabulary } from './vocabularies/docs-vocabulary';
import { launchPadVocabulary } from './vocabularies/launch-pad-vocabulary';
import { createProjectCorpus } from './corpus/project-corpus';
import type { ProjectVocabulary } from './vocabularies/project-vocabulary';
import { createPrng } from '../../src/shared/prng';
import type { RepositorySpec } from './generator/repository-spec';
import { rocketVocabulary } from './vocabularies/rocket-vocabulary';
import { createSecretPlansCorpus } from './corpus/secret-plans-corpus';
import { widgetsVocabulary } from './vocabularies/widgets-vocabulary';

const VOCABULARIES: Readonly<Record<string, ProjectVocabulary>> = {
  rocket: rocketVocabulary,
  widgets: widgetsVocabulary,
  docs: docsVocabulary,
  'launch-pad': launchPadVocabulary,
};
/** the private repository is launch planning, not a software project: it has its own writer, not a vocabulary */
const SECRET_PLANS_CORPUS = 'secret-plans';

const usersSchema = z.array(
  z.strictObject({ login: z.string().min(1), id: z.number().int().positive(), name: z.string(), type: z.enum(['User', 'Bot']) }),
);

const repositorySchema = z.strictObject({
  owner: z.string().min(1),
  name: z.string().min(1),
  private: z.boolean(),
  description: z.string(),
  repositoryId: z.number().int().positive(),
  corpus: z.enum([...Object.keys(VOCABULARIES), SECRET_PLANS_CORPUS]),
  entryCount: z.number().int().nonnegative(),
  pullRequestShare: z.number().min(0).max(1),
  firstEntryAt: isoTimestampMs,
  lastEntryAt: isoTimestampMs,
  activityGrowth: z.number().nonnegative(),
  closeRate: z.strictObject({ issue: z.number().min(0).max(1), pull: z.number().min(0).max(1) }),
  mergeShare: z.number().min(0).max(1),
  labels: z.array(z.strictObject({ name: z.string().min(1), color: z.string().regex(/^[0-9a-f]{6}$/), description: z.string().nullable() })),
  milestones: z.array(
    z.strictObject({
      number: z.number().int().positive(),
      title: z.string(),
      description: z.string().nullable(),
      createdAt: isoTimestampMs,
      dueOn: isoTimestampMs.nullable(),
      closedAt: isoTimestampMs.nullable(),
    }),
  ),
  team: z.array(z.strictObject({ login: z.string(), association: z.enum(['OWNER', 'MEMBER', 'COLLABORATOR']), weight: z.number().nonnegative() })).min(1),
  community: z.array(
    z.strictObject({
      login: z.string(),
      association: z.enum(['CONTRIBUTOR', 'NONE']),
      weight: z.number().nonnegative(),
      firstTimer: z.boolean().optional(),
      pullWeight: z.number().nonnegative().optional(),
    }),
  ),
  bot: z.strictObject({ login: z.string(), since: isoTimestampMs, shareOfPulls: z.number().min(0).max(1) }).nullable(),
  /** the bot's pull requests: versions advance from `bot.since` to the demo clock's now */
  dependabot: z
    .strictObject({
      titleStyle: z.enum(['bump', 'conventional']),
      label: z.string(),
      packages: z.array(
        z.strictObject({ name: z.string(), source: z.string(), directory: z.string(), dev: z.boolean(), versions: z.array(z.string()).min(1) }),
      ),
    })
    .nullable(),
});

export type DemoUserRecord = z.output<typeof usersSchema>[number];

export function loadDemoUsers(): DemoUserRecord[] {
  return readContentFile('users.json', usersSchema);
}

/** every demo repository's specification, its position in the file being its index (ids fold it in) */
export function loadRepositorySpecs(seed: string): RepositorySpec[] {
  const repositories = readContentFile('repositories.json', z.array(repositorySchema));
  return repositories.map((repository, index): RepositorySpec => {
    const { corpus, dependabot, bot, firstEntryAt, lastEntryAt, milestones, ...rest } = repository;
    if (dependabot && !bot) throw new Error(`demo repository ${repository.owner}/${repository.name} has dependabot settings but no bot`);
    return {
      ...rest,
      index,
      firstEntryMs: firstEntryAt,
      lastEntryMs: lastEntryAt,
      milestones: milestones.map(({ createdAt, dueOn, closedAt, ...milestone }) => ({ ...milestone, createdMs: createdAt, dueMs: dueOn, closedMs: closedAt })),
      bot: bot ? { login: bot.login, sinceMs: bot.since, shareOfPulls: bot.shareOfPulls } : null,
      corpus: corpusFor(corpus, seed, dependabot && bot ? { ...dependabot, startMs: bot.since, endMs: DEMO_NOW_MS } : null),
    };
  });
}

function corpusFor(name: string, seed: string, dependabot: Parameters<typeof createProjectCorpus>[1]['dependabot']): RepositoryCorpus {
  if (name === SECRET_PLANS_CORPUS) return createSecretPlansCorpus(createPrng(`${seed}/secret-plans-titles`));
  const vocabulary = VOCABULARIES[name];
  if (!vocabulary) throw new Error(`no demo corpus called ${name}`);
  return createProjectCorpus(vocabulary, { dependabot });
}
