import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../../shared/search-query';
import { rewriteLegacyParams } from '../../lib/legacy-query';
import { listPath } from '../../app-paths';
import { assigneeListPath, authorListPath, labelListPath, milestoneListPath } from './filtered-list-paths';

/** The `q` a list address carries. */
function queryOf(path: string): string | null {
  return new URL(path, 'http://app.test').searchParams.get('q');
}

/** Where the list's one-time rewrite sends an old list address. */
function rewritten(oldSearch: string): string {
  return listPath('acme', 'rocket', rewriteLegacyParams(new URLSearchParams(oldSearch)));
}

describe('the list filtered to a person, a label or a milestone', () => {
  it('leads a person to what they opened, in any state', () => {
    expect(authorListPath('acme', 'rocket', 'octo')).toBe('/acme/rocket/issues?q=author%3Aocto');
  });

  it('leads an assignee to everything assigned to them, in any state', () => {
    expect(assigneeListPath('acme', 'rocket', 'octo')).toBe('/acme/rocket/issues?q=assignee%3Aocto');
  });

  it('leads a label to the open entries carrying it, quoting a name with spaces', () => {
    expect(labelListPath('acme', 'rocket', 'bug')).toBe('/acme/rocket/issues?q=is%3Aopen+label%3Abug');
    expect(queryOf(labelListPath('acme', 'rocket', 'good first issue'))).toBe('is:open label:"good first issue"');
  });

  it('leads a milestone to everything in it by its title, quoting a title with spaces', () => {
    expect(milestoneListPath('acme', 'rocket', 'v2.0')).toBe('/acme/rocket/issues?q=milestone%3Av2.0');
    expect(queryOf(milestoneListPath('acme', 'rocket', 'Q3 launch'))).toBe('milestone:"Q3 launch"');
  });

  it('writes a query that names the very label or milestone again', () => {
    const names = ['good first issue', '-wip', 'area(ui)', '5"x7"', 'type: bug'];
    for (const name of names) {
      const label = parseSearchQuery(queryOf(labelListPath('acme', 'rocket', name)) ?? '', { advanced: false });
      expect(label).toMatchObject({ ok: true, query: { where: { kind: 'and', operands: [{ kind: 'state', value: 'open' }, { kind: 'label', name }] } } });
      const milestone = parseSearchQuery(queryOf(milestoneListPath('acme', 'rocket', name)) ?? '', { advanced: false });
      expect(milestone).toMatchObject({ ok: true, query: { where: { kind: 'milestone', title: name } } });
    }
  });

  it('is the address the list would have rewritten the old link to, so a click costs no redirect', () => {
    for (const login of ['octo', 'dependabot[bot]', 'mona-lisa']) {
      expect(assigneeListPath('acme', 'rocket', login)).toBe(rewritten(new URLSearchParams({ assignee: login, state: 'all' }).toString()));
    }
    for (const name of ['bug', 'good first issue', '-wip', 'area(ui)', 'type: bug']) {
      expect(labelListPath('acme', 'rocket', name)).toBe(rewritten(new URLSearchParams({ labels: name }).toString()));
    }
    for (const title of ['v2.0', 'Q3 launch', '5"x7"', '-1 backlog']) {
      expect(milestoneListPath('acme', 'rocket', title)).toBe(rewritten(new URLSearchParams({ milestone: title, state: 'all' }).toString()));
    }
  });

  it('reads a milestone titled "none" as that milestone, where the old address meant "no milestone"', () => {
    expect(queryOf(milestoneListPath('acme', 'rocket', 'none'))).toBe('milestone:none');
    expect(queryOf(rewritten('milestone=none&state=all'))).toBe('no:milestone');
  });
});
