/**
 * GitHub's text-match metadata on `GET /search/issues` ("Text match metadata" in GitHub's REST
 * search docs; the `search-result-text-matches` schema): asked for with the media type
 * `application/vnd.github.text-match+json`, each item gets `text_matches`, one entry per property
 * (`title`, `body`) where the query's free words and phrases were found, with a fragment of that
 * property's text and where in the fragment each match lies.
 *
 * Matching is the search's own: a word or phrase is its tokens (`searchTokens`, as every engine
 * indexes them: no case, no diacritics) next to each other, in this order, and a lone word not
 * quoted is any of its forms (shared/search-word-forms.ts: `crash` marks `crashes`). Where the query looks
 * in comments, each comment the words were found in is an entry too, as on GitHub: `object_type`
 * `IssueComment`, `object_url` the comment's, `property` `body`.
 */
import { searchTokens, type SearchNode, type SearchQuery } from '../../shared/search-query';
import type { SearchHit, SearchPage } from '../store/records';
import { soughtRuns } from '../../shared/search-word-forms';

/** GitHub answers a text-match request with this media type (and `v3` in it still works). */
const TEXT_MATCH_TYPE = /^application\/vnd\.github(?:\.v3)?\.text-match\+json$/;

/** The `X-GitHub-Media-Type` api.github.com sends with text matches. */
export const TEXT_MATCH_MEDIA_HEADERS: Readonly<Record<string, string>> = {
  'X-GitHub-Media-Type': 'github.v3; param=text-match; format=json',
};

/** Whether an `Accept` header names the text-match media type among its types. */
export function wantsTextMatches(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  return accept.split(',').some((range) => TEXT_MATCH_TYPE.test((range.split(';')[0] ?? '').trim().toLowerCase()));
}

/** A fragment holds the whole property up to this length, and a window of about this much of a longer one. */
const MAX_FRAGMENT_CHARS = 200;
/** How much of the text before the first match the window shows. */
const CONTEXT_BEFORE_CHARS = 60;

/** The properties a match is reported in; GitHub says `Issue` for a pull request too in issue search. */
const PROPERTIES = ['title', 'body'] as const;

export interface TextMatch {
  object_url: string;
  object_type: 'Issue' | 'IssueComment';
  property: (typeof PROPERTIES)[number];
  fragment: string;
  matches: Array<{ text: string; indices: [number, number] }>;
}

interface Range {
  start: number;
  end: number;
}

/** The token runs the query looks for: each text leaf that is not negated, as tokens (a lone word, each of its forms). */
export function soughtPhrases(where: SearchNode | null): string[][] {
  const out: string[][] = [];
  const walk = (node: SearchNode, negated: boolean): void => {
    if (node.kind === 'text') {
      // A lone word is found in any of its forms (shared/search-word-forms.ts), so each form is marked where it stands.
      const tokens = searchTokens(node.text);
      if (!negated && tokens.length > 0) out.push(...soughtRuns(node, tokens));
    } else if (node.kind === 'not') walk(node.operand, !negated);
    else if (node.kind === 'and' || node.kind === 'or') for (const operand of node.operands) walk(operand, negated);
  };
  if (where !== null) walk(where, false);
  return out;
}

/**
 * The tokens of `text` with where each stands in it. A run of letters, digits and combining marks
 * is the text a token came from (marks are removed by `searchTokens`, so `é` written as `e` and a
 * combining accent is one run, one token).
 */
function tokenRanges(text: string): Array<Range & { token: string }> {
  const out: Array<Range & { token: string }> = [];
  for (const run of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const start = run.index;
    for (const token of searchTokens(run[0])) out.push({ token, start, end: start + run[0].length });
  }
  return out;
}

