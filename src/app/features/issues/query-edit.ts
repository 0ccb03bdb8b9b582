/**
 * The filter controls edit the query text, as github.com's do: what the
 * person typed stays as typed, and the qualifier a control changes is
 * replaced where it stands (by the parser's spans) or added at the end.
 */
import type { SearchNode, SearchSort, SearchTerm, Span } from '../../../shared/search-query';
import { parseQuery } from './query-route';
import { appendTerm, quoteValue } from '../../lib/query-text';
import { splitScopes } from './search-scope';

export type QueryEdit =
  | { kind: 'state'; value: 'open' | 'closed' | null }
  | { kind: 'type'; value: 'issue' | 'pr' | null }
  | { kind: 'label'; name: string; on: boolean }
  | { kind: 'user'; role: 'author' | 'assignee' | 'mentions'; login: string | null }
  | { kind: 'milestone'; title: string | null }
  /** `no:milestone`, `no:assignee`: github.com's "No milestone" and "Assigned to nobody" */
  | { kind: 'missing'; field: 'milestone' | 'assignee'; on: boolean }
  /** `type:NAME`, an issue type (issue 47); null removes it */
  | { kind: 'issueType'; name: string | null }
  | { kind: 'sort'; value: SearchSort | null };

/** Applies one or more changes to the query (in order) and shows the result. */
export type EditQuery = (edit: QueryEdit | QueryEdit[]) => void;

/**
 * The conditions that stand on their own at the top of the query (not inside
 * an OR or a NOT), each with its span; `label:a,b` (an OR of one qualifier's
 * values) counts as one, under its first value's kind.
 */
function topLevelTerms(q: string): SearchTerm[] | null {
  const parsed = parseQuery(q);
  if (!parsed.result.ok) return null;
  const where = parsed.result.query.where;
  const nodes: SearchNode[] = where === null ? [] : where.kind === 'and' ? where.operands : [where];
  const terms: SearchTerm[] = [];
  for (const node of nodes) {
    if (node.kind === 'or') {
      const first = node.operands[0];
      if (first !== undefined && first.kind !== 'and' && first.kind !== 'or' && first.kind !== 'not' && node.operands.every((o) => 'span' in o && o.span.start === first.span.start)) terms.push(first);
    } else if (node.kind !== 'and' && node.kind !== 'not') terms.push(node);
  }
  return terms;
}

const SORT_QUALIFIER = /(^|\s)sort:\S*/gi;

/** Whether the query's top is an OR of several conditions (not one qualifier's comma list, `label:a,b`). */
function isTopLevelOr(q: string): boolean {
  const parsed = parseQuery(q);
  if (!parsed.result.ok) return false;
  const where = parsed.result.query.where;
  if (where?.kind !== 'or') return false;
  const first = where.operands[0];
  return !(first !== undefined && 'span' in first && where.operands.every((o) => 'span' in o && o.span.start === first.span.start));
}

/** Whether `text` is one parenthesised group from its first character to its last (quotes skipped). */
function isOneGroup(text: string): boolean {
  if (!text.startsWith('(')) return false;
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '"') quoted = !quoted;
    if (quoted) continue;
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (depth === 0) return i === text.length - 1;
  }
  return false;
}

/**
 * `q` with `term` added as a condition on the whole query. AND binds tighter
 * than OR (GitHub's advanced search, as ../../../shared/search-query reads
 * it), so `label:bug OR label:docs is:open` would filter only the last
 * alternative: a query whose top is an OR is grouped first,
 * `(label:bug OR label:docs) is:open` (issue 45). `sort:` stays outside the
 * group: it orders the whole query; so do `repo:`, `org:` and `user:`, which
 * GitHub refuses inside parentheses and reads as the search's scope
 * (./search-scope): `repo:a/b bug OR crash` becomes `repo:a/b (bug OR crash) is:open`.
 */
function addTerm(q: string, term: string): string {
  if (!isTopLevelOr(q)) return appendTerm(q, term);
  const sorts = [...q.matchAll(SORT_QUALIFIER)].map((m) => m[0].trim());
  const { scopes, rest } = splitScopes(q.replace(SORT_QUALIFIER, ' '));
  const grouped = rest === '' || isOneGroup(rest) ? rest : `(${rest})`;
  return [...scopes, grouped, term, ...sorts].filter((part) => part !== '').join(' ');
}

/** `q` with the spans cut out (and the space after each), and `replacement` put in place of the first. */
function replaceSpans(q: string, spans: Span[], replacement: string | null): string {
  if (spans.length === 0) return replacement === null ? q : addTerm(q, replacement);
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  sorted.forEach((span, index) => {
    if (span.start < at) return;
    out += q.slice(at, span.start);
    at = span.end;
    if (index === 0 && replacement !== null) out += replacement;
    else while (at < q.length && /\s/.test(q.charAt(at))) at++;
  });
  out += q.slice(at);
  return replacement === null ? out.trim() : out;
}

