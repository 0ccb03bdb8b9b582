/**
 * Who may search what, and who `@me` is. A search looks at every public repository and the
 * private ones the caller's token is granted (the store is handed those ids). A query whose
 * `repo:`, `user:` and `org:` name only what the caller cannot see is refused by the route when
 * the store says so (store/search-plan.ts `namesSomethingVisible`), with GitHub's one answer for
 * both causes, so a stranger cannot tell a private repository from a missing one (spec 4.1.8,
 * 5.6: as the 404 of the repository routes).
 */
import type { SearchNode } from '../../shared/search-query';
import type { TokenRecord } from '../store/records';

const NO_REPOS: ReadonlySet<number> = new Set();

/** `author:@me`, `user:@me`…: the caller, as on GitHub (the parser leaves it as written). */
const ME = '@me';

function isMe(login: string): boolean {
  return login.toLowerCase() === ME;
}

/**
 * The tree with every `@me` read as `login`, the caller's; null when the tree
 * names `@me` and there is no caller to read it as (a search without a token).
 */
export function resolveMe(node: SearchNode | null, login: string | null): { where: SearchNode | null } | null {
  let unresolved = false;
  const walk = (n: SearchNode): SearchNode => {
    switch (n.kind) {
      case 'user':
      case 'owner': {
        if (!isMe(n.login)) return n;
        if (login === null) unresolved = true;
        return { ...n, login: login ?? n.login };
      }
      case 'not':
        return { ...n, operand: walk(n.operand) };
      case 'and':
      case 'or':
        return { ...n, operands: n.operands.map(walk) };
      default:
        return n;
    }
  };
  const where = node === null ? null : walk(node);
  return unresolved ? null : { where };
}

/** The private repositories a search by this caller looks at besides the public ones. */
export function privateReposOf(token: TokenRecord | null): ReadonlySet<number> {
  return token?.privateRepoIds ?? NO_REPOS;
}
