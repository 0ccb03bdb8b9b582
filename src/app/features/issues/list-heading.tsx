/** What the list's heading and live status say: the search's total, or the page's count when the list endpoint answered. */
import { formatCount } from '../../components/time-format';

/** The count of what is shown: a search's total ("1,234 results"), or this page's entries (the list endpoint counts nothing). */
export function ListCount({ total, onPage }: { total: number | null; onPage: number }) {
  if (total !== null) {
    return (
      <>
        <span className="font-semibold text-fg">{formatCount(total)}</span> {total === 1 ? 'result' : 'results'}
      </>
    );
  }
  return (
    <>
      <span className="font-semibold text-fg">{formatCount(onPage)}</span> on this page
    </>
  );
}

/** The sentence the screen reader hears when a page arrives. */
export function listStatus(total: number | null, onPage: number, page: number, pages: number | null): string {
  const of = pages !== null ? ` of ${formatCount(pages)}` : '';
  if (total !== null) return `${formatCount(total)} ${total === 1 ? 'result' : 'results'}; page ${page}${of}.`;
  return `${onPage} ${onPage === 1 ? 'entry' : 'entries'} on page ${page}${of}.`;
}

/** A refused query (422) as a sentence: the service's own reasons (`errors[].message`), else its message. */
export function refusalMessage(message: string, errors: readonly { message?: string | undefined }[]): string {
  const reasons = errors.flatMap((e) => (typeof e.message === 'string' && e.message.trim() !== '' ? [e.message.trim()] : []));
  return reasons.length > 0 ? reasons.join(' ') : message;
}
