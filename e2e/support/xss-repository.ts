/**
 * The repository `hostile/markdown`: one issue per payload of the XSS corpus,
 * the payload in every user-written field the service keeps. It goes in
 * through the import path the `import` command uses (the zod import schema,
 * then `SqliteStorage.importIssues`), so a field the schema refuses is recorded
 * as refused, and the issue carries a harmless value there instead.
 */
import { importedLabel, importedUser, type ImportedComment, type ImportedIssue } from '../../src/server/store/import-schema';
import { importedCommentList, importedIssueList } from '../../src/server/store/import-schema';
import type { SqliteStorage } from '../../src/server/store/sqlite/sqlite-storage';
import { XSS_CORPUS, type XssPayload } from './xss-corpus';

export const HOSTILE_REPO = { owner: 'hostile', name: 'markdown' } as const;

export const PAYLOAD_FIELDS = ['issue body', 'comment body', 'issue title', 'label name', 'label description', 'milestone title', 'user login'] as const;
export type PayloadField = (typeof PAYLOAD_FIELDS)[number];

export interface HostileIssue {
  number: number;
  payload: XssPayload;
  /** the fields whose value the import schema refused, with its reason */
  refused: Partial<Record<PayloadField, string>>;
}

const CREATED_AT = '2026-01-02T03:04:05Z';
const LABEL_COLOR = 'd73a4a';

/** The paragraph each body starts with, so an empty rendering cannot pass. */
export const bodyMarker = (payload: XssPayload): string => `Payload ${payload.id} in the body.`;
export const commentMarker = (payload: XssPayload): string => `Payload ${payload.id} in a comment.`;

function refusal(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'invalid');
}

export function hostileIssues(): HostileIssue[] {
  return XSS_CORPUS.map((payload, index) => {
    const refused: HostileIssue['refused'] = {};
    const login = refusal(importedUser.safeParse({ login: payload.markdown }));
    if (login !== null) refused['user login'] = login;
    const label = refusal(importedLabel.safeParse({ name: payload.markdown, color: LABEL_COLOR }));
    if (label !== null) refused['label name'] = label;
    return { number: index + 1, payload, refused };
  });
}

/**
 * One more issue whose thread holds every payload, one comment each, written by the payload's
 * login where the schema takes it: Chromium checks the whole corpus on one page
 * (e2e/hostile-markdown.spec.ts), each payload still in a Markdown document of its own.
 */
export const EVERY_PAYLOAD_NUMBER = XSS_CORPUS.length + 1;
export const everyPayloadCommentMarker = (payload: XssPayload): string => `Payload ${payload.id} in the thread of every payload.`;
/** the login of the payload's own issue: the payload itself, or a stand-in where the schema refuses it */
export const payloadLogin = ({ number, payload, refused }: HostileIssue): string => (refused['user login'] === undefined ? payload.markdown : `xss-author-${number}`);

export function hostileImport(): { issues: ImportedIssue[]; comments: ImportedComment[] } {
  const hostile = hostileIssues();
  const everyPayload = {
    number: EVERY_PAYLOAD_NUMBER,
    title: 'Every payload of the corpus, one comment each',
    user: { login: 'xss-collector', type: 'User' as const },
    labels: [{ name: 'xss-every-payload', color: LABEL_COLOR }],
    state: 'open' as const,
    comments: hostile.length,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    body: 'Every payload follows, one comment each.',
  };
  const everyPayloadComments = hostile.map((issue) => ({
    id: 8_000_000 + issue.number,
    issue_url: `https://api.github.com/repos/${HOSTILE_REPO.owner}/${HOSTILE_REPO.name}/issues/${EVERY_PAYLOAD_NUMBER}`,
    user: { login: payloadLogin(issue), type: 'User' as const },
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    body: `${everyPayloadCommentMarker(issue.payload)}\n\n${issue.payload.markdown}`,
  }));
  const issues = hostile.map(({ number, payload, refused }) => ({
    number,
    title: payload.markdown,
    user: { login: payloadLogin({ number, payload, refused }), type: 'User' as const },
    labels: [{ name: refused['label name'] === undefined ? payload.markdown : `xss-label-${number}`, color: LABEL_COLOR, description: payload.markdown }],
    state: 'open' as const,
    milestone: { number, title: payload.markdown, state: 'open' as const },
    comments: 1,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    body: `${bodyMarker(payload)}\n\n${payload.markdown}`,
  }));
  const comments = hostile.map(({ number, payload }) => ({
    id: 7_000_000 + number,
    issue_url: `https://api.github.com/repos/${HOSTILE_REPO.owner}/${HOSTILE_REPO.name}/issues/${number}`,
    user: { login: 'xss-commenter', type: 'User' as const },
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    body: `${commentMarker(payload)}\n\n${payload.markdown}`,
  }));
  // Through the same schema `import` applies to a file.
  return { issues: importedIssueList.parse([...issues, everyPayload]), comments: importedCommentList.parse([...comments, ...everyPayloadComments]) };
}

export function importHostileRepository(store: SqliteStorage, nowMs: number): void {
  const { issues, comments } = hostileImport();
  store.importIssues({ ...HOSTILE_REPO, makePrivate: false, localAvatars: true, description: 'Every XSS payload of e2e/support/xss-corpus.ts' }, issues, comments, nowMs);
}
