/**
 * The repository `hostile/markdown`: one issue per payload of the XSS corpus,
 * the payload in every user-written field the service keeps. It goes in
 * through the import path the `import` command uses (the zod import schema,
 * then `SqliteStore.importIssues`), so a field the schema refuses is recorded
 * as refused, and the issue carries a harmless value there instead.
 */
import { importedLabel, importedUser, type ImportedComment, type ImportedIssue } from '../../src/server/store/import-schema';
import { importedCommentList, importedIssueList } from '../../src/server/store/import-schema';
import type { SqliteStore } from '../../src/server/store/sqlite/sqlite-store';
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

export function hostileImport(): { issues: ImportedIssue[]; comments: ImportedComment[] } {
  const issues = hostileIssues().map(({ number, payload, refused }) => ({
    number,
    title: payload.markdown,
    user: { login: refused['user login'] === undefined ? payload.markdown : `xss-author-${number}`, type: 'User' as const },
    labels: [{ name: refused['label name'] === undefined ? payload.markdown : `xss-label-${number}`, color: LABEL_COLOR, description: payload.markdown }],
    state: 'open' as const,
    milestone: { number, title: payload.markdown, state: 'open' as const },
    comments: 1,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    body: `${bodyMarker(payload)}\n\n${payload.markdown}`,
  }));
  const comments = hostileIssues().map(({ number, payload }) => ({
    id: 7_000_000 + number,
    issue_url: `https://api.github.com/repos/${HOSTILE_REPO.owner}/${HOSTILE_REPO.name}/issues/${number}`,
    user: { login: 'xss-commenter', type: 'User' as const },
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    body: `${commentMarker(payload)}\n\n${payload.markdown}`,
  }));
  // Through the same schema `import` applies to a file.
  return { issues: importedIssueList.parse(issues), comments: importedCommentList.parse(comments) };
}

export function importHostileRepository(store: SqliteStore, nowMs: number): void {
  const { issues, comments } = hostileImport();
  store.importIssues({ ...HOSTILE_REPO, makePrivate: false, localAvatars: true, description: 'Every XSS payload of e2e/support/xss-corpus.ts' }, issues, comments, nowMs);
}
