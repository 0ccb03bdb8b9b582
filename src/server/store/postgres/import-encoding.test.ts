import { describe, expect, it } from 'vitest';
import type { IssueRow } from '../import-rows';
import { encodeIssues, wellFormed } from './import-encoding';

function issueRow(number: number, overrides: Partial<IssueRow> = {}): IssueRow {
  return {
    number,
    state: 'open',
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-02T00:00:00Z',
    comments: 0,
    creator: 'octocat',
    milestone: null,
    assigneeCount: 1,
    labelIds: [7],
    assignees: ['hubot'],
    mentions: [],
    references: [],
    isPullRequest: false,
    closedAt: null,
    milestoneTitle: null,
    search: { title: 'Rocket launch', body: '', comments: '' },
    doc: '{"title":"Rocket launch","body":"say \\"hi\\"\\n"}',
    ...overrides,
  };
}

describe('wellFormed', () => {
  it('turns a lone surrogate into U+FFFD, as sending the text as UTF-8 would, and keeps pairs', () => {
    expect(wellFormed('a\ud800b 🚀')).toBe(`a\ufffdb 🚀`);
    expect(wellFormed('a\ud800b 🚀')).toBe(Buffer.from('a\ud800b 🚀').toString('utf8'));
    expect(wellFormed(null)).toBeNull();
  });
});

describe('encodeIssues', () => {
  it('gives the rows back unchanged through JSON, documents given as bytes included', () => {
    const doc = '{"title":"Größe 🚀","body":"tab\\t and \\\\ backslash"}';
    const encoded = encodeIssues([issueRow(1), issueRow(2, { doc: new TextEncoder().encode(doc), milestoneTitle: 'v1\ud800', isPullRequest: true })], new Set());
    const rows = JSON.parse(encoded.rows) as Array<Record<string, unknown>>;
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
    expect(rows[0]?.d).toBe(issueRow(1).doc);
    expect(rows[1]).toMatchObject({ d: doc, mt: 'v1\ufffd', p: 1, cl: null });
    expect(encoded.labelPairs).toEqual({ ids: [7, 7], numbers: [1, 2] });
    expect(encoded.assigneePairs).toEqual({ logins: ['hubot', 'hubot'], numbers: [1, 2] });
  });

  it('writes search text only for issues not stored before, and names those stored for replacing', () => {
    const encoded = encodeIssues([issueRow(1), issueRow(2)], new Set([2]));
    expect(encoded.again).toEqual([2]);
    expect(JSON.parse(encoded.searchText ?? 'null')).toEqual([{ n: 1, d: "'rocket':1A 'launch':2A" }]);
    expect(encodeIssues([issueRow(2)], new Set([2])).searchText).toBeNull();
  });
});
