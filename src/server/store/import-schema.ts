/**
 * What `import` accepts: issues and comments as GitHub's REST API returns them
 * (e.g. saved from `GET /repos/o/r/issues?state=all&per_page=100`). Validated
 * with zod, lenient where GitHub's own payloads vary (nullable fields, fields
 * absent in older API versions), strict where our rules depend on a value.
 */
import { z } from 'zod';

const TIMESTAMP = z
  .string()
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be an ISO 8601 timestamp' });

export const importedUser = z.object({
  login: z.string().min(1).max(100),
  id: z.number().int().nonnegative().optional(),
  avatar_url: z.string().optional(),
  type: z.enum(['User', 'Bot', 'Organization']).optional(),
  site_admin: z.boolean().optional(),
  name: z.string().nullable().optional(),
});

export const importedLabel = z.union([
  z.string().min(1),
  z.object({
    id: z.number().int().optional(),
    name: z.string().min(1).max(100),
    color: z.string().regex(/^[0-9a-fA-F]{6}$/).optional(),
    description: z.string().nullable().optional(),
    default: z.boolean().optional(),
  }),
]);

export const importedMilestone = z.object({
  id: z.number().int().optional(),
  number: z.number().int().positive(),
  title: z.string(),
  description: z.string().nullable().optional(),
  state: z.enum(['open', 'closed']).optional(),
  open_issues: z.number().int().optional(),
  closed_issues: z.number().int().optional(),
  created_at: TIMESTAMP.optional(),
  updated_at: TIMESTAMP.optional(),
  closed_at: TIMESTAMP.nullable().optional(),
  due_on: TIMESTAMP.nullable().optional(),
  creator: importedUser.nullable().optional(),
});

