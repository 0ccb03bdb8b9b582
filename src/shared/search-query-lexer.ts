/**
 * The first step of parsing a search (search-query.ts): the query split into lexemes (words,
 * phrases, qualifiers, operators) with their offsets, and the qualifier names this service knows.
 */
import type { Span } from './search-query-tree';

export type Lexeme =
  | { type: 'open' | 'close' | 'and' | 'or' | 'not' | 'minus'; span: Span }
  | { type: 'phrase'; text: string; span: Span }
  | { type: 'word'; text: string; span: Span }
  | { type: 'qualifier'; name: string; value: string; quoted: boolean; span: Span };

/** `name:value` where the value may be quoted (`label:"good first issue"`) or a list with quoted items. */
const QUALIFIER = /^([A-Za-z][\w-]*):(.*)$/s;

/**
 * Splits a query into lexemes with their offsets. Outside advanced search,
 * `AND`, `OR` and parentheses are ordinary text; `NOT` and a leading `-`
 * negate in both.
 */
export function lex(q: string, advanced: boolean): Lexeme[] {
  const out: Lexeme[] = [];
  const isSpace = (ch: string): boolean => /\s/.test(ch);
  const endsWord = (ch: string): boolean => isSpace(ch) || (advanced && (ch === '(' || ch === ')'));
  let i = 0;
  while (i < q.length) {
    const ch = q.charAt(i);
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (advanced && (ch === '(' || ch === ')')) {
      out.push({ type: ch === '(' ? 'open' : 'close', span: { start: i, end: i + 1 } });
      i++;
      continue;
    }
    if (ch === '-' && i + 1 < q.length && !isSpace(q.charAt(i + 1))) {
      out.push({ type: 'minus', span: { start: i, end: i + 1 } });
      i++;
      continue;
    }
    if (ch === '"') {
      const close = q.indexOf('"', i + 1);
      const end = close === -1 ? q.length : close + 1;
      out.push({ type: 'phrase', text: q.slice(i + 1, close === -1 ? q.length : close), span: { start: i, end } });
      i = end;
      continue;
    }
    // A word runs to the next space (or parenthesis), except that a qualifier's value may hold
    // quoted names with spaces, alone or in a comma list (`label:wontfix,"help wanted"`).
    let j = i;
    let inValue = false;
    while (j < q.length && !endsWord(q.charAt(j))) {
      // A quote opens a quoted name only where a name starts; inside one (`5"x7"`) it is part of the name.
      if (inValue && q.charAt(j) === '"' && (q.charAt(j - 1) === ':' || q.charAt(j - 1) === ',')) {
        const close = q.indexOf('"', j + 1);
        j = close === -1 ? q.length : close + 1;
        continue;
      }
      if (q.charAt(j) === ':') inValue = true;
      j++;
    }
    const text = q.slice(i, j);
    const span = { start: i, end: j };
    i = j;
    if (advanced && (text === 'AND' || text === 'OR')) {
      out.push({ type: text === 'AND' ? 'and' : 'or', span });
      continue;
    }
    if (text === 'NOT') {
      out.push({ type: 'not', span });
      continue;
    }
    const m = QUALIFIER.exec(text);
    if (m && m[2] !== undefined && m[2] !== '' && m[1] !== undefined && isQualifierName(m[1])) {
      const raw = m[2];
      // `quoted`: the whole value is one quoted name; a list with quoted items stays as written (qualifierValues splits it).
      const quoted = /^"[^"]*"?$/.test(raw);
      out.push({ type: 'qualifier', name: m[1].toLowerCase(), value: quoted ? raw.slice(1, raw.endsWith('"') && raw.length > 1 ? -1 : undefined) : raw, quoted, span });
      continue;
    }
    out.push({ type: 'word', text, span });
  }
  return out;
}

const QUALIFIER_NAMES = [
  'repo', 'user', 'org', 'is', 'type', 'state', 'label', 'no', 'author', 'assignee', 'mentions',
  'commenter', 'involves', 'milestone', 'created', 'updated', 'closed', 'comments', 'in', 'sort',
  'merged', 'draft', 'reason', 'reactions', 'interactions', 'has', 'parent-issue',
] as const;
/**
 * GitHub's qualifiers over what this service does not keep (languages, teams, projects, linked
 * pull requests, reviews, commit statuses, branches, archiving): known, so that they are answered
 * as search-query-qualifiers.ts says (truthfully, or a 422 naming them), never searched as text.
 */
const UNKEPT_QUALIFIER_NAMES = [
  'language', 'team', 'project', 'linked', 'status', 'head', 'base', 'review', 'reviewed-by',
  'review-requested', 'user-review-requested', 'team-review-requested', 'archived',
] as const;
export type UnkeptQualifierName = (typeof UNKEPT_QUALIFIER_NAMES)[number];
export type QualifierName = (typeof QUALIFIER_NAMES)[number] | UnkeptQualifierName;

/** The qualifiers this service knows; any other `name:value` is searched as text, as GitHub does. */
export function isQualifierName(name: string): name is QualifierName {
  const lower = name.toLowerCase();
  return (QUALIFIER_NAMES as readonly string[]).includes(lower) || isUnkeptQualifierName(lower);
}

export function isUnkeptQualifierName(name: string): name is UnkeptQualifierName {
  return (UNKEPT_QUALIFIER_NAMES as readonly string[]).includes(name);
}

/**
 * The names of a qualifier's value: a comma list means any of them, and each name may be quoted
 * (`label:"help wanted",bug`, `label:"wontfix","duplicate"`, `label:wontfix,"help wanted"`), as
 * GitHub's "Filtering and searching issues and pull requests" has it. A wholly quoted value is
 * one name, commas and all. Empty names are left out.
 */
export function qualifierValues(value: string, quoted: boolean): string[] {
  if (quoted) return [value];
  const names: string[] = [];
  let i = 0;
  while (i <= value.length) {
    let name = '';
    if (value.charAt(i) === '"') {
      // A quoted name runs to its closing quote (or the end), commas and all.
      const close = value.indexOf('"', i + 1);
      name = value.slice(i + 1, close === -1 ? value.length : close);
      i = close === -1 ? value.length : close + 1;
    }
    const comma = value.indexOf(',', i);
    const end = comma === -1 ? value.length : comma;
    name += value.slice(i, end);
    names.push(name);
    i = end + 1;
  }
  return names.filter((n) => n !== '');
}

/** Whether the query needs `advanced_search=true` to mean what it says (`AND`, `OR` or parentheses). */
export function usesAdvancedSyntax(q: string): boolean {
  return lex(q, true).some((l) => l.type === 'and' || l.type === 'or' || l.type === 'open' || l.type === 'close');
}
