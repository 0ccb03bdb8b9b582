/**
 * What SQLite spells its own way in a search's predicates (search-predicates.ts writes them all):
 * `?` placeholders bound by position, ids bound one by one or as one JSON array, and text leaves
 * as FTS5 `MATCH` expressions over the index (sqlite-search-index.ts), every token quoted, so
 * nothing a person types is read as FTS5 syntax.
 */
import type Database from 'better-sqlite3';
import { TEXT_FIELDS, type SearchNode, type TextField } from '../../../shared/search-query';
import type { RepoRecord } from '../records';
import { namesLabel, predicateOf, type BindParam, type ScopeLabel } from '../search-predicates';
import { SEARCH_KEY_SQL } from '../search-text';
import { soughtRuns, type TextLeaf } from '../../../shared/search-word-forms';

/** Up to this many ids are bound one by one; more go as one JSON array. */
const INLINE_IDS = 20;

/** SQL text and the values for its placeholders. */
export interface SqlFragment {
  sql: string;
  args: unknown[];
}

export const sql = (text: string, ...args: unknown[]): SqlFragment => ({ sql: text, args });

export function join(parts: SqlFragment[], separator: string): SqlFragment {
  return { sql: parts.map((p) => p.sql).join(separator), args: parts.flatMap((p) => p.args) };
}

/** SQLite has no array parameter: a few ids are bound one by one, more as one JSON array read by `json_each`. */
function among(column: string, ids: readonly number[], param: BindParam): string {
  if (ids.length === 1) return `${column} = ${param(ids[0])}`;
  if (ids.length <= INLINE_IDS) return `${column} IN (${ids.map((id) => param(id)).join(', ')})`;
  return `${column} IN (SELECT value FROM json_each(${param(JSON.stringify(ids))}))`;
}

/** `text` with the values its `?` take, in the order `param` was called: the order they appear in. */
function fragment(write: (param: BindParam) => string): SqlFragment {
  const args: unknown[] = [];
  const text = write((value) => {
    args.push(value);
    return '?';
  });
  return { sql: text, args };
}

/**
 * Tokens as the index's tokenizer (`unicode61 remove_diacritics 2`) makes them: runs of letters
 * and digits, diacritics removed. Case is left to the index, which folds it.
 */
export function textTokens(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The FTS5 expression of one text leaf: its tokens as a phrase, or a lone word not quoted as any
 * of its forms (shared/search-word-forms.ts) the index `holds`, in the fields asked for; null when it has no tokens.
 */
export function phraseOf(leaf: TextLeaf, fields: readonly TextField[], holds?: (form: string) => boolean): string | null {
  const tokens = textTokens(leaf.text);
  if (tokens.length === 0) return null;
  // Tokens hold letters and digits only, so a quoted token can never close its quotes.
  const runs = soughtRuns(leaf, tokens, holds).map((run) => `(${run.map((t) => `"${t}"`).join(' + ')})`);
  const phrase = runs.length === 1 ? (runs[0] as string) : `(${runs.join(' OR ')})`;
  const columns = fields.length === 0 || fields.length === TEXT_FIELDS.length ? null : fields;
  return columns === null ? phrase : `{${columns.join(' ')}} : ${phrase}`;
}

/** The repositories a search may look in, and the SQL that keeps a column among them. */
export class Scope {
  constructor(readonly repos: ReadonlyMap<number, RepoRecord>) {}

  get ids(): number[] {
    return [...this.repos.keys()];
  }

  on(column: string): SqlFragment {
    return fragment((param) => among(column, this.ids, param));
  }
}

/** Compiles the query's terms to predicates over `issues i` (search-predicates.ts), text leaves looking in `fields`. */
export class Compiler {
  private labels: readonly ScopeLabel[] | null = null;

  constructor(
    private readonly scope: Scope,
    private readonly fields: readonly TextField[],
    private readonly context: { prepare(sql: string): Database.Statement },
    /** whether the text index holds a word form at all (sqlite-search-index.ts `indexHolds`) */
    private readonly holds?: (form: string) => boolean,
  ) {}

  node(node: SearchNode): SqlFragment {
    const scope = { repoIds: this.scope.ids, labels: namesLabel(node) ? this.scopeLabels() : [] };
    return fragment((param) =>
      predicateOf(node, scope, {
        param,
        among: (column, ids) => among(column, ids, param),
        textMatch: (leaf) => {
          const phrase = phraseOf(leaf, this.fields, this.holds);
          return phrase === null ? null : `${SEARCH_KEY_SQL} IN (SELECT rowid FROM issue_text WHERE issue_text MATCH ${param(phrase)})`;
        },
      }),
    );
  }

  /** The labels of the repositories in scope, read once for every `label:` of the query. */
  private scopeLabels(): readonly ScopeLabel[] {
    if (this.labels === null) {
      const scope = this.scope.on('repo_id');
      this.labels = this.context.prepare(`SELECT id, name FROM labels WHERE ${scope.sql}`).all(...scope.args) as ScopeLabel[];
    }
    return this.labels;
  }
}
