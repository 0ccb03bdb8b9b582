// The other issue of a sub-issue or parent event (issue 47): read from GitHub's reference or a
// whole issue, and shown only where the rule of docs/api.md allows.
import { describe, expect, it } from 'vitest';
import { buildIssueReference } from './build-issue-reference';
import { renderDocuments } from './issue-document';

const HOME = 'https://api.github.com/repos/octo/plans';
const options = { localAvatars: true };
const rendered = (value: unknown) =>
  JSON.parse(renderDocuments(JSON.stringify(value), { api: 'http://svc.test/api', web: 'http://svc.test', repoPath: 'acme/plans' })) as Record<string, unknown>;

describe('the other issue of a sub-issue or parent event', () => {
  it("reads a whole issue of the event's own repository by its repository_url, its type from `type`", () => {
    const ref = buildIssueReference(
      { number: 4, title: 'Fins', state: 'closed', state_reason: 'completed', repository_url: HOME, type: { id: 9, name: 'Task', color: 'yellow' } },
      HOME,
      options,
    );
    expect(ref).toMatchObject({ number: 4, title: 'Fins', state: 'closed', state_reason: 'completed', issue_type: { id: 9, name: 'Task', color: 'yellow' } });
    // Its own repository's URLs follow the repository here, whatever it is called.
    expect(rendered(ref?.repository)).toMatchObject({ full_name: 'octo/plans', url: 'http://svc.test/api/repos/acme/plans', html_url: 'http://svc.test/acme/plans/issues' });
  });

  it('takes a reference without a repository as one of the event\'s own', () => {
    expect(buildIssueReference({ number: 2, title: 'Pad', state: 'open' }, HOME, options)?.repository.full_name).toBe('octo/plans');
    expect(buildIssueReference({ number: 2, title: 'Pad', state: 'open' }, undefined, options)).toBeNull();
  });

  it("shows another repository's issue only when GitHub says that repository is public", () => {
    const other = { number: 3, title: 'Guide', state: 'open' as const };
    expect(buildIssueReference({ ...other, repository: { full_name: 'octo/docs', private: false } }, HOME, options)?.repository).toMatchObject({ full_name: 'octo/docs', private: false });
    expect(buildIssueReference({ ...other, repository: { full_name: 'octo/docs', private: true } }, HOME, options)).toBeNull();
    expect(buildIssueReference({ ...other, repository_url: 'https://api.github.com/repos/octo/docs' }, HOME, options)).toBeNull();
    // Its URLs name it, not the repository the answer is rendered for.
    expect(rendered(buildIssueReference({ ...other, repository: { full_name: 'octo/docs', private: false } }, HOME, options)?.repository)).toMatchObject({ url: 'http://svc.test/api/repos/octo/docs' });
  });
});