function spansOf(terms: SearchTerm[], keep: (term: SearchTerm) => boolean): Span[] {
  return terms.filter(keep).map((term) => term.span);
}

/** `q` after one control's change. A query that does not parse gets the new qualifier appended; nothing is removed from it. */
export function editQuery(q: string, edit: QueryEdit): string {
  if (edit.kind === 'sort') {
    // `sort:` modifies the whole query and has no span in the tree: found in the text.
    const spans = [...q.matchAll(SORT_QUALIFIER)].map((m) => ({ start: m.index + (m[1]?.length ?? 0), end: m.index + m[0].length }));
    return replaceSpans(q, spans, edit.value === null ? null : `sort:${edit.value.field}-${edit.value.order}`);
  }
  const terms = topLevelTerms(q);
  switch (edit.kind) {
    case 'state':
    case 'type': {
      const written = edit.value === null ? null : `is:${edit.value}`;
      if (terms === null) return written === null ? q : appendTerm(q, written);
      return replaceSpans(q, spansOf(terms, (t) => t.kind === edit.kind), written);
    }
    case 'label': {
      const same = (t: SearchTerm): boolean => t.kind === 'label' && t.name.toLowerCase() === edit.name.toLowerCase();
      if (edit.on) return terms?.some(same) ? q : addTerm(q, `label:${quoteValue(edit.name)}`);
      return terms === null ? q : replaceSpans(q, spansOf(terms, same), null);
    }
    case 'issueType': {
      const written = edit.name === null ? null : `type:${quoteValue(edit.name)}`;
      if (terms === null) return written === null ? q : appendTerm(q, written);
      return replaceSpans(q, spansOf(terms, (t) => t.kind === 'issueType'), written);
    }
    case 'user': {
      const written = edit.login === null ? null : `${edit.role}:${quoteValue(edit.login.replace(/^@(?!me$)/i, ''))}`;
      if (terms === null) return written === null ? q : appendTerm(q, written);
      // An assignee chosen replaces "assigned to nobody", as one choice of one menu.
      const sameChoice = (t: SearchTerm): boolean => (t.kind === 'user' && t.role === edit.role) || (edit.role === 'assignee' && t.kind === 'missing' && t.field === 'assignee');
      return replaceSpans(q, spansOf(terms, sameChoice), written);
    }
    case 'milestone': {
      // Quoted as github.com's milestone menu writes it, unless the title holds a quote itself.
      const written = edit.title === null ? null : `milestone:${edit.title.includes('"') ? quoteValue(edit.title) : `"${edit.title}"`}`;
      if (terms === null) return written === null ? q : appendTerm(q, written);
      return replaceSpans(q, spansOf(terms, (t) => t.kind === 'milestone' || (t.kind === 'missing' && t.field === 'milestone')), written);
    }
    case 'missing': {
      const written = edit.on ? `no:${edit.field}` : null;
      if (terms === null) return written === null ? q : appendTerm(q, written);
      const replaced = (t: SearchTerm): boolean =>
        (t.kind === 'missing' && t.field === edit.field) ||
        (edit.on && (edit.field === 'milestone' ? t.kind === 'milestone' : t.kind === 'user' && t.role === 'assignee'));
      return replaceSpans(q, spansOf(terms, replaced), written);
    }
  }
}

/** What the controls show of a query: its top-level state, type, labels, people and sort. */
export interface QuerySummary {
  state: 'open' | 'closed' | null;
  type: 'issue' | 'pr' | null;
  labels: string[];
  /** the issue type the query asks for at its top (`type:Bug`), or null */
  issueType: string | null;
  author: string | null;
  assignee: string | null;
  mentions: string | null;
  milestone: string | null;
  /** `no:milestone`, `no:assignee` at the top of the query */
  noMilestone: boolean;
  noAssignee: boolean;
  sort: SearchSort | null;
}

export function summarizeQuery(q: string): QuerySummary {
  const terms = topLevelTerms(q) ?? [];
  const parsed = parseQuery(q);
  const user = (role: string): string | null => {
    const term = terms.find((t) => t.kind === 'user' && t.role === role);
    return term?.kind === 'user' ? term.login : null;
  };
  const state = terms.find((t) => t.kind === 'state');
  const type = terms.find((t) => t.kind === 'type');
  const milestone = terms.find((t) => t.kind === 'milestone');
  return {
    state: state?.kind === 'state' ? state.value : null,
    type: type?.kind === 'type' ? type.value : null,
    labels: terms.flatMap((t) => (t.kind === 'label' ? [t.name] : [])),
    issueType: terms.flatMap((t) => (t.kind === 'issueType' ? [t.name] : []))[0] ?? null,
    author: user('author'),
    assignee: user('assignee'),
    mentions: user('mentions'),
    milestone: milestone?.kind === 'milestone' ? milestone.title : null,
    noMilestone: terms.some((t) => t.kind === 'missing' && t.field === 'milestone'),
    noAssignee: terms.some((t) => t.kind === 'missing' && t.field === 'assignee'),
    sort: parsed.result.ok ? parsed.result.query.sort : null,
  };
}
