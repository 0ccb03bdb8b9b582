/**
 * The query's syntax tree (src/shared/search-query.ts) compiled to SQL predicates over the issues
 * table, for sqlite-search.ts to run. Text leaves become FTS5 `MATCH` expressions over the index
 * (sqlite-search-index.ts), every token quoted, so nothing a person types is read as FTS5 syntax;
 * qualifiers become predicates over indexed columns.
 */
import type Database from 'better-sqlite3';
import { TEXT_FIELDS, type SearchNode, type SearchTerm, type TextField, type UserRole } from '../../../shared/search-query';
import type { RepoRecord } from '../records';
import { dateColumnSql, INVOLVED_ROLES, isStoredFactTerm, storedFactSql } from '../search-plan';
import { foldName, SEARCH_KEY_SQL } from '../search-text';
import { soughtRuns, type TextLeaf } from '../../../shared/search-word-forms';

/** Up to this many repositories are bound one by one; more go as one JSON array. */
const INLINE_SCOPE_REPOS = 20;

/** SQL text and the values for its placeholders. */
export interface SqlFragment {
  sql: string;
  args: unknown[];
}

export const sql = (text: string, ...args: unknown[]): SqlFragment => ({ sql: text, args });
const TRUE = sql('1');
const FALSE = sql('0');

export function join(parts: SqlFragment[], separator: string): SqlFragment {
  return { sql: parts.map((p) => p.sql).join(separator), args: parts.flatMap((p) => p.args) };
}

function wrap(part: SqlFragment): SqlFragment {
  return { sql: `(${part.sql})`, args: part.args };
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
    const ids = this.ids;
    if (ids.length === 1) return sql(`${column} = ?`, ids[0]);
    if (ids.length <= INLINE_SCOPE_REPOS) return sql(`${column} IN (${ids.map(() => '?').join(', ')})`, ...ids);
    return sql(`${column} IN (SELECT value FROM json_each(?))`, JSON.stringify(ids));
  }
}

/** Each node of the tree as a predicate over `issues i`; text leaves look in `fields`. */
export class Compiler {
  constructor(
    private readonly scope: Scope,
    private readonly fields: readonly TextField[],
    private readonly context: { prepare(sql: string): Database.Statement },
    /** whether the text index holds a word form at all (sqlite-search-index.ts `indexHolds`) */
    private readonly holds?: (form: string) => boolean,
  ) {}

  node(node: SearchNode): SqlFragment {
    switch (node.kind) {
      case 'and':
        return node.operands.length === 0 ? TRUE : wrap(join(node.operands.map((o) => this.node(o)), ' AND '));
      case 'or':
        return node.operands.length === 0 ? FALSE : wrap(join(node.operands.map((o) => this.node(o)), ' OR '));
      case 'not': {
        const operand = this.node(node.operand);
        return { sql: `NOT ${wrap(operand).sql}`, args: operand.args };
      }
      default:
        return this.term(node);
    }
  }

  /**
   * Every predicate is true or false, never NULL (a NULL column is compared with IS or guarded),
   * so NOT means what it says.
   */
  private term(term: SearchTerm): SqlFragment {
    if (isStoredFactTerm(term)) {
      const args: unknown[] = [];
      const text = storedFactSql(term, {
        param: (value) => {
          args.push(value);
          return '?';
        },
      });
      return { sql: text, args };
    }
    switch (term.kind) {
      case 'text': {
        const phrase = phraseOf(term, this.fields, this.holds);
        return phrase === null ? TRUE : sql(`${SEARCH_KEY_SQL} IN (SELECT rowid FROM issue_text WHERE issue_text MATCH ?)`, phrase);
      }
      case 'repo':
        return sql('i.repo_id IN (SELECT id FROM repos WHERE owner = ? AND name = ?)', term.owner, term.name);
      case 'owner':
        return sql('i.repo_id IN (SELECT id FROM repos WHERE owner = ?)', term.login);
      case 'type':
        return sql('i.is_pull_request = ?', term.value === 'pr' ? 1 : 0);
      case 'state':
        return sql('i.state = ?', term.value);
      case 'label':
        return this.label(term.name);
      case 'missing':
        if (term.field === 'label') return sql('NOT EXISTS (SELECT 1 FROM issue_labels il WHERE il.repo_id = i.repo_id AND il.number = i.number)');
        if (term.field === 'assignee') return sql('i.assignee_count = 0');
        return sql('i.milestone IS NULL');
      case 'user':
        return this.user(term.role, term.login);
      case 'milestone':
        return sql('i.milestone_title IS ?', foldName(term.title));
      case 'date': {
        const column = dateColumnSql(term.field);
        const parts = [sql(`${column} IS NOT NULL`)];
        if (term.range.from !== null) parts.push(sql(`${column} >= ?`, term.range.from));
        if (term.range.to !== null) parts.push(sql(`${column} < ?`, term.range.to));
        return wrap(join(parts, ' AND '));
      }
      case 'comments': {
        const parts = [TRUE];
        if (term.range.min !== null) parts.push(sql('i.comments >= ?', term.range.min));
        if (term.range.max !== null) parts.push(sql('i.comments <= ?', term.range.max));
        return wrap(join(parts, ' AND '));
      }
    }
  }

  /**
   * Label names compare without case beyond ASCII (`foldName`), which SQLite's NOCASE does
   * not: the few labels of the repositories in scope are compared here, and the issues
   * carrying one of them are found by its id.
   */
  private label(name: string): SqlFragment {
    const wanted = foldName(name);
    const scope = this.scope.on('repo_id');
    const labels = this.context.prepare(`SELECT id, name FROM labels WHERE ${scope.sql}`).all(...scope.args) as Array<{ id: number; name: string }>;
    const ids = labels.filter((l) => foldName(l.name) === wanted).map((l) => l.id);
    if (ids.length === 0) return FALSE;
    return sql(
      `(i.repo_id, i.number) IN (SELECT il.repo_id, il.number FROM labels l JOIN issue_labels il ON il.repo_id = l.repo_id AND il.label_id = l.id
        WHERE l.id IN (${ids.map(() => '?').join(', ')}))`,
      ...ids,
    );
  }

  private user(role: UserRole, login: string): SqlFragment {
    const inTable = (table: string, loginColumn: string, numberColumn: string): SqlFragment => {
      const scope = this.scope.on('x.repo_id');
      return sql(
        `(i.repo_id, i.number) IN (SELECT x.repo_id, x.${numberColumn} FROM ${table} x WHERE ${scope.sql} AND x.${loginColumn} = ?)`,
        ...scope.args,
        login,
      );
    };
    switch (role) {
      case 'author':
        return sql('i.creator = ?', login);
      case 'assignee':
        return inTable('issue_assignees', 'login', 'number');
      case 'mentions':
        return inTable('issue_mentions', 'login', 'number');
      case 'commenter':
        return inTable('comments', 'author', 'issue_number');
      case 'involves':
        return wrap(join(INVOLVED_ROLES.map((r) => this.user(r, login)), ' OR '));
    }
  }
}
