/**
 * The filter bar's Author and Assignee menus: pick one person (`author:LOGIN`,
 * `assignee:LOGIN`), as github.com's filter bar has them. Their contents are a lazy chunk
 * (./person-menu-body), fetched when a menu first opens or its button is reached.
 */
import { lazy, Suspense, useState } from 'react';
import { PersonIcon } from '../../components/icons';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { Menu, MenuLoading, type EditQuery } from './filter-controls';

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
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      label={role === 'author' ? 'Author' : 'Assignee'}
      icon={<PersonIcon size={16} aria-hidden="true" />}
      count={selected !== null || none ? 1 : 0}
      onPrepare={() => void loadBody()}
      onToggle={(isOpen) => {
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      {opened ? (
        <Suspense fallback={<MenuLoading />}>
          <PersonMenuBody owner={owner} repo={repo} role={role} open={open} selected={selected} none={none} onEdit={onEdit} />
        </Suspense>
      ) : null}
    </Menu>
  );
}
