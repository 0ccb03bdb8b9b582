import type { Link, Parents, PhrasingContent, Root, RootContent, Text } from 'mdast';
import { issueViewPath } from '../../../app-paths';
import { authorListPath } from '../filtered-list-paths';

export interface IssueReferenceOptions {
  /** the repository whose issue this Markdown belongs to: `#12` and `@login` resolve against it */
  owner: string;
  name: string;
}

// GitHub logins: letters, digits and single inner hyphens, at most 39 characters.
const LOGIN = '[A-Za-z\\d](?:[A-Za-z\\d]|-(?=[A-Za-z\\d])){0,38}';
const REPO_NAME = '[\\w.-]{1,100}';
// Not glued to a word, a path, an email or another reference: `a#1`, `x/#1`, `me@host` stay text.
const NOT_AFTER = '(?<![\\w/@#.-])';
const REFERENCE = new RegExp(
  `${NOT_AFTER}(?:(?:(${LOGIN})/(${REPO_NAME}))?#([1-9]\\d{0,9})(?![\\w-])|@(${LOGIN})(?![\\w/-]))`,
  'g',
);

// GitHub leaves references alone inside these elements, also when written as raw HTML.
const IGNORED_TAG = '(?:a|code|pre)';
const RAW_OPENING = new RegExp(`<${IGNORED_TAG}(?:\\s[^>]*)?>`, 'gi');
const RAW_CLOSING = new RegExp(`</${IGNORED_TAG}\\s*>`, 'gi');

/**
 * Turns `#123`, `owner/repo#123` and `@login` in text into links to the app's
 * own routes. Code and inline code are `code`/`inlineCode` nodes, never
 * `text`, so they are untouched; text inside links is skipped.
 */
export default function remarkIssueReferences(options: IssueReferenceOptions) {
  return (tree: Root): void => {
    linkReferencesIn(tree, options);
  };
}

function linkReferencesIn(parent: Parents, options: IssueReferenceOptions): void {
  if (parent.type === 'link' || parent.type === 'linkReference') return;
  // Depth of raw `<a>`/`<code>`/`<pre>` tags opened among these siblings and not yet closed.
  let rawIgnoredDepth = 0;
  const children: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type === 'html') {
      rawIgnoredDepth = Math.max(0, rawIgnoredDepth + countMatches(child.value, RAW_OPENING) - countMatches(child.value, RAW_CLOSING));
      children.push(child);
    } else if (rawIgnoredDepth > 0) {
      children.push(child);
    } else if (child.type === 'text') {
      children.push(...splitReferences(child, options));
    } else {
      if ('children' in child) linkReferencesIn(child, options);
      children.push(child);
    }
  }
  parent.children = children as PhrasingContent[];
}

function countMatches(value: string, pattern: RegExp): number {
  return value.match(pattern)?.length ?? 0;
}

function splitReferences(node: Text, options: IssueReferenceOptions): Array<Text | Link> {
  const parts: Array<Text | Link> = [];
  let textStart = 0;
  for (const match of node.value.matchAll(REFERENCE)) {
    const [whole, otherOwner, otherName, issueNumber, login] = match;
    const url =
      login !== undefined
        ? authorListPath(options.owner, options.name, login)
        : issueViewPath(otherOwner ?? options.owner, otherName ?? options.name, Number(issueNumber));
    if (match.index > textStart) parts.push({ type: 'text', value: node.value.slice(textStart, match.index) });
    parts.push({ type: 'link', url, title: null, children: [{ type: 'text', value: whole }] });
    textStart = match.index + whole.length;
  }
  if (parts.length === 0) return [node];
  if (textStart < node.value.length) parts.push({ type: 'text', value: node.value.slice(textStart) });
  return parts;
}
