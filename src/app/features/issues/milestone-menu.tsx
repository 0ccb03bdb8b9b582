/**
 * The filter bar's Milestones menu: pick one (`milestone:"Title"`), as github.com's filter bar
 * has it. Its contents are a lazy chunk (./milestone-menu-body), fetched when the menu first
 * opens or its button is reached.
 */
import { lazy, Suspense, useState } from 'react';
import { MilestoneIcon } from '../../components/icons';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import { Menu, MenuLoading, type EditQuery } from './filter-controls';

const loadBody = () => import('./milestone-menu-body');
const MilestoneMenuBody = lazy(async () => ({ default: (await importOutlastingOutage(loadBody)).MilestoneMenuBody }));

/** `selected`: the title of `milestone:` in the query; `none`: `no:milestone` is. */
export function MilestoneMenu({ owner, repo, selected, none, onEdit }: { owner: string; repo: string; selected: string | null; none: boolean; onEdit: EditQuery }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <Menu
      label="Milestones"
      icon={<MilestoneIcon size={16} aria-hidden="true" />}
      count={selected !== null || none ? 1 : 0}
      onPrepare={() => void loadBody()}
      onToggle={(isOpen) => {
        setOpen(isOpen);
        if (isOpen) setOpened(true);
      }}
    >
      {opened ? (
        <Suspense fallback={<MenuLoading />}>
          <MilestoneMenuBody owner={owner} repo={repo} open={open} selected={selected} none={none} onEdit={onEdit} />
        </Suspense>
      ) : null}
    </Menu>
  );
}
