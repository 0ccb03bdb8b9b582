import type { Root } from 'hast';
import { forEachElement } from './hast-tree';
import { USER_CONTENT_PREFIX } from './sanitize-schema';

export interface InPageLinkOptions {
  /** the id this rendering's footnote heading gets, unique on the page */
  footnoteLabelId: string;
}

const SANITISED_FOOTNOTE_LABEL_ID = `${USER_CONTENT_PREFIX}footnote-label`;

/**
 * The sanitiser prefixes every id and `name` with `user-content-` (so user
 * HTML cannot clobber the app's own ids) but leaves `href="#x"` alone. GitHub
 * bridges that with a script; we rewrite the links instead: a fragment that
 * names no element but whose prefixed form does is pointed at the prefixed
 * id. That covers footnote references and back-references, `[see](#usage)`
 * to a heading, and `<a name="x">` targets.
 *
 * remark-rehype gives every footnote a per-rendering prefix except the
 * "Footnotes" heading, which is always `footnote-label`; it is renamed here
 * so an issue and its comments do not share one `aria-describedby` target.
 */
export default function rehypeInPageLinks({ footnoteLabelId }: InPageLinkOptions) {
  return (tree: Root): void => {
    const targets = new Set<string>();
    forEachElement(tree, (element) => {
      const { properties } = element;
      if (properties.id === SANITISED_FOOTNOTE_LABEL_ID) properties.id = footnoteLabelId;
      if (Array.isArray(properties.ariaDescribedBy)) {
        properties.ariaDescribedBy = properties.ariaDescribedBy.map((id) => (id === SANITISED_FOOTNOTE_LABEL_ID ? footnoteLabelId : id));
      }
      if (typeof properties.id === 'string') targets.add(properties.id);
      if (element.tagName === 'a' && typeof properties.name === 'string') targets.add(properties.name);
    });

    forEachElement(tree, (element) => {
      const href = element.properties.href;
      if (element.tagName !== 'a' || typeof href !== 'string' || !href.startsWith('#')) return;
      const fragment = safeDecode(href.slice(1));
      if (fragment === '' || targets.has(fragment)) return;
      if (targets.has(USER_CONTENT_PREFIX + fragment)) element.properties.href = `#${USER_CONTENT_PREFIX}${href.slice(1)}`;
    });
  };
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
