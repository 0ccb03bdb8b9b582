import { describe, expect, it } from 'vitest';
import { parseRepoCommentParams } from './list-params';

const read = (query: string) => {
  const params = new URLSearchParams(query);
  return (name: string) => params.get(name);
};

describe('parseRepoCommentParams (GET /repos/{owner}/{repo}/issues/comments)', () => {
  it('lists oldest first without sort, ignoring direction, as GitHub does', () => {
    expect(parseRepoCommentParams(read('direction=desc'))).toEqual({
      ok: true,
      value: { page: 1, perPage: 30, since: null, sort: 'created', direction: 'asc' },
    });
  });

  it('sorts by created or updated, newest first unless asked otherwise', () => {
    expect(parseRepoCommentParams(read('sort=updated'))).toMatchObject({ value: { sort: 'updated', direction: 'desc' } });
    expect(parseRepoCommentParams(read('sort=created&direction=asc'))).toMatchObject({ value: { sort: 'created', direction: 'asc' } });
    expect(parseRepoCommentParams(read('sort=popularity&direction=desc'))).toMatchObject({ value: { sort: 'created', direction: 'asc' } });
  });

  it('takes since as the issue list does, and answers an invalid one with the 422 detail', () => {
    expect(parseRepoCommentParams(read('since=2024-05-01T14:00:00%2B02:00'))).toMatchObject({ value: { since: '2024-05-01T12:00:00Z' } });
    expect(parseRepoCommentParams(read('since=yesterday'))).toEqual({
      ok: false,
      errors: [{ resource: 'IssueComment', field: 'since', code: 'invalid', value: 'yesterday' }],
    });
  });
});
