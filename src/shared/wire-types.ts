/**
 * The JSON shapes that cross the wire between the Issue Listing Service and
 * its clients. They follow GitHub's REST API (version 2022-11-28) so that a
 * client written for GitHub reads our answers unchanged, and so that the app
 * reads GitHub's answers unchanged.
 *
 * Spec 2.1 names the fields every issue must carry; the rest are GitHub's.
 */

export interface SimpleUser {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string;
  url: string;
  html_url: string;
  /*
   * GitHub's `simple-user` requires these URL templates and the service always
   * sends them; optional here because no client reads them and GitHub-shaped
   * input (an import file) may lack them.
   */
  followers_url?: string;
  following_url?: string;
  gists_url?: string;
  starred_url?: string;
  subscriptions_url?: string;
  organizations_url?: string;
  repos_url?: string;
  events_url?: string;
  received_events_url?: string;
  type: 'User' | 'Bot' | 'Organization';
  site_admin: boolean;
}

export interface Label {
  id: number;
  node_id: string;
  url: string;
  /** spec 2.1: every label carries a name */
  name: string;
  /** six hex digits without '#', as GitHub sends it */
  color: string;
  default: boolean;
  /** spec 2.1: present on some labels only; GitHub sends null when unset */
  description?: string | null;
}

export interface Milestone {
  url: string;
  html_url: string;
  /** required by GitHub's `milestone`, always sent by the service; no client reads it */
  labels_url?: string;
  id: number;
  node_id: string;
  number: number;
  title: string;
  description: string | null;
  state: 'open' | 'closed';
  open_issues: number;
  closed_issues: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  due_on: string | null;
  creator: SimpleUser | null;
}

export interface ReactionRollup {
  url: string;
  total_count: number;
  '+1': number;
  '-1': number;
  laugh: number;
  hooray: number;
  confused: number;
  heart: number;
  rocket: number;
  eyes: number;
}

export interface PullRequestRef {
  url: string;
  html_url: string;
  diff_url: string;
  patch_url: string;
  merged_at: string | null;
}

export type IssueState = 'open' | 'closed';

export type AuthorAssociation =
  | 'COLLABORATOR'
  | 'CONTRIBUTOR'
  | 'FIRST_TIMER'
  | 'FIRST_TIME_CONTRIBUTOR'
  | 'MANNEQUIN'
  | 'MEMBER'
  | 'NONE'
  | 'OWNER';

export interface Issue {
  id: number;
  node_id: string;
  url: string;
  repository_url: string;
  labels_url: string;
  comments_url: string;
  events_url: string;
  /** spec 2.1: opens the issue in a browser (in this product's app when served by us) */
  html_url: string;
  number: number;
  title: string;
  user: SimpleUser;
  labels: Label[];
  state: IssueState;
  state_reason: 'completed' | 'reopened' | 'not_planned' | 'duplicate' | null;
  locked: boolean;
  active_lock_reason: string | null;
  assignee: SimpleUser | null;
  assignees: SimpleUser[];
  milestone: Milestone | null;
  comments: number;
  created_at: string;
  updated_at: string;
  /** spec 2.1: null while the issue is open */
  closed_at: string | null;
  /** who closed it: from its last `closed` event on this service (null when none was imported) */
  closed_by?: SimpleUser | null;
  author_association: AuthorAssociation;
  body: string | null;
  reactions?: ReactionRollup;
  timeline_url?: string;
  /** always null from this service (no GitHub Apps); GitHub sends it on every issue and comment */
  performed_via_github_app?: null;
  /** spec 1 / 4.1.2: present only when the entry is a pull request */
  pull_request?: PullRequestRef;
  draft?: boolean;
  /** GitHub's issue type (`Bug`, `Feature`, `Task` …); null when the issue has none */
  type?: IssueType | null;
  /** how many sub-issues the issue has and how many of them are closed */
  sub_issues_summary?: SubIssuesSummary;
  /** the API URL of the parent issue when this issue is a sub-issue, else null */
  parent_issue_url?: string | null;
}

/** The colours GitHub lets an issue type have (OpenAPI `issue-type.color`). */
export type IssueTypeColor = 'gray' | 'blue' | 'green' | 'yellow' | 'orange' | 'red' | 'pink' | 'purple';

/** GitHub's `issue-type`, as on an issue and in `GET /repos/{o}/{r}/issue-types`. */
export interface IssueType {
  id: number;
  node_id: string;
  name: string;
  description: string | null;
  color: IssueTypeColor | null;
  created_at: string;
  updated_at: string;
  is_enabled: boolean;
}

/** GitHub's `sub-issues-summary`. */
export interface SubIssuesSummary {
  total: number;
  completed: number;
  percent_completed: number;
}

