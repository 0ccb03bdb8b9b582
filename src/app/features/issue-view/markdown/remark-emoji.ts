import type { Nodes, Parents, Root, Text } from 'mdast';
import remarkGemoji from 'remark-gemoji';

// GitHub leaves shortcodes alone inside these elements (its emoji filter skips them), also when written as raw HTML.
const IGNORED_TAG = '(?:code|pre|tt)';
const RAW_OPENING = new RegExp(`<${IGNORED_TAG}(?:\\s[^>]*)?>`, 'gi');
const RAW_CLOSING = new RegExp(`</${IGNORED_TAG}\\s*>`, 'gi');
/** A node type remark-gemoji does not visit (it replaces in `text` only). */
const SHIELDED = 'emojiShieldedText';

/**
 * GitHub's emoji shortcodes (`:+1:`, `:tada:`) as emoji, from the maintained
 * gemoji list (remark-gemoji); an unknown name stays as written. Code spans
 * and blocks are `inlineCode`/`code` nodes, never `text`, so they keep their
 * shortcodes; text between raw `<code>`, `<pre>` or `<tt>` tags is shielded
 * from the replacement for the while it runs.
 */
export default function remarkEmoji() {
  const replaceShortcodes = remarkGemoji();
  return (tree: Root): void => {
    const shielded: Text[] = [];
    shieldRawCode(tree, shielded);
    for (const text of shielded) (text as { type: string }).type = SHIELDED;
    replaceShortcodes(tree);
    for (const text of shielded) text.type = 'text';
  };
}

function shieldRawCode(parent: Parents, shielded: Text[]): void {
  // Depth of raw `<code>`/`<pre>`/`<tt>` tags opened among these siblings and not yet closed.
  let rawDepth = 0;
  for (const child of parent.children) {
    if (child.type === 'html') rawDepth = Math.max(0, rawDepth + countMatches(child.value, RAW_OPENING) - countMatches(child.value, RAW_CLOSING));
    else if (rawDepth > 0) collectTexts(child, shielded);
    else if ('children' in child) shieldRawCode(child, shielded);
  }
}

function collectTexts(node: Nodes, into: Text[]): void {
  if (node.type === 'text') into.push(node);
  else if ('children' in node) for (const child of node.children) collectTexts(child, into);
}

function countMatches(value: string, pattern: RegExp): number {
  return value.match(pattern)?.length ?? 0;
}
