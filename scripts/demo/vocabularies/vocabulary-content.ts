/**
 * The shape of a project vocabulary's content file (content/<project>.json)
 * and its loader.
 */
import { z } from 'zod';
import { contentPath, isoDayMs, readContentFile } from '../content-file';
import type { VocabularyContent } from './project-vocabulary';

const strings = z.array(z.string());
const snippet = z.strictObject({ lang: z.string(), code: z.string() });
const areaSnippet = z.strictObject({ lang: z.string(), code: z.string(), areas: strings.optional(), file: z.string().optional() });
const surface = z.strictObject({ name: z.string(), area: z.string(), slug: z.string().optional() });
const issueType = z.enum(['bug', 'feature', 'docs', 'question', 'performance', 'security', 'tracking', 'rfc', 'plan']);
const pullType = z.enum(['fix', 'feature-pr', 'docs-pr', 'maintenance', 'release', 'dependency']);
const optionalLabel = z.string().nullable();

const contentSchema = z.strictObject({
  product: z.string(),
  docsUrl: z.string(),
  surfaces: z.array(surface).min(1),
  areas: z.record(z.string(), z.strictObject({ label: optionalLabel, scope: z.string(), files: strings.min(1) })),
  labels: z.strictObject({
    bug: z.string(),
    feature: z.string(),
    docs: z.string(),
    question: optionalLabel,
    performance: optionalLabel,
    security: optionalLabel,
    duplicate: optionalLabel,
    wontfix: optionalLabel,
    goodFirstIssue: optionalLabel,
    helpWanted: optionalLabel,
    priority: optionalLabel,
    needsTriage: optionalLabel,
    dependencies: optionalLabel,
  }),
  issueTypeWeights: z.array(z.tuple([issueType, z.number().nonnegative()])),
  pullTypeWeights: z.array(z.tuple([pullType, z.number().nonnegative()])),
  bugTitlePrefixes: strings,
  bugTitleSuffixes: strings,
  featureTitlePrefixes: strings,
  bugs: z.array(
    z.strictObject({
      on: strings,
      titles: strings.min(1),
      summary: z.string(),
      expected: z.string(),
      actual: snippet,
      fix: z.string(),
      labels: strings.optional(),
    }),
  ),
  features: z.array(
    z.strictObject({
      on: strings,
      labels: strings.optional(),
      titles: strings.min(1),
      problem: z.string(),
      proposal: z.string(),
      example: snippet.optional(),
      alternatives: z.string().optional(),
      tasks: strings,
      short: z.string(),
    }),
  ),
  docs: z.array(
    z.strictObject({
      on: strings.optional(),
      titles: strings.min(1),
      body: z.string(),
      suggestion: snippet.optional(),
      fix: z.string(),
      labels: strings.optional(),
    }),
  ),
  questions: z.array(
    z.strictObject({
      on: strings.optional(),
      title: z.string(),
      body: z.string(),
      snippet: snippet.optional(),
      answer: z.string(),
      answerSnippet: snippet.optional(),
    }),
  ),
  performance: z.array(
    z.strictObject({ on: strings.optional(), titles: strings.min(1), summary: z.string(), metric: z.string(), fix: z.string() }),
  ),
  security: z.array(z.strictObject({ on: strings.optional(), title: z.string(), summary: z.string(), impact: z.string(), fix: z.string() })),
  rfcs: z.array(
    z.strictObject({
      on: strings.optional(),
      title: z.string(),
      summary: z.string(),
      motivation: z.string(),
      design: snippet,
      options: z.array(z.tuple([z.string(), z.string(), z.string()])),
      questions: strings,
      short: z.string(),
    }),
  ),
  trackingTitles: strings,
  maintenance: z.array(
    z.strictObject({
      on: strings.optional(),
      title: z.string(),
      summary: z.string(),
      changes: strings,
      snippet: snippet.optional(),
      labels: strings.optional(),
    }),
  ),
  workarounds: z.array(areaSnippet),
  fixDiffs: z.array(areaSnippet),
  testCommand: z.string(),
  screenshots: strings,
  chart: z.string(),
  architecture: z.string(),
});

const vocabularyFileSchema = contentSchema.extend({
  /** [version, release day (YYYY-MM-DD, UTC)], oldest first */
  releases: z.array(z.tuple([z.string(), isoDayMs])).min(1),
  /** the words each template token ({os}, {node} ...) is drawn from */
  varPools: z.record(z.string(), strings.min(1)),
  /** [title, path under docsUrl] */
  docsPages: z.array(z.tuple([z.string(), z.string()])).optional(),
});

export interface VocabularyFile<Pool extends string> {
  content: VocabularyContent;
  releases: ReadonlyArray<readonly [string, number]>;
  /** the words each template token ({os}, {node} ...) is drawn from */
  pools: Readonly<Record<Pool, readonly string[]>>;
  /** [title, path under docsUrl]; empty unless the file lists some */
  docsPages: ReadonlyArray<readonly [string, string]>;
}

/**
 * Reads and checks content/<fileName>, including that it defines every pool
 * the vocabulary's code draws from; throws an error naming the file and the
 * bad field.
 */
export function loadVocabularyFile<Pool extends string>(fileName: string, poolNames: readonly Pool[]): VocabularyFile<Pool> {
  const { varPools, releases, docsPages = [], ...content } = readContentFile(fileName, vocabularyFileSchema);
  const missing = poolNames.filter((name) => !varPools[name]);
  if (missing.length > 0) throw new Error(`demo content ${contentPath(fileName)} has no varPools.${missing.join(', varPools.')}`);
  return { content, releases, docsPages, pools: varPools as Record<Pool, readonly string[]> };
}
