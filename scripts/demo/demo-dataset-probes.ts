/**
 * Test-only: what the demo-dataset tests look for in the generated data, as
 * patterns of GitHub's wire values and Markdown, and walks over a dataset.
 */
import { fileURLToPath } from 'node:url';
import type { IssueComment } from '../../src/shared/wire-types';
import type { DemoDataset, DemoRepository } from './demo-dataset';

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
export const HEX_COLOUR = /^[0-9a-f]{6}$/;
/** `#123`, but not `&#123;`, `/#123` (URL fragments) or `abc#123` */
export const REFERENCE = /(?<![\w&#/])#(\d+)(?!\w)/g;
export const TASK_LIST = /^- \[[ x]\] /m;
export const CODE_FENCE = /^```[a-z]+$/m;
export const TABLE = /^\|.*\|\n\|(?: *:?-{3,}:? *\|)+$/m;
/** a picture as GitHub writes an upload: `<img width height alt src>` */
export const DEMO_IMAGE = /<img width="(\d+)" height="(\d+)" alt="[^"]*" src="\/demo\/([a-z0-9-]+\.svg)">/g;
export const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));

export function repositoryIn(dataset: DemoDataset, fullName: string): DemoRepository {
  const found = dataset.repositories.find((r) => `${r.owner}/${r.name}` === fullName);
  if (!found) throw new Error(`${fullName} is missing`);
  return found;
}

export function numberOf(comment: IssueComment): number {
  const match = /\/issues\/(\d+)$/.exec(comment.issue_url);
  if (!match) throw new Error(`issue_url ${comment.issue_url} does not end in /issues/{number}`);
  return Number(match[1]);
}

export function allBodies(r: DemoRepository): string[] {
  return [...r.issues.map((i) => i.body ?? ''), ...r.comments.map((c) => c.body)];
}

/** every `*_at` / `due_on` value anywhere in a JSON-like value */
export function timestampsIn(value: unknown, found: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(value)) for (const item of value) timestampsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if ((key.endsWith('_at') || key === 'due_on') && inner !== null) found.push([key, inner]);
      else timestampsIn(inner, found);
    }
  }
  return found;
}
