import { describe, expect, it } from 'vitest';
import { editQuery, summarizeQuery } from './query-edit';

describe('the controls edit the query text', () => {
  it('replaces the state where it stands and keeps the words as typed', () => {
    expect(editQuery('is:open  windows "blue screen"', { kind: 'state', value: 'closed' })).toBe('is:closed  windows "blue screen"');
    expect(editQuery('crash state:open', { kind: 'state', value: null })).toBe('crash');
    expect(editQuery('crash', { kind: 'state', value: 'open' })).toBe('crash is:open');
  });

  it('switches issues and pull requests without touching the state', () => {
    expect(editQuery('is:open is:issue crash', { kind: 'type', value: 'pr' })).toBe('is:open is:pr crash');
    expect(editQuery('is:open is:issue crash', { kind: 'type', value: null })).toBe('is:open crash');
  });

  it('adds a label once, quoting a name with spaces, and removes it by name', () => {
    expect(editQuery('crash', { kind: 'label', name: 'good first issue', on: true })).toBe('crash label:"good first issue"');
    expect(editQuery('label:Bug crash', { kind: 'label', name: 'bug', on: true })).toBe('label:Bug crash');
    expect(editQuery('label:bug crash label:ui', { kind: 'label', name: 'bug', on: false })).toBe('crash label:ui');
  });

  it('replaces or removes a person and the sort', () => {
    expect(editQuery('author:alice crash', { kind: 'user', role: 'author', login: 'bob' })).toBe('author:bob crash');
    expect(editQuery('author:alice crash', { kind: 'user', role: 'author', login: null })).toBe('crash');
    expect(editQuery('crash sort:updated-desc', { kind: 'sort', value: { field: 'comments', order: 'asc' } })).toBe('crash sort:comments-asc');
    expect(editQuery('sort:updated-desc crash', { kind: 'sort', value: null })).toBe('crash');
  });

  it('leaves negated and OR-ed qualifiers alone', () => {
    expect(editQuery('-is:closed crash', { kind: 'state', value: 'open' })).toBe('-is:closed crash is:open');
    expect(editQuery('label:bug OR label:ui', { kind: 'label', name: 'bug', on: false })).toBe('label:bug OR label:ui');
  });

  it('groups a query whose top is an OR before adding a condition, so it applies to every alternative', () => {
    expect(editQuery('label:bug OR label:documentation', { kind: 'state', value: 'open' })).toBe('(label:bug OR label:documentation) is:open');
    expect(editQuery('crash label:a OR label:b sort:updated-desc', { kind: 'type', value: 'issue' })).toBe('(crash label:a OR label:b) is:issue sort:updated-desc');
    expect(editQuery('(label:bug OR label:ui)', { kind: 'label', name: 'p1', on: true })).toBe('(label:bug OR label:ui) label:p1');
    expect(editQuery('(label:bug OR label:ui) is:open', { kind: 'state', value: 'closed' })).toBe('(label:bug OR label:ui) is:closed');
    // One qualifier's comma list is one condition, and an OR inside an AND is already grouped.
    expect(editQuery('label:bug,ui', { kind: 'state', value: 'open' })).toBe('label:bug,ui is:open');
    expect(editQuery('crash (label:a OR label:b)', { kind: 'state', value: 'open' })).toBe('crash (label:a OR label:b) is:open');
  });

  it('appends to a query it cannot parse, removing nothing', () => {
    expect(editQuery('is:nonsense', { kind: 'state', value: 'closed' })).toBe('is:nonsense is:closed');
  });

  it('writes the Types menu\'s choice as type:, quoting a name with spaces, and replaces or removes it (issue 47)', () => {
    expect(editQuery('is:open crash', { kind: 'issueType', name: 'Bug' })).toBe('is:open crash type:Bug');
    expect(editQuery('type:Bug is:open', { kind: 'issueType', name: 'Feature request' })).toBe('type:"Feature request" is:open');
    expect(editQuery('is:open type:"Feature request"', { kind: 'issueType', name: null })).toBe('is:open');
    expect(editQuery('is:issue type:Bug', { kind: 'type', value: null })).toBe('type:Bug');
    expect(summarizeQuery('is:open type:"Feature request"').issueType).toBe('Feature request');
    expect(summarizeQuery('is:open type:issue').issueType).toBeNull();
  });

  it('summarises what the controls show', () => {
    expect(summarizeQuery('is:closed is:pr label:bug author:alice sort:created-asc crash')).toEqual({
      state: 'closed',
      type: 'pr',
      labels: ['bug'],
      issueType: null,
      author: 'alice',
      assignee: null,
      mentions: null,
      sort: { field: 'created', order: 'asc' },
    });
  });
});
