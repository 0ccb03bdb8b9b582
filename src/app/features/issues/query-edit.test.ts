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

  it('keeps repo:, org: and user: outside the group it adds, where GitHub allows them', () => {
    expect(editQuery('repo:acme/widgets bug OR crash', { kind: 'state', value: 'open' })).toBe('repo:acme/widgets (bug OR crash) is:open');
    expect(editQuery('bug OR crash org:acme sort:updated-desc', { kind: 'type', value: 'issue' })).toBe('org:acme (bug OR crash) is:issue sort:updated-desc');
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
      milestone: null,
      noMilestone: false,
      noAssignee: false,
      sort: { field: 'created', order: 'asc' },
    });
    expect(summarizeQuery('milestone:"v1.0 beta" is:open').milestone).toBe('v1.0 beta');
  });

  it("writes the milestone menu's choice quoted, in place of the one there, or removes it", () => {
    expect(editQuery('is:open crash', { kind: 'milestone', title: 'v1.0' })).toBe('is:open crash milestone:"v1.0"');
    expect(editQuery('milestone:"v1.0" is:open', { kind: 'milestone', title: 'Launch day' })).toBe('milestone:"Launch day" is:open');
    expect(editQuery('is:open milestone:v1.0 crash', { kind: 'milestone', title: null })).toBe('is:open crash');
    expect(editQuery('is:open no:milestone', { kind: 'milestone', title: 'v1.0' })).toBe('is:open milestone:"v1.0"');
  });

  it('writes "no milestone" and "assigned to nobody" in place of a milestone or an assignee, and the other way round', () => {
    expect(editQuery('is:open milestone:"v1.0" crash', { kind: 'missing', field: 'milestone', on: true })).toBe('is:open no:milestone crash');
    expect(editQuery('is:open assignee:carol', { kind: 'missing', field: 'assignee', on: true })).toBe('is:open no:assignee');
    expect(editQuery('is:open no:assignee', { kind: 'user', role: 'assignee', login: 'carol' })).toBe('is:open assignee:carol');
    expect(editQuery('is:open no:assignee no:milestone', { kind: 'missing', field: 'assignee', on: false })).toBe('is:open no:milestone');
    expect(summarizeQuery('is:open no:assignee no:label')).toMatchObject({ noAssignee: true, noMilestone: false });
  });
});
