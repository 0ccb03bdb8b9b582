/**
 * A search reaches only its first 1,000 results (GitHub's cap, which the
 * service keeps: src/shared/search-params.ts), so paging ends there however
 * many match. Said as GitHub says it, with what to do about it, whenever a
 * search's total is past the cap, rather than letting the pager's last page
 * or the end of the continuous list pass for the end of the results.
 */
import { InfoIcon } from '../../components/icons';
import { MAX_SEARCH_RESULTS } from '../../../shared/search-params';
import { formatCount } from '../../lib/time-format';

/** The notice's sentence, or null when every result can be reached (or the answer is not a search's). */
export function searchCapText(total: number | null): string | null {
  if (total === null || total <= MAX_SEARCH_RESULTS) return null;
  return `Showing the first ${formatCount(MAX_SEARCH_RESULTS)} of ${formatCount(total)} results; narrow the search.`;
}

export function SearchCapNotice({ total }: { total: number | null }) {
  const text = searchCapText(total);
  if (text === null) return null;
  return (
    <p className="mt-3 flex items-start gap-1.5 rounded-md border border-attention/40 bg-attention-subtle px-3 py-2 text-sm">
      <InfoIcon size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-attention" />
      <span>{text}</span>
    </p>
  );
}
