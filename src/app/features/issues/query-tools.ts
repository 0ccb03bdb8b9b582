/**
 * The lazy chunk that reads queries (with the parser): which endpoint answers
 * one, the controls' edits, the words to mark, what a search sends. The list's loader loads it
 * before rendering any view with a `q`, so the page can use it synchronously;
 * the default view (no `q`) never waits for it.
 */
import { editQuery, summarizeQuery } from './query-edit';
import { highlighterFor } from './query-highlight';
import { parseQuery, routeQuery } from './query-route';
import { searchRequestOf } from './search-scope';

export const queryTools = { routeQuery, parseQuery, editQuery, summarizeQuery, highlighterFor, searchRequestOf };
export type QueryTools = typeof queryTools;
