import type { Element, Root } from 'hast';
import { hasClass, mapElements, textOf } from './hast-tree';

export interface ElementDefaultsOptions {
  /** the app's own origin; links elsewhere open in a new tab */
  origin: string;
}

/**
 * Attributes the renderer adds to the sanitised tree, never taken from the
 * author: external links open in a new tab without an opener or referrer,
 * images load lazily (over https when from another origin), code blocks and tables become keyboard-scrollable
 * regions, and task-list checkboxes are named after their item.
 */
export default function rehypeElementDefaults({ origin }: ElementDefaultsOptions) {
  return (tree: Root): void => {
    mapElements(tree, (element) => {
      const { properties } = element;
      switch (element.tagName) {
        case 'a':
          if (typeof properties.href === 'string' && isOtherOrigin(properties.href, origin)) {
            properties.target = '_blank';
            properties.rel = ['noopener', 'noreferrer'];
          }
          return element;
        case 'img':
          if (typeof properties.src === 'string') properties.src = upgradeImageUrl(properties.src, origin);
          properties.loading = 'lazy';
          properties.decoding = 'async';
          // GitHub proxies images; we cannot, so at least do not tell the host which issue is being read.
          properties.referrerPolicy = 'no-referrer';
          return element;
        case 'source':
          if (typeof properties.srcSet === 'string') properties.srcSet = upgradeSrcset(properties.srcSet, origin);
          return element;
        case 'pre':
          // A long line scrolls sideways; keyboard users need focus to scroll it (WCAG 2.1.1).
          properties.tabIndex = 0;
          return element;
        case 'table':
          return {
            type: 'element',
            tagName: 'div',
            properties: { className: ['markdown-table'], tabIndex: 0, role: 'region', ariaLabel: 'Table' },
            children: [element],
          };
        case 'li':
          if (hasClass(element, 'task-list-item')) labelCheckbox(element);
          return element;
        default:
          return element;
      }
    });
  };
}

function isOtherOrigin(href: string, origin: string): boolean {
  try {
    const url = new URL(href, `${origin}/`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
  } catch {
    return false;
  }
}

/**
 * An image from another origin over plain http is asked for over https. The
 * served CSP allows https images only (`img-src 'self' https:`): GitHub
 * proxies every image through https, Chrome upgrades mixed-content images
 * the same way, and a plain-http request would show the reader's address
 * and the private issue's image to anyone on the network.
 */
function upgradeImageUrl(src: string, origin: string): string {
  try {
    const url = new URL(src, `${origin}/`);
    if (url.protocol !== 'http:' || url.origin === origin) return src;
    url.protocol = 'https:';
    return url.href;
  } catch {
    return src;
  }
}

/** Each candidate of a `srcset` (`url 2x, url 640w`), upgraded as above. */
function upgradeSrcset(srcset: string, origin: string): string {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().replace(/^\S+/, (url) => upgradeImageUrl(url, origin)))
    .join(', ');
}

/** Names the item's checkbox with the item's own text (not its sub-list's). */
function labelCheckbox(item: Element): void {
  const ownContent = item.children.filter((child) => child.type !== 'element' || (child.tagName !== 'ul' && child.tagName !== 'ol'));
  const label = ownContent.map(textOf).join('').replace(/\s+/g, ' ').trim();
  const checkbox = findCheckbox(item);
  if (checkbox !== undefined && label !== '') checkbox.properties.ariaLabel = label;
}

function findCheckbox(item: Element): Element | undefined {
  for (const child of item.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'input') return child;
    // Loose lists put the checkbox inside the item's first paragraph.
    if (child.tagName === 'p') return child.children.find((node): node is Element => node.type === 'element' && node.tagName === 'input');
  }
  return undefined;
}
