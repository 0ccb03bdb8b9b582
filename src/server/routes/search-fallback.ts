/**
 * `search_type=semantic` and `search_type=hybrid` on `GET /search/issues`. GitHub's OpenAPI
 * description: "Semantic and hybrid search require authentication", and when such a search
 * "falls back to lexical search", the answer says `search_type: "lexical"` with
 * `lexical_fallback_reason`, the reasons. This service keeps no embeddings, so it always falls
 * back: with the reasons GitHub gives for the query itself where they hold (no text to embed,
 * quoted text, an OR), and otherwise `service_unavailable`, as its semantic search is.
 */
import { lex } from '../../shared/search-query-lexer';
import { searchTokens, type SearchNode, type SearchQuery } from '../../shared/search-query';
import { positiveTexts } from '../store/search-plan';

/** The values of GitHub's `lexical_fallback_reason` this service gives. */
export type LexicalFallbackReason = 'no_text_terms' | 'quoted_text' | 'or_boolean_not_supported' | 'service_unavailable';

function hasPositivePhrase(node: SearchNode | null, negated = false): boolean {
  if (node === null) return false;
  switch (node.kind) {
    case 'text':
      return node.phrase && !negated;
    case 'not':
      return hasPositivePhrase(node.operand, !negated);
    case 'and':
    case 'or':
      return node.operands.some((o) => hasPositivePhrase(o, negated));
    default:
      return false;
  }
}

/** Why a semantic or hybrid search of `q` (parsed as `query`) is answered lexically; never empty. */
export function lexicalFallbackReasons(q: string, advanced: boolean, query: SearchQuery): LexicalFallbackReason[] {
  const reasons: LexicalFallbackReason[] = [];
  const texts = query.where === null ? [] : positiveTexts(query.where);
  if (!texts.some((t) => searchTokens(t.text).length > 0)) reasons.push('no_text_terms');
  if (hasPositivePhrase(query.where)) reasons.push('quoted_text');
  if (advanced && lex(q, true).some((l) => l.type === 'or')) reasons.push('or_boolean_not_supported');
  return reasons.length > 0 ? reasons : ['service_unavailable'];
}
