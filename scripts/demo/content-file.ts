/**
 * Reads one of the demo's content files (content/*.json) and checks its
 * shape, so a broken file fails with its path and the bad field instead of an
 * `undefined` deep inside the generator.
 *
 * The files are found next to this module (import.meta.url), never through
 * the process's working directory: the service runs from the source tree
 * through tsx and may be started from anywhere.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const CONTENT_DIRECTORY_URL = new URL('./content/', import.meta.url);

export function contentPath(fileName: string, directory: URL = CONTENT_DIRECTORY_URL): string {
  return fileURLToPath(new URL(fileName, directory));
}

/** `directory` is for tests, which check what a broken file says */
export function readContentFile<Schema extends z.ZodType>(fileName: string, schema: Schema, directory: URL = CONTENT_DIRECTORY_URL): z.output<Schema> {
  const path = contentPath(fileName, directory);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`demo content ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`demo content ${path} does not have the expected shape:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/** an ISO 8601 UTC timestamp ("2024-03-01T10:00:00Z") as epoch milliseconds */
export const isoTimestampMs = z.iso.datetime().transform((text) => Date.parse(text));
/** an ISO 8601 day ("2024-03-01"), midnight UTC, as epoch milliseconds */
export const isoDayMs = z.iso.date().transform((text) => Date.parse(text));
