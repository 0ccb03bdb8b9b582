/**
 * Marks the words of a search in a title, as github.com does. A word matches
 * as the service matches it (src/shared/search-query.ts): tokens are runs of
 * letters and digits, compared without case and diacritics, a lone word not
 * quoted is any of its plural and singular forms (`crash` marks `Crashes`), and
 * a phrase (or `foo-bar`) is its tokens next to each other, in order.
 */
import { searchTokens, type SearchNode, type Span } from '../../../shared/search-query';
import { soughtRuns } from '../../../shared/search-word-forms';
import { parseQuery } from './query-route';

export type Highlighter = (text: string) => Span[];

/** The token sequences a query looks for: its text terms that are not negated. */
function wantedTexts(node: SearchNode | null, out: string[][]): string[][] {
  if (node === null) return out;
  if (node.kind === 'and' || node.kind === 'or') for (const operand of node.operands) wantedTexts(operand, out);
  else if (node.kind === 'text') {
    const tokens = searchTokens(node.text);
    if (tokens.length > 0) out.push(...soughtRuns(node, tokens));
  }
  return out;
}

const TOKEN = /[\p{L}\p{N}]+/gu;

/** Spans of `text` that a search for these token sequences matched, in order, not overlapping. */
export function matchSpans(text: string, wanted: readonly string[][]): Span[] {
  const tokens = [...text.matchAll(TOKEN)].map((m) => ({ norm: searchTokens(m[0]).join(''), start: m.index, end: m.index + m[0].length }));
  const marked: Span[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const sequence of wanted) {
      if (sequence.every((token, k) => tokens[i + k]?.norm === token)) {
        marked.push({ start: tokens[i]!.start, end: tokens[i + sequence.length - 1]!.end });
      }
    }
  }
  marked.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of marked) {
    const last = merged.at(-1);
    if (last !== undefined && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The highlighter of a query's words, or null when it names none (or does not parse). */
export function highlighterFor(q: string): Highlighter | null {
  const parsed = parseQuery(q);
  if (!parsed.result.ok) return null;
  const wanted = wantedTexts(parsed.result.query.where, []);
  return wanted.length === 0 ? null : (text) => matchSpans(text, wanted);
}
