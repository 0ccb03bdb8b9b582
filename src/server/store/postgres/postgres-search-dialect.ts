/**
 * What PostgreSQL spells its own way in a search's predicates (search-predicates.ts writes them
 * all): `$n` placeholders numbered per statement, ids bound as one `bigint[]`, and text leaves as
 * tsquery text matched against issue_text.document with `@@` (its GIN index), written from the
 * tokens the documents are written from (search-document.ts): a phrase's tokens joined by `<->`,
 * `in:` as weights (`'crash':A` is in:title), every token quoted and the whole passed as a
 * parameter cast with ::tsquery, so nothing a person types is read as tsquery syntax.
 */
import { searchTokens, TEXT_FIELDS, type TextField } from '../../../shared/search-query';
import type { SearchDialect } from '../search-predicates';
import { soughtRuns, type TextLeaf } from '../../../shared/search-word-forms';
import { FIELD_WEIGHTS } from './search-document';
import type { Params } from './sql';

/**
 * The tsquery text of one text leaf: its tokens as a phrase, or a lone word not quoted as any of
 * its forms (shared/search-word-forms.ts), in the fields asked for; null when it has no tokens.
 */
export function tsqueryOf(leaf: TextLeaf, fields: readonly TextField[]): string | null {
  const tokens = searchTokens(leaf.text);
  if (tokens.length === 0) return null;
  const chosen = TEXT_FIELDS.filter((f) => fields.includes(f));
  // Positions leave a gap between two fields (search-document.ts), so tokens next to each other
  // are in one field: a weight on every token keeps the whole phrase in the fields asked for.
  const weights = chosen.length === 0 || chosen.length === TEXT_FIELDS.length ? '' : `:${chosen.map((f) => FIELD_WEIGHTS[f]).join('')}`;
  // Tokens hold letters and digits only, so a quoted token can never close its quotes.
  const runs = soughtRuns(leaf, tokens).map((run) => `(${run.map((t) => `'${t}'${weights}`).join(' <-> ')})`);
  return runs.length === 1 ? (runs[0] as string) : `(${runs.join(' | ')})`;
}

/** The dialect of one statement, whose placeholders `params` numbers; text leaves look in `fields`. */
export function postgresSearchDialect(params: Params, fields: readonly TextField[]): SearchDialect {
  const param = (value: unknown): string => params.next(value);
  return {
    param,
    among: (column, ids) => `${column} = ANY(${param(ids)}::bigint[])`,
    textMatch: (leaf) => {
      const query = tsqueryOf(leaf, fields);
      return query === null ? null : `(i.repo_id, i.number) IN (SELECT repo_id, number FROM issue_text WHERE document @@ ${param(query)}::tsquery)`;
    },
  };
}
