import { describe, expect, it } from 'vitest';
import type { IssueRow } from '../import-rows';
import { encodeIssues, wellFormed } from './import-encoding';
import { searchDocumentBytes } from './search-document';

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
    reactions: 0,
    mergedAt: null,
    locked: false,
    draft: false,
    stateReason: null,
    reactionKinds: { '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0 },
    typeName: null,
    search: { title: 'Rocket launch', body: '', comments: '' },
    doc: '{"title":"Rocket launch","body":"say \\"hi\\"\\n"}',
    ...overrides,
  };
}

/** The rows of a binary COPY stream, read back (int8 as numbers, text as strings). */
function copiedRows(stream: Buffer | null, types: ReadonlyArray<'int8' | 'text'>): Array<Array<number | string>> {
  if (stream === null) return [];
  const rows: Array<Array<number | string>> = [];
  let at = 19;
  for (let fields = stream.readInt16BE(at); fields !== -1; fields = stream.readInt16BE(at)) {
    at += 2;
    expect(fields).toBe(types.length);
    const row = types.map((type) => {
      const length = stream.readInt32BE(at);
      const value = type === 'int8' ? Number(stream.readBigInt64BE(at + 4)) : stream.toString('utf8', at + 4, at + 4 + length);
      at += 4 + length;
      return value;
    });
    rows.push(row);
  }
  return rows;
}

describe('wellFormed', () => {
  it('turns a lone surrogate into U+FFFD, as sending the text as UTF-8 would, and keeps pairs', () => {
    expect(wellFormed('a\ud800b 🚀')).toBe(`a\ufffdb 🚀`);
    expect(wellFormed('a\ud800b 🚀')).toBe(Buffer.from('a\ud800b 🚀').toString('utf8'));
    expect(wellFormed(null)).toBeNull();
  });
});

describe('encodeIssues', () => {
  it('sends new issues by COPY and those stored before as JSON rows, documents given as bytes included', () => {
    const doc = '{"title":"Größe 🚀","body":"tab\\t and \\\\ backslash"}';
    const encoded = encodeIssues(9, [issueRow(1), issueRow(2, { doc: new TextEncoder().encode(doc), milestoneTitle: 'v1\ud800', isPullRequest: true })], new Set([2]));
    expect(encoded.fresh?.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect(encoded.fresh?.includes(Buffer.from(issueRow(1).doc as string))).toBe(true);
    const rows = JSON.parse(encoded.againRows ?? 'null') as Array<Record<string, unknown>>;
    expect(rows).toEqual([expect.objectContaining({ n: 2, d: doc, mt: 'v1\ufffd', p: 1, cl: null })]);
    expect(encoded.again).toEqual([2]);
  });

  it('sends the rows hanging off every issue of the batch by COPY, each key once, and nothing for a table without rows', () => {
    const encoded = encodeIssues(
      9,
      [issueRow(1, { labelIds: [7, 8, 7], assignees: ['hubot', 'Hubot', 'octocat'], references: [3, 3] }), issueRow(2, { labelIds: [], assignees: [] })],
      new Set([2]),
    );
    expect(copiedRows(encoded.links.issue_labels, ['int8', 'int8', 'int8'])).toEqual([[9, 7, 1], [9, 8, 1]]);
    expect(copiedRows(encoded.links.issue_assignees, ['int8', 'text', 'int8'])).toEqual([[9, 'hubot', 1], [9, 'octocat', 1]]);
    expect(copiedRows(encoded.links.issue_references, ['int8', 'int8', 'int8', 'int8', 'text'])).toEqual([[9, 3, 1, 0, '2024-01-01T00:00:00Z']]);
    const bare = encodeIssues(9, [issueRow(2, { labelIds: [], assignees: [] })], new Set());
    expect(bare.links).toEqual({ issue_labels: null, issue_assignees: null, issue_references: null });
  });

  it('writes search rows only for issues not stored before, by binary COPY', () => {
    const encoded = encodeIssues(9, [issueRow(1), issueRow(2)], new Set([2]));
    const document = Buffer.from(searchDocumentBytes(issueRow(1).search));
    // signature, flags, extension; then 3 fields: int8 9, int8 1, the document's bytes; then the trailer
    const row = Buffer.concat([Buffer.from([0, 3, 0, 0, 0, 8]), Buffer.alloc(7), Buffer.from([9, 0, 0, 0, 8]), Buffer.alloc(7), Buffer.from([1])]);
    const length = Buffer.alloc(4);
    length.writeInt32BE(document.length);
    expect(encoded.searchText?.subarray(19)).toEqual(Buffer.concat([row, length, document, Buffer.from([0xff, 0xff])]));
    const stored = encodeIssues(9, [issueRow(2)], new Set([2]));
    expect(stored.searchText).toBeNull();
    expect(stored.fresh).toBeNull();
  });
});
