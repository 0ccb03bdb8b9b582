/**
 * The filter bar's Author and Assignee menus: pick one person (`author:LOGIN`,
 * `assignee:LOGIN`), or nobody (`no:assignee`), as github.com's filter bar has them. Their
 * contents are a lazy chunk (./person-menu-body).
 */
import { lazy } from 'react';
import { PersonIcon } from '../../components/icons';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import type { EditQuery } from './query-edit';
import { LazyMenu } from './lazy-menu';

const loadBody = () => import('./person-menu-body');
const PersonMenuBody = lazy(async () => ({ default: (await importOutlastingOutage(loadBody)).PersonMenuBody }));

/** `selected`: the login of `author:` or `assignee:` in the query; `none` (assignees only): `no:assignee` is. */
export function PersonMenu({ owner, repo, role, selected, none = false, onEdit }: {
  owner: string;
  repo: string;
  role: 'author' | 'assignee';
  selected: string | null;
  none?: boolean;
  onEdit: EditQuery;
}) {
  return (
    <LazyMenu label={role === 'author' ? 'Author' : 'Assignee'} icon={<PersonIcon size={16} aria-hidden="true" />} count={selected !== null || none ? 1 : 0} load={loadBody}>
      {(open) => <PersonMenuBody owner={owner} repo={repo} role={role} open={open} selected={selected} none={none} onEdit={onEdit} />}
    </LazyMenu>
  );
}
