/**
 * Headers kept as plain objects with lower-case names, the shape node:http takes
 * and the answer-building code merges by name. A plain loop over `for...in`
 * rather than Object.entries and spreads: it runs for every answer, and the
 * arrays and copies those make were a visible part of a 304's cost.
 */

/** Copies `headers` into `target` with lower-case names, over any of the same name. */
export function copyLowerCased(target: Record<string, string>, headers: Readonly<Record<string, string>>): void {
  for (const name in headers) target[name.toLowerCase()] = headers[name] as string;
}
