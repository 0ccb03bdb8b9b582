/** `import`: reads GitHub-shaped JSON files, validates them, imports in one transaction. */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { importedCommentList, importedIssueList } from '../store/import-schema';
import type { ImportResult, IssueStore } from '../store/issue-store';

export class CommandError extends Error {}

function readJson<T>(file: string, schema: z.ZodType<T>, what: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CommandError(`cannot read ${what} from ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandError(`${file} is not ${what}: at ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function parseFullName(value: string): { owner: string; name: string } {
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/.exec(value);
  if (!m || m[2] === '.' || m[2] === '..') throw new CommandError(`'${value}' is not OWNER/NAME`);
  return { owner: m[1] ?? '', name: m[2] ?? '' };
}

export function importFiles(
  store: IssueStore,
  options: { repo: string; makePrivate: boolean; issuesFile: string; commentsFile?: string; nowMs: number },
): ImportResult {
  const { owner, name } = parseFullName(options.repo);
  const issues = readJson(options.issuesFile, importedIssueList, 'a JSON array of GitHub issues');
  const comments = options.commentsFile ? readJson(options.commentsFile, importedCommentList, 'a JSON array of GitHub issue comments') : [];
  return store.importIssues({ owner, name, makePrivate: options.makePrivate }, issues, comments, options.nowMs);
}
