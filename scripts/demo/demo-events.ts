/**
 * The demo's issue events, as `GET /repos/o/r/issues/events` returns them, told from what the
 * generated issues already say: who labelled and assigned them, which milestone took them, a
 * title tidied after opening, who closed them (the author of the closing comment when there
 * is one, a maintainer otherwise), merged pull requests with their commit, reopened and locked
 * issues. Deterministic like the rest of the demo (same seed, same events).
 */
import type { Issue, IssueComment } from '../../src/shared/wire-types';
import type { ImportedEvent, ImportedUser } from '../../src/server/store/import-schema';
import { DAY_MS, HOUR_MS, MINUTE_MS, toWireTimestamp } from './demo-clock';
import { LATEST_EVENT_MS } from './generator/entry-record';
import { createPrng, type Prng } from '../../src/shared/prng';

/** Far above the generator's comment ids (2,000,000,000 + …) and label ids. */
const EVENT_ID_BASE = 7_000_000_000;
const EVENTS_PER_REPOSITORY = 100_000_000;

export interface HistoryInput {
  /** 0..7: keeps ids unique across the demo's repositories */
  index: number;
  issues: readonly Issue[];
  comments: readonly IssueComment[];
  /** the maintainers who triage, label, assign, close and merge */
  team: readonly string[];
  user: (login: string) => ImportedUser;
  seed: string;
}

export function demoEvents(input: HistoryInput): ImportedEvent[] {
  const events: ImportedEvent[] = [];
  let nextId = EVENT_ID_BASE + input.index * EVENTS_PER_REPOSITORY;
  const lastComment = new Map<number, IssueComment>();
  for (const comment of input.comments) {
    const n = Number(/\/issues\/(\d+)$/.exec(comment.issue_url)?.[1]);
    const seen = lastComment.get(n);
    if (!seen || seen.created_at <= comment.created_at) lastComment.set(n, comment);
  }
  const labels = new Map<string, { name: string; color: string }>();
  for (const issue of input.issues) for (const label of issue.labels) labels.set(label.name, { name: label.name, color: label.color });
  for (const issue of input.issues) {
    const rng = createPrng(`${input.seed}/events/${issue.number}`);
    const story = new IssueStory(issue, rng, input, [...labels.values()], () => nextId++);
    story.tell(lastComment.get(issue.number) ?? null);
    events.push(...story.events);
  }
  return events;
}

class IssueStory {
  readonly events: ImportedEvent[] = [];
  private readonly createdMs: number;
  /** triage (labels, assignees, milestones) happens before an issue is closed */
  private readonly triageEndMs: number;

  constructor(
    private readonly issue: Issue,
    private readonly rng: Prng,
    private readonly input: HistoryInput,
    /** the labels the repository's issues use */
    private readonly labels: ReadonlyArray<{ name: string; color: string }>,
    private readonly newId: () => number,
  ) {
    this.createdMs = Date.parse(issue.created_at);
    this.triageEndMs = issue.closed_at ? Date.parse(issue.closed_at) : LATEST_EVENT_MS;
  }

  tell(lastComment: IssueComment | null): void {
    const { issue, rng } = this;
    const author = issue.user.login;
    const triager = this.maintainer(author);
    if (rng.chance(0.06) && issue.title.length > 12) {
      const from = issue.title.slice(0, Math.max(8, Math.floor(issue.title.length * 0.6))).toLowerCase();
      this.add('renamed', author, this.createdMs + rng.int(2, 40) * MINUTE_MS, { rename: { from, to: issue.title } });
    }
    for (const label of issue.labels) {
      const by = rng.chance(0.25) ? author : triager;
      this.add('labeled', by, this.createdMs + rng.int(1, 90) * MINUTE_MS, { label: { name: label.name, color: label.color } });
    }
    const others = this.labels.filter((l) => !issue.labels.some((own) => own.name === l.name));
    if (issue.labels.length > 0 && others.length > 0 && rng.chance(0.1)) {
      // Triage first guessed another label, then took it off.
      const guess = rng.pick(others);
      const at = this.createdMs + rng.int(1, 30) * MINUTE_MS;
      this.add('labeled', triager, at, { label: guess });
      this.add('unlabeled', triager, at + rng.int(1, 48) * HOUR_MS, { label: guess });
    }
    for (const assignee of issue.assignees) {
      this.add('assigned', triager, this.createdMs + rng.int(1, 72) * HOUR_MS, { assignee: this.input.user(assignee.login), assigner: this.input.user(triager) });
    }
    if (issue.milestone) {
      this.add('milestoned', triager, this.createdMs + rng.int(2, 14 * 24) * HOUR_MS, { milestone: { title: issue.milestone.title } });
    }
    if (issue.state === 'open' && issue.state_reason === 'reopened') {
      const closedMs = this.createdMs + rng.int(1, 10) * DAY_MS;
      this.add('closed', this.maintainer(author), closedMs, { state_reason: 'completed' });
      this.add('reopened', rng.chance(0.5) ? author : this.maintainer(author), closedMs + rng.int(1, 20) * DAY_MS, {});
    }
    if (issue.closed_at) this.tellClosing(lastComment);
    if (issue.locked) {
      const at = Math.max(Date.parse(issue.updated_at), issue.closed_at ? Date.parse(issue.closed_at) : this.createdMs);
      this.add('locked', this.maintainer(author), at, { lock_reason: issue.active_lock_reason ?? null }, LATEST_EVENT_MS);
    }
  }

  private tellClosing(lastComment: IssueComment | null): void {
    const { issue, rng } = this;
    const closedMs = Date.parse(issue.closed_at ?? issue.updated_at);
    const mergedAt = issue.pull_request?.merged_at;
    // The closing comment is written at the moment of closing (generator/comment-planner.ts).
    const closer = lastComment && lastComment.created_at === issue.closed_at ? lastComment.user.login : this.maintainer(issue.user.login);
    if (mergedAt) {
      const commit = rng.hex(40);
      this.add('merged', closer, closedMs, { commit_id: commit });
      this.add('closed', closer, closedMs, { commit_id: commit });
      return;
    }
    const viaCommit = !issue.pull_request && issue.state_reason === 'completed' && rng.chance(0.2);
    this.add('closed', closer, closedMs, {
      state_reason: issue.pull_request ? null : issue.state_reason,
      ...(viaCommit ? { commit_id: rng.hex(40) } : {}),
    });
  }

  /** A maintainer other than `except` where there is one. */
  private maintainer(except: string): string {
    const others = this.input.team.filter((login) => login !== except);
    return this.rng.pick(others.length > 0 ? others : this.input.team);
  }

  private add(event: string, actor: string, ms: number, fields: Partial<ImportedEvent>, latestMs = this.triageEndMs): void {
    const at = Math.min(Math.max(ms, this.createdMs), Math.max(latestMs, this.createdMs));
    this.events.push({
      id: this.newId(),
      actor: this.input.user(actor),
      event,
      commit_id: null,
      created_at: toWireTimestamp(Math.floor(at / 1000) * 1000),
      issue: { number: this.issue.number },
      ...fields,
    });
  }
}
