/**
 * What the token field suggests a token looks like, by the service it is for:
 * GitHub's fine-grained tokens start `github_pat_`, this service's with its
 * own prefix (the tokens `npm run service -- token create` prints).
 */
import { TOKEN_PREFIX as SERVICE_TOKEN_PREFIX } from '../../../shared/token-prefix';

const GITHUB_TOKEN_PREFIX = 'github_pat_';

const GITHUB_API_ORIGIN = 'https://api.github.com';
/** GitHub Enterprise Server serves its API under /api/v3. */
const ENTERPRISE_API = /^https:\/\/[^/]+\/api\/v3\/?$/;

export function tokenPlaceholder(baseUrl: string, defaultBaseUrl: string): string {
  if (baseUrl.replace(/\/+$/, '') === GITHUB_API_ORIGIN || ENTERPRISE_API.test(baseUrl)) return `${GITHUB_TOKEN_PREFIX}…`;
  if (baseUrl === defaultBaseUrl) return `${SERVICE_TOKEN_PREFIX}…`;
  // Another address may be GitHub-compatible or another Issuescope.
  return `${GITHUB_TOKEN_PREFIX}… or ${SERVICE_TOKEN_PREFIX}…`;
}
