/**
 * `#123` and `owner/repo#123` in an issue's title on its own page, as links to those issues, as
 * github.com links them there (and as the Markdown of bodies links them, markdown/remark-issue-references.ts):
 * a hovercard then shows what they are. Only on the issue page: in the list a title is itself a link.
 */
import { Link } from 'react-router';
import { issueViewPath } from '../../app-paths';

// Not glued to a word, a path or another reference, as in bodies: `a#1` and `x/#1` stay text.
const REFERENCE = /(?<![\w/@#.-])(?:([A-Za-z\d](?:[A-Za-z\d]|-(?=[A-Za-z\d])){0,38})\/([\w.-]{1,100}))?#([1-9]\d{0,9})(?![\w-])/g;

export function linkTitleReferences(text: string, owner: string, repo: string): React.ReactNode {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const [whole, otherOwner, otherRepo, number] = match;
    parts.push(text.slice(at, match.index));
    parts.push(
      <Link key={match.index} to={issueViewPath(otherOwner ?? owner, otherRepo ?? repo, Number(number))} className="text-accent hover:underline">
        {whole}
      </Link>,
    );
    at = match.index + whole.length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(at));
  return parts;
}
