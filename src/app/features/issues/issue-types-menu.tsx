/**
 * The Types menu beside Labels (issue 47): the repository's issue types, from
 * `GET /repos/{o}/{r}/issue-types`; choosing one writes `type:NAME` into the query, choosing it
 * again takes it out. Its contents are a lazy chunk, as the other menus' are.
 */
import { lazy, Suspense, useState } from 'react';
import { IssueTracksIcon } from '../../components/icons';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { Menu } from './filter-controls';
import type { EditQuery } from './query-edit';

const loadBody = () => import('./issue-types-menu-body');
const IssueTypesMenuBody = lazy(async () => ({ default: (await importOutlastingOutage(loadBody)).IssueTypesMenuBody }));

export function IssueTypesMenu({ owner, repo, selected, onEdit }: { owner: string; repo: string; selected: string | null; onEdit: EditQuery }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      label="Types"
      icon={<IssueTracksIcon size={16} aria-hidden="true" />}
      count={selected === null ? 0 : 1}
      onPrepare={() => void loadBody()}
      onToggle={(isOpen) => {
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      {opened ? (
        <Suspense fallback={<p className="p-3 text-fg-muted">Loading…</p>}>
          <IssueTypesMenuBody owner={owner} repo={repo} open={open} selected={selected} onEdit={onEdit} />
        </Suspense>
      ) : null}
    </Menu>
  );
}
