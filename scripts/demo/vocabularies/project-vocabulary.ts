/**
 * What a software project's corpus needs to know about the project: its
 * surfaces (commands, endpoints, components), its labels, and pools of bug
 * reports, feature requests and chores to draw from. Each demo repository but
 * the private one supplies one; project-corpus.ts turns it into entries.
 */
import type {
  BugPattern,
  DocsPattern,
  FeaturePattern,
  IssueType,
  MaintenancePattern,
  PerformancePattern,
  PullType,
  QuestionPattern,
  RfcPattern,
  SecurityPattern,
  Surface,
} from '../corpus/corpus-types';
import type { Snippet } from '../corpus/markdown-blocks';
import type { Prng } from '../../../src/shared/prng';

export interface AreaInfo {
  /** the repository label for the area, if it has one */
  label: string | null;
  /** conventional-commit scope */
  scope: string;
  /** source files a change in this area touches */
  files: readonly string[];
}

export interface LabelNames {
  bug: string;
  feature: string;
  docs: string;
  question: string | null;
  performance: string | null;
  security: string | null;
  duplicate: string | null;
  wontfix: string | null;
  goodFirstIssue: string | null;
  helpWanted: string | null;
  priority: string | null;
  needsTriage: string | null;
  dependencies: string | null;
}

/** a snippet that only makes sense in some areas (a Rust diff does not belong on a TypeScript file) */
export interface AreaSnippet extends Snippet {
  /** areas it makes sense for; absent = any */
  areas?: readonly string[];
  /** the file a diff applies to; absent = one of the area's files */
  file?: string;
}

/** the words of a vocabulary, kept in the demo's content/<project>.json (vocabulary-content.ts reads them) */
export interface VocabularyContent {
  product: string;
  docsUrl: string;
  surfaces: readonly Surface[];
  areas: Readonly<Record<string, AreaInfo>>;
  labels: LabelNames;
  issueTypeWeights: ReadonlyArray<readonly [IssueType, number]>;
  /** pull request kinds other than dependency updates */
  pullTypeWeights: ReadonlyArray<readonly [PullType, number]>;
  bugTitlePrefixes: readonly string[];
  bugTitleSuffixes: readonly string[];
  featureTitlePrefixes: readonly string[];
  bugs: readonly BugPattern[];
  features: readonly FeaturePattern[];
  docs: readonly DocsPattern[];
  questions: readonly QuestionPattern[];
  performance: readonly PerformancePattern[];
  security: readonly SecurityPattern[];
  rfcs: readonly RfcPattern[];
  trackingTitles: readonly string[];
  maintenance: readonly MaintenancePattern[];
  /** code people paste in comments as a workaround or a hint */
  workarounds: readonly AreaSnippet[];
  /** diffs a fixing pull request shows; {file} is replaced by the snippet's file or one of the area's files */
  fixDiffs: readonly AreaSnippet[];
  testCommand: string;
  screenshots: readonly string[];
  chart: string;
  architecture: string;
}

/** a vocabulary's words and the little code that fills its templates */
export interface ProjectVocabulary extends VocabularyContent {
  /** the release people were running at `ms`: sometimes one behind, as in real reports, unless `current` */
  versionAt(ms: number, rng: Prng, current?: boolean): string;
  /** token values for templates: {project}, {os}, {node} ... */
  vars(rng: Prng, ms: number): Record<string, string>;
  /** rows for an "Environment" table; the first row is the product and its version */
  environment(vars: Readonly<Record<string, string>>): Array<readonly [string, string]>;
  reproduction(vars: Readonly<Record<string, string>>, surface: Surface): { steps: string[]; setup?: Snippet };
}
