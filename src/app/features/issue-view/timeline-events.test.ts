import { describe, expect, it } from 'vitest';
import { makeIssue, makeUser } from '../../../../test-support/app/fake-api';
import { commentEvent, commitEvent, crossReferencedEvent, everyOtherEventType, labelEvent, stateEvent } from '../../../../test-support/app/fake-timeline';
import { groupLabelChanges, readTimelineEvents, withoutMergeCloses } from './timeline-events';

describe('readTimelineEvents', () => {
  it('keeps the events the view shows, in order', () => {
    const items = [labelEvent(1, 'labeled', 'bug', 'd73a4a'), commentEvent(2, 'hi'), crossReferencedEvent(makeIssue(3)), stateEvent(4, 'closed')];
    expect(readTimelineEvents(items)).toEqual(items);
  });

  it('reads an item of a type it does not describe, or one lacking what its line says, as a plain event of that type', () => {
    const at = '2024-05-03T12:00:00Z';
    const items = [
      { event: 'pinned', id: 1, created_at: at, actor: makeUser('carol') },
      { event: 'labeled', id: 2, created_at: at, actor: null },
      { event: 'renamed', id: 3, created_at: at, rename: { from: 'a' } },
      { event: 'cross-referenced', created_at: at, source: { type: 'issue' } },
      { event: 'commented', created_at: at },
      { event: 'closed', id: 4 },
      { event: 'toString', created_at: at },
    ];
    expect(readTimelineEvents(items as never)).toEqual([
      { event: 'other', type: 'pinned', id: 1, actor: makeUser('carol'), created_at: at },
      { event: 'other', type: 'labeled', id: 2, actor: null, created_at: at },
      { event: 'other', type: 'renamed', id: 3, actor: undefined, created_at: at },
      { event: 'other', type: 'cross-referenced', actor: undefined, created_at: at },
      { event: 'other', type: 'commented', actor: undefined, created_at: at },
      { event: 'other', type: 'closed', id: 4, actor: undefined, created_at: null },
      { event: 'other', type: 'toString', actor: undefined, created_at: at },
    ]);
  });

  it('skips only what is no event at all', () => {
    expect(readTimelineEvents([null, 'closed', [], { id: 1 }, { event: '' }, { event: 3 }] as never)).toEqual([]);
  });

  it('reads a commit, a review and comments on code, which GitHub sends without actor or created_at, from their own fields', () => {
    const { items } = everyOtherEventType();
    const [committed, reviewed, lineCommented] = readTimelineEvents(items.filter((item) => ['committed', 'reviewed', 'line-commented'].includes((item as { event: string }).event)) as never);
    expect(committed).toEqual({ event: 'committed', sha: 'abcdef1234567890', message: 'Fix the fuel valve\n\nLonger text', author_name: 'Dana Dev', created_at: '2024-05-03T12:00:00Z' });
    expect(reviewed).toEqual({ event: 'reviewed', id: 410, state: 'APPROVED', actor: makeUser('erin'), created_at: '2024-05-03T12:00:00Z' });
    expect(lineCommented).toEqual({ event: 'line-commented', actor: makeUser('erin'), created_at: '2024-05-03T12:00:00Z', count: 2, path: 'src/valve.ts', commit_id: null });
  });
});

describe('withoutMergeCloses', () => {
  it('leaves out the close recorded with a merge, as GitHub’s page does, and keeps any other close', () => {
    const merged = commitEvent(1, 'merged', 'abc');
    const closedWithIt = stateEvent(2, 'closed', makeUser('carol'));
    const reopened = { ...stateEvent(3, 'reopened'), created_at: '2024-05-04T12:00:00Z' };
    const closedLater = { ...stateEvent(4, 'closed'), created_at: '2024-05-05T12:00:00Z' };
    expect(withoutMergeCloses([closedWithIt, merged, reopened, closedLater])).toEqual([merged, reopened, closedLater]);
  });
});

describe('groupLabelChanges', () => {
  const at = (iso: string) => ({ created_at: iso });
  const mona = makeUser('mona');
  const bug = { ...labelEvent(1, 'labeled', 'bug', 'd73a4a', mona), ...at('2024-05-03T12:00:00Z') };
  const enhancement = { ...labelEvent(2, 'labeled', 'enhancement', 'a2eeef', mona), ...at('2024-05-03T12:00:20Z') };
  const wontfix = { ...labelEvent(3, 'unlabeled', 'wontfix', 'ffffff', mona), ...at('2024-05-03T12:01:00Z') };

  it('makes one actor’s label changes within a minute one entry, what was added and what was removed, from the first one’s time', () => {
    expect(groupLabelChanges([bug, enhancement, wontfix])).toEqual([
      {
        event: 'label-changes',
        id: 1,
        actor: mona,
        created_at: '2024-05-03T12:00:00Z',
        added: [bug.label, enhancement.label],
        removed: [wontfix.label],
      },
    ]);
  });

  it('keeps a lone label event an entry of its own, and leaves every other event as it is', () => {
    const comment = commentEvent(4, 'hi');
    const closed = stateEvent(5, 'closed');
    expect(groupLabelChanges([comment, bug, closed])).toEqual([
      comment,
      { event: 'label-changes', id: 1, actor: mona, created_at: bug.created_at, added: [bug.label], removed: [] },
      closed,
    ]);
  });

  it('starts a new entry for another actor and for anything in between', () => {
    const byCarol = { ...labelEvent(6, 'labeled', 'ui', 'ededed'), ...at('2024-05-03T12:00:10Z') };
    const afterComment = { ...labelEvent(7, 'unlabeled', 'bug', 'd73a4a', mona), ...at('2024-05-03T12:00:30Z') };
    const entries = groupLabelChanges([bug, byCarol, commentEvent(9, 'hi', 'mona'), afterComment]);
    expect(entries.map((entry) => [entry.event, 'id' in entry ? entry.id : null])).toEqual([
      ['label-changes', 1],
      ['label-changes', 6],
      ['commented', 9],
      ['label-changes', 7],
    ]);
  });

  it('keeps a line to a minute from its first change, however close each change is to the one before', () => {
    const fiftySecondsOn = { ...labelEvent(10, 'labeled', 'ui', 'ededed', mona), ...at('2024-05-03T12:00:50Z') };
    const seventySecondsOn = { ...labelEvent(11, 'labeled', 'docs', '0075ca', mona), ...at('2024-05-03T12:01:10Z') };
    const entries = groupLabelChanges([bug, fiftySecondsOn, seventySecondsOn]);
    expect(entries).toEqual([
      expect.objectContaining({ id: 1, added: [bug.label, fiftySecondsOn.label] }),
      expect.objectContaining({ id: 11, added: [seventySecondsOn.label] }),
    ]);
  });
});
