/**
 * Which acme/rocket issue the issue-view figures open: the one whose body
 * shows the most kinds of Markdown (fenced code, tables, task lists, images,
 * alerts, details) and has comments, so the view renders everything it can.
 * Chosen from the service's own answers, so it follows the demo dataset.
 */
interface ListedIssue {
  number: number;
  body: string | null;
  comments: number;
  pull_request?: unknown;
}

const MARKDOWN_FEATURES: readonly RegExp[] = [/```/, /^\|.*\|$/m, /^\s*[-*] \[[ x]\]/m, /!\[[^\]]*\]\(|<img /, /^> \[!/m, /<details>/, /^#{1,6} /m];
const PAGES_TO_SCAN = 3;

function richness(issue: ListedIssue): number {
  const body = issue.body ?? '';
  const kinds = MARKDOWN_FEATURES.filter((feature) => feature.test(body)).length;
  // Kinds first; then comments and length break ties.
  return kinds * 1e6 + Math.min(issue.comments, 50) * 1e4 + Math.min(body.length, 9_999);
}

export async function findRichIssue(origin: string, repo = 'acme/rocket'): Promise<number> {
  let best: ListedIssue | null = null;
  for (let page = 1; page <= PAGES_TO_SCAN; page++) {
    const res = await fetch(`${origin}/api/repos/${repo}/issues?state=all&per_page=100&page=${page}`);
    if (!res.ok) throw new Error(`listing ${repo} for a rich issue: HTTP ${res.status}`);
    for (const issue of (await res.json()) as ListedIssue[]) {
      if (issue.pull_request || issue.comments === 0) continue;
      if (!best || richness(issue) > richness(best)) best = issue;
    }
  }
  if (!best) throw new Error(`no issue with comments in the first ${PAGES_TO_SCAN} pages of ${repo}`);
  return best.number;
}
