/**
 * GitHub's own OpenAPI description (from @octokit/openapi), cut down to
 * `GET /repos/{owner}/{repo}/issues` and the components it references, so
 * Prism mocks the very operation we implement without spending a minute
 * loading the other ~1,000 operations.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const OPERATION_PATH = '/repos/{owner}/{repo}/issues';
const REF_PREFIX = '#/components/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function collectRefs(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(REF_PREFIX)) into.add(child);
      else collectRefs(child, into);
    }
  }
}

export function writeIssuesOperationSpec(file: string): void {
  const source = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const spec = JSON.parse(readFileSync(source, 'utf8')) as JsonObject;
  const paths = spec.paths;
  const components = spec.components;
  if (!isObject(paths) || !isObject(components)) throw new Error(`${source} has no paths or components`);
  const pathItem = paths[OPERATION_PATH];
  if (!isObject(pathItem) || !isObject(pathItem.get)) throw new Error(`${source} has no GET ${OPERATION_PATH}`);
  const operation = pathItem.get;

  // Follow references transitively: a schema refers to schemas that refer to more.
  const seen = new Set<string>();
  const pending = new Set<string>();
  collectRefs(operation, pending);
  const kept: Record<string, JsonObject> = {};
  while (pending.size > 0) {
    const [ref] = pending;
    if (ref === undefined) break;
    pending.delete(ref);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [section = '', name = ''] = ref.slice(REF_PREFIX.length).split('/');
    const sectionObject = components[section];
    const target = isObject(sectionObject) ? sectionObject[name] : undefined;
    if (target === undefined) throw new Error(`${source}: unresolved ${ref}`);
    (kept[section] ??= {})[name] = target;
    collectRefs(target, pending);
  }

  const cut: JsonObject = {
    openapi: spec.openapi ?? '3.0.3',
    info: spec.info ?? { title: 'GitHub', version: '0' },
    servers: spec.servers ?? [],
    paths: { [OPERATION_PATH]: { get: operation } },
    components: kept,
  };
  writeFileSync(file, JSON.stringify(cut));
}
