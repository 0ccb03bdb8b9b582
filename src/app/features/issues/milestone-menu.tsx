/**
 * The filter bar's Milestones menu: pick one (`milestone:"Title"`), or none (`no:milestone`), as
 * github.com's filter bar has it. Its contents are a lazy chunk (./milestone-menu-body).
 */
import { lazy } from 'react';
import { MilestoneIcon } from '../../components/icons';
import { importOutlastingOutage } from '../../lib/import-outlasting-outage';
import type { EditQuery } from './query-edit';
import { LazyMenu } from './lazy-menu';

const loadBody = () => import('./milestone-menu-body');
const MilestoneMenuBody = lazy(async () => ({ default: (await importOutlastingOutage(loadBody)).MilestoneMenuBody }));

/** `selected`: the title of `milestone:` in the query; `none`: `no:milestone` is. */
export function MilestoneMenu({ owner, repo, selected, none, onEdit }: { owner: string; repo: string; selected: string | null; none: boolean; onEdit: EditQuery }) {
  return (
    <LazyMenu label="Milestones" icon={<MilestoneIcon size={16} aria-hidden="true" />} count={selected !== null || none ? 1 : 0} load={loadBody}>
      {(open) => <MilestoneMenuBody owner={owner} repo={repo} open={open} selected={selected} none={none} onEdit={onEdit} />}
    </LazyMenu>
  );
}