export interface IssueComment {
  id: number;
  node_id: string;
  url: string;
  html_url: string;
  issue_url: string;
  user: SimpleUser;
  created_at: string;
  updated_at: string;
  author_association: AuthorAssociation;
  body: string;
  reactions?: ReactionRollup;
  performed_via_github_app?: null;
}

/**
 * One of an issue's events (GitHub's `issue-event`): `closed`, `labeled`, `renamed` ….
 * Which of the optional fields it carries depends on `event`.
 */
export interface IssueEvent {
  id: number;
  node_id: string;
  url: string;
  actor: SimpleUser | null;
  event: string;
  commit_id: string | null;
  commit_url: string | null;
  created_at: string;
  label?: { name: string; color: string };
  assignee?: SimpleUser | null;
  assigner?: SimpleUser | null;
  milestone?: { title: string };
  rename?: { from: string; to: string };
  state_reason?: string | null;
  lock_reason?: string | null;
  /** `issue_type_added`, `issue_type_changed`, `issue_type_removed`: GitHub's `issue-type-webhook` */
  issue_type?: { id: number; name: string; color: IssueTypeColor | null } | null;
  /** `issue_type_changed`: the type before */
  prev_issue_type?: { id: number; name: string; color: IssueTypeColor | null } | null;
  /** `sub_issue_added`, `sub_issue_removed`: the sub-issue, null when the caller may not see it */
  sub_issue?: IssueReference | null;
  /** `parent_issue_added`, `parent_issue_removed`: the parent issue, null when the caller may not see it */
  parent_issue?: IssueReference | null;
  performed_via_github_app: null;
  /** on the repository's event list only: the issue the event happened to */
  issue?: Issue;
}

/** GitHub's `nullable-issue-reference`: the other issue of a sub-issue or parent-issue event. */
export interface IssueReference {
  number: number;
  title: string;
  state: 'open' | 'closed';
  state_reason: string | null;
  /** GitHub's `simple-repository` */
  repository: SimpleRepository;
  issue_type: { id: number; node_id: string; name: string; color: IssueTypeColor | null } | null;
}

/** GitHub's `simple-repository`: the repository's names, owner and visibility, and its URL templates. */
export interface SimpleRepository {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  owner: SimpleUser;
  private: boolean;
  html_url: string;
  description: string | null;
  fork: boolean;
  url: string;
  [urlTemplate: `${string}_url`]: string;
}

export interface Repository {
  id: number;
  node_id: string;
  name: string;
  full_name: string;
  private: boolean;
  owner: SimpleUser;
  html_url: string;
  description: string | null;
  url: string;
  issues_url: string;
  created_at: string;
  updated_at: string;
  has_issues: boolean;
  open_issues_count: number;
  visibility: 'public' | 'private';
  default_branch: string;
}

/** The authenticated user, as `GET /user` answers (the subset clients read). */
export interface AuthenticatedUser extends SimpleUser {
  name: string | null;
}

/** spec 2.2: every error answer carries this body. */
export interface ErrorBody {
  message: string;
  documentation_url: string;
  /** the HTTP status as a string, e.g. "401" */
  status: string;
}

export interface ValidationErrorDetail {
  resource: string;
  field: string;
  code: 'invalid' | 'missing' | 'missing_field' | 'already_exists' | 'unprocessable' | 'custom';
  value?: string;
  message?: string;
}

/** spec 7.1: 422 carries detailed validation errors. */
export interface ValidationErrorBody extends ErrorBody {
  errors: ValidationErrorDetail[];
}

/** GitHub's 301 body for a renamed repository. */
export interface MovedBody extends ErrorBody {
  url: string;
}

export interface RateLimitResource {
  limit: number;
  used: number;
  remaining: number;
  /** Unix seconds at which the window's quota is fully restored */
  reset: number;
  resource?: string;
}

/** One entry of `GET /search/issues`: the issue as the list answers it, with its relevance. */
export interface IssueSearchItem extends Issue {
  /** higher is a better match; the same for every entry when the query has no words */
  score: number;
}

/** `GET /search/issues` (GitHub's `search/issues-and-pull-requests`). */
export interface IssueSearchResult {
  /** every issue the query selects, though only the first `MAX_SEARCH_RESULTS` can be paged to */
  total_count: number;
  incomplete_results: boolean;
  items: IssueSearchItem[];
  /** always `lexical` from this service; optional because older GitHub answers lack it */
  search_type?: 'lexical' | 'semantic' | 'hybrid';
}

/** `GET /rate_limit`: the service lists `core` and `search`. */
export interface RateLimitOverview {
  resources: { core: RateLimitResource; [resource: string]: RateLimitResource };
  rate: RateLimitResource;
}
