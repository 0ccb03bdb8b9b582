import type { Root } from 'hast';
import { readableByUse } from './readable-promise';

type RehypeRaw = typeof import('rehype-raw').default;

/**
 * Raw HTML in Markdown (`<details>`, `<kbd>`, `<img width>`) is parsed by
 * rehype-raw with parse5, the largest part of the renderer, so it is its own
 * chunk, loaded only for text that may contain HTML.
 *
 * Every HTML construct of CommonMark (open or closing tag, comment,
 * declaration, processing instruction, CDATA; block or inline) starts with
 * `<` directly followed by a letter, `/`, `!` or `?`. Text without that has
 * no `html` node, so rehype-raw would have nothing to parse: skipping it
 * changes nothing, and the sanitiser still runs on every tree. Text with it
 * (also `<https://…>` autolinks or `` `<div>` `` in code) loads the stage.
 */
const HTML_LIKE = /<[A-Za-z!/?]/;

export function looksLikeHtml(markdown: string): boolean {
  return HTML_LIKE.test(markdown);
}

let loading: Promise<RehypeRaw> | undefined;

/**
 * Starts (or joins) loading the stage; a failed load is forgotten so a retry
 * asks again. Once loaded, `use` reads it without suspending.
 */
export function loadRawHtmlStage(): Promise<RehypeRaw> {
  loading ??= readableByUse(
    import('rehype-raw').then(
      (module) => module.default,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ),
  );
  return loading;
}

/**
 * rehype-raw, applied only to trees that hold raw HTML: an autolink or a
 * `<div>` in inline code brought the stage in, but leaves nothing for parse5.
 */
export function rawHtmlWhereNeeded(rehypeRaw: RehypeRaw) {
  return function rehypeRawWhereNeeded() {
    const transform = rehypeRaw();
    return (tree: Root, file: Parameters<typeof transform>[1]): Root => (containsRaw(tree) ? transform(tree, file) : tree);
  };
}

function containsRaw(node: Root | Root['children'][number]): boolean {
  if (node.type === 'raw') return true;
  return 'children' in node && node.children.some(containsRaw);
}
