import { describe, expect, it } from 'vitest';
import { makeIssue, makeUser } from '../../testing/fake-api';
import { commentEvent, commitEvent, crossReferencedEvent, labelEvent, stateEvent } from '../../testing/fake-timeline';
import { readTimelineEvents, withoutMergeCloses } from './timeline-events';

describe('readTimelineEvents', () => {
  it('keeps the events the view shows, in order', () => {
    const items = [labelEvent(1, 'labeled', 'bug', 'd73a4a'), commentEvent(2, 'hi'), crossReferencedEvent(makeIssue(3)), stateEvent(4, 'closed')];
    expect(readTimelineEvents(items)).toEqual(items);
  });

  it('skips event types it does not show and items that lack what their line says', () => {
    const items = [
      { event: 'added_to_project', id: 1, created_at: '2024-05-03T12:00:00Z' },
      { event: 'labeled', id: 2, created_at: '2024-05-03T12:00:00Z' },
      { event: 'renamed', id: 3, created_at: '2024-05-03T12:00:00Z', rename: { from: 'a' } },
      { event: 'cross-referenced', created_at: '2024-05-03T12:00:00Z', source: { type: 'issue' } },
      { event: 'commented', created_at: '2024-05-03T12:00:00Z' },
      { event: 'closed', id: 4 },
      { event: 'toString', created_at: '2024-05-03T12:00:00Z' },
      null,
      'closed',
      [],
    ];
    expect(readTimelineEvents(items as never)).toEqual([]);
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