/** Every place one of `phrases` occurs in `text`, in order, overlaps dropped (the earlier, then the longer, wins). */
export function findMatches(text: string, phrases: readonly string[][]): Range[] {
  const tokens = tokenRanges(text);
  const found: Range[] = [];
  for (const phrase of phrases) {
    for (let i = 0; i + phrase.length <= tokens.length; i++) {
      if (phrase.every((t, j) => tokens[i + j]!.token === t)) found.push({ start: tokens[i]!.start, end: tokens[i + phrase.length - 1]!.end });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Range[] = [];
  for (const range of found) if (kept.length === 0 || range.start >= kept[kept.length - 1]!.end) kept.push(range);
  return kept;
}

/**
 * The part of `text` a fragment shows around `first`: all of a short text; of a longer one, a
 * window of about MAX_FRAGMENT_CHARS that starts a little before the match, cut at whitespace so
 * no word is shown in part (and never through a surrogate pair).
 */
export function fragmentWindow(text: string, first: Range): Range {
  if (text.length <= MAX_FRAGMENT_CHARS) return { start: 0, end: text.length };
  let start = Math.max(0, Math.min(first.start - CONTEXT_BEFORE_CHARS, text.length - MAX_FRAGMENT_CHARS));
  let end = Math.min(text.length, Math.max(start + MAX_FRAGMENT_CHARS, first.end));
  if (start > 0 && !/\s/.test(text[start - 1]!)) {
    const space = text.slice(start, first.start).search(/\s/);
    start = space === -1 ? first.start : start + space + 1;
  }
  if (end < text.length && !/\s/.test(text[end]!)) {
    const before = text.slice(first.end, end);
    const space = before.search(/\s\S*$/);
    end = space === -1 ? first.end : first.end + space;
  }
  return { start, end };
}

/** The text match of one property, or null when the query's words are not in it. */
export function propertyMatch(text: string, phrases: readonly string[][]): Pick<TextMatch, 'fragment' | 'matches'> | null {
  const found = findMatches(text, phrases);
  if (found.length === 0) return null;
  const window = fragmentWindow(text, found[0]!);
  const fragment = text.slice(window.start, window.end);
  const matches = found
    .filter((m) => m.start >= window.start && m.end <= window.end)
    .map((m): TextMatch['matches'][number] => {
      const indices: [number, number] = [m.start - window.start, m.end - window.start];
      return { text: fragment.slice(indices[0], indices[1]), indices };
    });
  return { fragment, matches };
}

/**
 * A stored document's `text_matches`, then its comments' in the order they were written; each
 * `object_url` is the matched document's own (marked) `url`.
 */
function textMatchesOf(document: string, comments: readonly string[], phrases: readonly string[][], query: SearchQuery): TextMatch[] {
  const issue = JSON.parse(document) as { url: string; title: string; body: string | null };
  const out: TextMatch[] = [];
  for (const property of PROPERTIES) {
    const text = issue[property];
    if (!query.fields.includes(property) || !text) continue;
    const match = propertyMatch(text, phrases);
    if (match) out.push({ object_url: issue.url, object_type: 'Issue', property, ...match });
  }
  if (!query.fields.includes('comments')) return out;
  for (const stored of comments) {
    const comment = JSON.parse(stored) as { url: string; body: string | null };
    const match = comment.body ? propertyMatch(comment.body, phrases) : null;
    if (match) out.push({ object_url: comment.url, object_type: 'IssueComment', property: 'body', ...match });
  }
  return out;
}

/** Whether the text matches are looked for in the hits' comments too: the query has words, and looks in comments. */
export function matchesComments(query: SearchQuery): boolean {
  return query.fields.includes('comments') && soughtPhrases(query.where).length > 0;
}

/** The issue number of a hit's stored document. */
export function numberOf(hit: SearchHit): number {
  return (JSON.parse(hit.document) as { number: number }).number;
}

/** A stored document (one JSON object) with one more field at its end, without re-serialising it. */
function withField(document: string, name: string, value: unknown): string {
  const end = document.lastIndexOf('}');
  if (end === -1) throw new Error('a stored issue document is not a JSON object');
  const body = document.slice(0, end).trimEnd();
  return `${body}${body.endsWith('{') ? '' : ','}${JSON.stringify(name)}:${JSON.stringify(value)}}`;
}

/**
 * The page with `text_matches` in every hit's document; `comments[k]` holds the stored comments
 * of hit k, oldest first (none needed unless `matchesComments`). The fragments are slices of the
 * stored, cleaned title and bodies, so they hold no URL marker; `object_url` is a marked URL the
 * answer's rendering fills in like the document's own.
 */
export function withTextMatches(page: SearchPage, query: SearchQuery, comments: ReadonlyArray<readonly string[]> = []): SearchPage {
  const phrases = soughtPhrases(query.where);
  const hits = page.hits.map((hit, k): SearchHit => {
    const matches = phrases.length === 0 ? [] : textMatchesOf(hit.document, comments[k] ?? [], phrases, query);
    return { ...hit, document: withField(hit.document, 'text_matches', matches) };
  });
  return { ...page, hits };
}
