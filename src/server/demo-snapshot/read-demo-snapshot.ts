/**
 * Reads the committed demo snapshot and validates it before anything is
 * imported: a snapshot that is missing, truncated, corrupt or of the wrong
 * shape fails naming the file and the problem, and the database is never
 * touched (issue 49). The generator lives in scripts/demo; the product only
 * reads what it wrote.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { CommandError } from '../commands/command-error';
import { demoSnapshotSchema, type DemoSnapshot } from './demo-snapshot-schema';

/** Found next to this module, never through the working directory: `npm start` may run from anywhere. */
export const DEMO_SNAPSHOT_FILE = fileURLToPath(new URL('./demo-dataset.json.gz', import.meta.url));

/** How many problems a refused snapshot lists: the first few say what is wrong; thousands would bury it. */
const MAX_ISSUES_SHOWN = 5;

const REGENERATE = 'regenerate it with `npm run demo:snapshot`';

export function readDemoSnapshot(file: string = DEMO_SNAPSHOT_FILE): DemoSnapshot {
  let json: string;
  try {
    // gunzip checks the gzip trailer's CRC-32 and length: a truncated or damaged file throws here.
    json = gunzipSync(readFileSync(file)).toString('utf8');
  } catch (err) {
    throw new CommandError(`the demo snapshot ${file} cannot be read: ${err instanceof Error ? err.message : String(err)}; ${REGENERATE}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new CommandError(`the demo snapshot ${file} is not JSON: ${err instanceof Error ? err.message : String(err)}; ${REGENERATE}`);
  }
  const parsed = demoSnapshotSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => `at ${issue.path.join('.') || '(top)'}: ${issue.message}`);
    const more = parsed.error.issues.length > MAX_ISSUES_SHOWN ? ` (and ${parsed.error.issues.length - MAX_ISSUES_SHOWN} more)` : '';
    throw new CommandError(`the demo snapshot ${file} does not have the expected shape, ${problems.join('; ')}${more}; ${REGENERATE}`);
  }
  return parsed.data;
}
