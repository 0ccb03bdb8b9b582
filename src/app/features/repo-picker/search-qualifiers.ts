/**
 * Recognises GitHub's search syntax in a text filter, without the translator
 * (./github-url), which loads only when there is something to translate.
 */

/** One term of a GitHub search: `-qualifier:value` (groups 1–3), `"quoted words"` (4) or a word (5). */
export const SEARCH_TOKEN = /(-?)([A-Za-z][\w-]*):("(?:[^"]*)"|\S+)|"([^"]*)"|(\S+)/g;

/** Does this text filter look like a GitHub search (`is:open label:bug`) rather than plain words? */
export function hasSearchQualifiers(q: string | null): boolean {
  if (q === null) return false;
  return [...q.matchAll(SEARCH_TOKEN)].some((m) => m[2] !== undefined);
}
