import { defaultSchema } from 'rehype-sanitize';
import type { Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * GitHub's allow-list as rehype-sanitize ships it. It already carries what
 * remark-gfm emits (task-list classes, footnote attributes, `language-*` on
 * code), and everything this renderer adds itself (alert classes, heading
 * anchors, link targets, lazy images) is added after sanitising, so no
 * user-supplied class or attribute is ever trusted for it.
 *
 * The one change: drop the *content* of `<style>` too, not only the tag, so
 * a pasted stylesheet does not show up as a paragraph of CSS.
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  strip: [...(defaultSchema.strip ?? []), 'style'],
};

/** The prefix the sanitiser puts before every user-supplied `id` and `name`. */
export const USER_CONTENT_PREFIX = defaultSchema.clobberPrefix ?? 'user-content-';
