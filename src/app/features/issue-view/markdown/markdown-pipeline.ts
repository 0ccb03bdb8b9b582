/**
 * Markdown to a clean HTML tree (hast), as GitHub renders an issue body or a
 * comment: the unified pipeline react-markdown runs (remark-parse, remark-rehype
 * with raw HTML kept), with GitHub's extensions and allow-list. It touches no
 * DOM, so it runs in a worker (markdown-worker.ts) and the page only turns the
 * finished tree into elements (markdown-elements.ts): parsing a long body is
 * one long task, which on the page's main thread held up the issue view.
 */
import type { Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { rawHtmlWhereNeeded } from './rehype-raw-where-needed';
import rehypeCodeBlocks from './rehype-code-blocks';
import rehypeElementDefaults from './rehype-element-defaults';
import rehypeGithubAlerts from './rehype-github-alerts';
import rehypeHeadingAnchors from './rehype-heading-anchors';
import rehypeInPageLinks from './rehype-in-page-links';
import remarkEmoji from './remark-emoji';
import remarkIssueReferences from './remark-issue-references';
import { sanitizeSchema, USER_CONTENT_PREFIX } from './sanitize-schema';

export interface MarkdownTreeOptions {
  owner: string;
  name: string;
  /** Prefixes footnote ids, so an issue's and its comments' footnotes never collide on one page. */
  footnotePrefix: string;
  /** The page's origin: links elsewhere open in a new tab (rehype-element-defaults). */
  origin: string;
}

export function markdownToTree(markdown: string, options: MarkdownTreeOptions): Root {
  const { owner, name, footnotePrefix, origin } = options;
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkBreaks)
    .use(remarkIssueReferences, { owner, name })
    // `:tada:` as GitHub shows it; the emoji list is in the worker's script, never on the list's first paint.
    .use(remarkEmoji)
    // Raw HTML stays in the tree as `raw` nodes, for the next step to parse (as react-markdown does).
    // remark-rehype prefixes footnote ids itself; the sanitiser then adds `user-content-`.
    .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: footnotePrefix })
    // 1. Parse raw HTML into elements, so the sanitiser sees real elements, not strings.
    .use(rawHtmlWhereNeeded(rehypeRaw))
    // 2. Apply GitHub's allow-list to everything the author wrote; ids get `user-content-`.
    .use(rehypeSanitize, sanitizeSchema)
    // 3+. Everything below is ours and runs on the clean tree, so none of it needs allow-listing.
    .use(rehypeCodeBlocks)
    .use(rehypeSlug, { prefix: USER_CONTENT_PREFIX })
    .use(rehypeGithubAlerts)
    .use(rehypeHeadingAnchors)
    .use(rehypeInPageLinks, { footnoteLabelId: `${USER_CONTENT_PREFIX}${footnotePrefix}footnote-label` })
    .use(rehypeElementDefaults, { origin });
  return processor.runSync(processor.parse(markdown)) as Root;
}
