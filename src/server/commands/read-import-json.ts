/** Reads one of `import`'s JSON files and validates it, failing with a message that names the file and the place. */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { CommandError } from './command-error';

export function readImportJson<T>(file: string, schema: z.ZodType<T>, what: string): T {
  let raw: unknown;
  try {
    // Read as bytes and then decoded: Node 20's `readFileSync(file, 'utf8')` is slower for large files.
    raw = JSON.parse(readFileSync(file).toString('utf8'));
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
