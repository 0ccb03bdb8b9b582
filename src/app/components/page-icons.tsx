/**
 * The 16 px Octicons that only lazily loaded pages and panels show (start
 * page, issue view, failure panel, service-status notice, filter menus'
 * contents), declared apart from ./icons so the issue list's first paint does
 * not carry them. Their paths are in the same sprite, ./octicons.svg.
 */
import { octicon } from './icons';

export const AlertIcon = octicon('alert');
export const ArrowLeftIcon = octicon('arrow-left');
export const ArrowRightIcon = octicon('arrow-right');
export const BlockedIcon = octicon('blocked');
export const CheckIcon = octicon('check');
export const CrossReferenceIcon = octicon('cross-reference');
export const DotFillIcon = octicon('dot-fill');
export const EyeIcon = octicon('eye');
export const GitCommitIcon = octicon('git-commit');
export const HistoryIcon = octicon('history');
export const IssueReopenedIcon = octicon('issue-reopened');
export const LinkExternalIcon = octicon('link-external');
export const PencilIcon = octicon('pencil');
export const PlugIcon = octicon('plug');
export const StopIcon = octicon('stop');
export const SyncIcon = octicon('sync');
export const TableIcon = octicon('table');
export const TrashIcon = octicon('trash');
export const UnlockIcon = octicon('unlock');
