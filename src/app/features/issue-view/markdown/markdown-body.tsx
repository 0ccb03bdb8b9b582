import { use, useId, useMemo } from 'react';
import type { JSX } from 'react';
import Markdown from 'react-markdown';
import type { Components, Options as MarkdownOptions } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import { HighlightedCode } from './highlighted-code';
import { loadRawHtmlStage, looksLikeHtml, rawHtmlWhereNeeded } from './raw-html-stage';
import rehypeCodeBlocks from './rehype-code-blocks';
import rehypeElementDefaults from './rehype-element-defaults';
import rehypeGithubAlerts from './rehype-github-alerts';
import rehypeHeadingAnchors from './rehype-heading-anchors';
import rehypeInPageLinks from './rehype-in-page-links';
import remarkIssueReferences from './remark-issue-references';
import { sanitizeSchema, USER_CONTENT_PREFIX } from './sanitize-schema';
import './markdown-body.css';

/** Starts loading the stages these texts need before they can render (raw HTML); called by preload-markdown.ts. */
export function preloadStagesFor(texts: ReadonlyArray<string | null | undefined>): void {
  if (texts.some((text) => typeof text === 'string' && looksLikeHtml(text))) {
    loadRawHtmlStage().catch(() => {
      // Not an error yet: the text that needs the stage asks again as it renders and shows a failure there.
    });
  }
}

const COMPONENTS: Components = { code: HighlightedCode };

export interface MarkdownBodyProps {
  markdown: string | null;
  repo: { owner: string; name: string };
}

/**
 * An issue body or comment, rendered as GitHub renders it. The default export
 * is what `React.lazy` loads, so the Markdown stack stays in its own chunk.
 * Two heavy stages are chunks of their own: raw-HTML parsing, which text that
 * may hold HTML waits for (suspends) before it renders, so it never shows
 * first as escaped tags; and highlighting, which follows the first render.
 */
export default function MarkdownBody({ markdown, repo }: MarkdownBodyProps): JSX.Element {
  const { owner, name } = repo;
  // Footnote ids must not collide between an issue and its comments on one page.
  const footnotePrefix = `${useId().replace(/[^A-Za-z\d]/g, '')}-`;
  const rehypeRaw = markdown !== null && looksLikeHtml(markdown) ? use(loadRawHtmlStage()) : undefined;

  // Parsing is the expensive part; an unchanged body returns the same element and React skips it.
  return useMemo(() => {
    if (markdown === null || markdown.trim() === '') {
      return (
        <div className="markdown-body">
          <p className="markdown-body-empty">
            <em>No description provided.</em>
          </p>
        </div>
      );
    }

    const remarkPlugins: MarkdownOptions['remarkPlugins'] = [remarkGfm, remarkBreaks, [remarkIssueReferences, { owner, name }]];
    const rehypePlugins: MarkdownOptions['rehypePlugins'] = [
      // 1. Parse raw HTML into elements, so the sanitiser sees real elements, not strings.
      //    Without the stage (no `<` that could open HTML) the tree has no raw HTML to parse.
      ...(rehypeRaw === undefined ? [] : [rawHtmlWhereNeeded(rehypeRaw)]),
      // 2. Apply GitHub's allow-list to everything the author wrote; ids get `user-content-`.
      [rehypeSanitize, sanitizeSchema],
      // 3+. Everything below is ours and runs on the clean tree, so none of it needs allow-listing.
      rehypeCodeBlocks,
      [rehypeSlug, { prefix: USER_CONTENT_PREFIX }],
      rehypeGithubAlerts,
      rehypeHeadingAnchors,
      [rehypeInPageLinks, { footnoteLabelId: `${USER_CONTENT_PREFIX}${footnotePrefix}footnote-label` }],
      [rehypeElementDefaults, { origin: window.location.origin }],
    ];

    return (
      <div className="markdown-body">
        <Markdown
          remarkPlugins={remarkPlugins}
          rehypePlugins={rehypePlugins}
          // remark-rehype prefixes footnote ids itself; the sanitiser then adds `user-content-`.
          remarkRehypeOptions={{ clobberPrefix: footnotePrefix }}
          components={COMPONENTS}
        >
          {markdown}
        </Markdown>
      </div>
    );
  }, [markdown, owner, name, footnotePrefix, rehypeRaw]);
}
