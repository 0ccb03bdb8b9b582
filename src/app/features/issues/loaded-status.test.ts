import { describe, expect, it } from 'vitest';
import { makeIssue } from '../../../../test-support/app/fake-api';
import { loadedKinds, loadedStatus } from './loaded-status';

const pull = { url: '', html_url: '', diff_url: '', patch_url: '', merged_at: null };

describe('what the continuous list says it has loaded', () => {
  it('counts issues and pull requests apart, naming only the kinds it has', () => {
    const rows = [makeIssue(1), makeIssue(2), makeIssue(3, { pull_request: pull })];
    expect(loadedKinds(rows)).toEqual({ issues: 2, pulls: 1 });
    expect(loadedStatus({ issues: 1200, pulls: 405 }, false)).toBe('Loaded 1,200 issues and 405 pull requests');
    expect(loadedStatus({ issues: 1, pulls: 1 }, true)).toBe('Loaded 1 issue and 1 pull request, all of them');
    expect(loadedStatus({ issues: 40, pulls: 0 }, false)).toBe('Loaded 40 issues');
    expect(loadedStatus({ issues: 0, pulls: 7 }, true)).toBe('Loaded 7 pull requests, all of them');
  });
});