const ISSUE_TYPE_COLORS = ['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'pink', 'purple'] as const;

/** GitHub's `issue-type` on an issue; `issue-type-webhook` (id, name, color) on an event is the same with fewer fields. */
export const importedIssueType = z.object({
  id: z.number().int().positive().optional(),
  node_id: z.string().optional(),
  name: z.string().min(1).max(100),
  description: z.string().nullable().optional(),
  // An unknown colour is no colour rather than a refused import: GitHub may add colours.
  color: z.string().nullable().optional().transform((c) => ((ISSUE_TYPE_COLORS as readonly string[]).includes(c ?? '') ? (c as (typeof ISSUE_TYPE_COLORS)[number]) : null)),
  created_at: TIMESTAMP.optional(),
  updated_at: TIMESTAMP.optional(),
  is_enabled: z.boolean().optional(),
});

const reactionCount = z.number().int().nonnegative().optional();

export const importedReactions = z.object({
  total_count: reactionCount,
  '+1': reactionCount,
  '-1': reactionCount,
  laugh: reactionCount,
  hooray: reactionCount,
  confused: reactionCount,
  heart: reactionCount,
  rocket: reactionCount,
  eyes: reactionCount,
});

export const importedIssue = z.object({
  id: z.number().int().positive().optional(),
  node_id: z.string().optional(),
  number: z.number().int().positive(),
  title: z.string(),
  user: importedUser.nullable(),
  labels: z.array(importedLabel).default([]),
  state: z.enum(['open', 'closed']),
  state_reason: z.enum(['completed', 'reopened', 'not_planned', 'duplicate']).nullable().optional(),
  locked: z.boolean().default(false),
  active_lock_reason: z.string().nullable().optional(),
  assignee: importedUser.nullable().optional(),
  assignees: z.array(importedUser).nullable().optional(),
  milestone: importedMilestone.nullable().optional(),
  comments: z.number().int().nonnegative().default(0),
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
  closed_at: TIMESTAMP.nullable().optional(),
  author_association: z.string().optional(),
  body: z.string().nullable().optional(),
  reactions: importedReactions.optional(),
  pull_request: z.object({ merged_at: TIMESTAMP.nullable().optional() }).optional(),
  draft: z.boolean().optional(),
  type: importedIssueType.nullable().optional(),
  /** the API URL of the issue's own repository: tells a parent in the same repository from one elsewhere */
  repository_url: z.string().optional(),
  /** `…/repos/o/r/issues/{number}` of the parent when the issue is a sub-issue */
  parent_issue_url: z.string().nullable().optional(),
  /** read by `mirror` (which parents' sub-issue lists to fetch); the stored counts are the service's own */
  sub_issues_summary: z.object({ total: z.number().int().nonnegative() }).optional(),
});

export const importedComment = z.object({
  id: z.number().int().positive(),
  node_id: z.string().optional(),
  /** `…/repos/o/r/issues/{number}`: tells which issue the comment belongs to */
  issue_url: z.string().regex(/\/issues\/\d+$/, 'must end in /issues/{number}'),
  user: importedUser.nullable(),
  created_at: TIMESTAMP,
  updated_at: TIMESTAMP,
  author_association: z.string().optional(),
  body: z.string().nullable().optional(),
  reactions: importedReactions.optional(),
});

/** `owner/name`, as GitHub's `full_name` has it */
const FULL_NAME = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;

/**
 * The other issue of a sub-issue or parent-issue event: GitHub's `nullable-issue-reference`
 * (number, title, state, its `repository`, its type), or a whole issue, which names its
 * repository by `repository_url` when it does not carry the repository itself.
 */
export const importedIssueReference = z.object({
  number: z.number().int().positive(),
  title: z.string(),
  state: z.enum(['open', 'closed']),
  state_reason: z.string().max(50).nullable().optional(),
  repository: z
    .object({
      id: z.number().int().positive().optional(),
      node_id: z.string().optional(),
      full_name: z.string().regex(FULL_NAME, 'must be owner/name'),
      private: z.boolean().optional(),
      description: z.string().nullable().optional(),
      owner: importedUser.optional(),
    })
    .optional(),
  repository_url: z.string().optional(),
  issue_type: importedIssueType.nullable().optional(),
  /** a whole issue's field, read as `issue_type` when that is absent */
  type: importedIssueType.nullable().optional(),
});

/**
 * One event as `GET /repos/o/r/issues/events` returns it: each carries the issue it happened
 * to (its number and repository are read). Any `event` name is kept; the fields read are those of
 * the events GitHub's timeline shows (labels, assignments, milestones, renames, state changes, types,
 * sub-issues and parents).
 */
export const importedEvent = z.object({
  id: z.number().int().positive(),
  node_id: z.string().optional(),
  actor: importedUser.nullable().optional(),
  event: z.string().regex(/^[a-z_]{1,50}$/, 'must be an event name such as closed or labeled'),
  commit_id: z.string().regex(/^[0-9a-f]{7,64}$/).nullable().optional(),
  commit_url: z.string().nullable().optional(),
  created_at: TIMESTAMP,
  /** the issue it happened to: its number, and its repository (which tells this repository's references from others') */
  issue: z.object({ number: z.number().int().positive(), repository_url: z.string().optional() }),
  label: z.object({ name: z.string().min(1).max(100), color: z.string().regex(/^[0-9a-fA-F]{6}$/).nullable().optional() }).optional(),
  assignee: importedUser.nullable().optional(),
  assigner: importedUser.nullable().optional(),
  milestone: z.object({ title: z.string() }).optional(),
  rename: z.object({ from: z.string(), to: z.string() }).optional(),
  state_reason: z.string().max(50).nullable().optional(),
  lock_reason: z.string().max(50).nullable().optional(),
  issue_type: importedIssueType.nullable().optional(),
  prev_issue_type: importedIssueType.nullable().optional(),
  /** `sub_issue_added`, `sub_issue_removed`: the sub-issue (null: GitHub did not show it) */
  sub_issue: importedIssueReference.nullable().optional(),
  /** `parent_issue_added`, `parent_issue_removed`: the parent */
  parent_issue: importedIssueReference.nullable().optional(),
});

export type ImportedIssue = z.infer<typeof importedIssue>;
export type ImportedEvent = z.infer<typeof importedEvent>;
export type ImportedComment = z.infer<typeof importedComment>;
export type ImportedUser = z.infer<typeof importedUser>;
export type ImportedIssueType = z.infer<typeof importedIssueType>;
export type ImportedIssueReference = z.infer<typeof importedIssueReference>;

export const importedIssueList = z.array(importedIssue);
export const importedCommentList = z.array(importedComment);
export const importedEventList = z.array(importedEvent);
