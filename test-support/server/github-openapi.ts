/**
 * GitHub's own description of its REST API (`@octokit/openapi`, the
 * dereferenced `api.github.com` document) as JSON Schema validators, so tests
 * hold our answers to a reference we did not write.
 *
 * The document is 70 MB: it is read once per test file (vitest isolates
 * files), and only the operations asked for are compiled.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

interface OpenApiResponse {
  content?: Record<string, { schema?: object }>;
  headers?: Record<string, unknown>;
}
interface OpenApiOperation {
  operationId: string;
  responses: Record<string, OpenApiResponse>;
  externalDocs?: { url?: string };
}
interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
}

const require = createRequire(import.meta.url);
const DOCUMENT_FILE = require.resolve('@octokit/openapi/generated/api.github.com.deref.json');

let cachedDocument: OpenApiDocument | null = null;
function githubDocument(): OpenApiDocument {
  cachedDocument ??= JSON.parse(readFileSync(DOCUMENT_FILE, 'utf8')) as OpenApiDocument;
  return cachedDocument;
}

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

/**
 * OpenAPI 3.0's `nullable: true` as JSON Schema: `type: [t, 'null']` where
 * there is a type, otherwise "this or null". The document also uses it next
 * to `anyOf`/`allOf` without a type, which ajv's own `nullable` rejects.
 */
export function openApiToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiToJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    // `example`/`examples` hold sample data, not schemas.
    out[k] = k === 'example' || k === 'examples' || k === 'enum' || k === 'default' ? v : openApiToJsonSchema(v);
  }
  if (out.nullable !== true) {
    delete out.nullable;
    return out;
  }
  delete out.nullable;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function newAjv(): Ajv {
  // The document's annotations (`example`, `x-github`…) are not JSON Schema, so strict mode is off.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('int32', true);
  ajv.addFormat('int64', true);
  ajv.addFormat('binary', true);
  ajv.addFormat('repo.nwo', true);
  ajv.addFormat('ssh-key', true);
  ajv.addFormat('ssh-key fingerprint', true);
  ajv.addFormat('uuid', true);
  return ajv;
}

export interface CheckResult {
  valid: boolean;
  /** one line per schema violation: `/0/user must have required property 'followers_url'` */
  errors: string[];
}

function describe(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ''}`);
}

export interface GithubOperation {
  operationId: string;
  method: string;
  path: string;
  /** the statuses GitHub documents for this operation */
  statuses: string[];
  /** the operation's page in GitHub's REST docs: what its errors' `documentation_url` names */
  documentationUrl: string | null;
  /** validates a JSON body against the schema of `status` */
  check(status: number, body: unknown): CheckResult;
  /** the schema of one element, for array answers */
  checkItem(status: number, item: unknown): CheckResult;
}

/** GitHub's description version, e.g. `23.0.2`, for messages. */
export function githubDescriptionVersion(): string {
  return githubDocument().info.version;
}

/** Finds operations by their `operationId` (e.g. `issues/list-for-repo`) and compiles their response schemas. */
export function githubOperations<const Ids extends readonly string[]>(...ids: Ids): Record<Ids[number], GithubOperation> {
  const doc = githubDocument();
  const wanted = new Set<string>(ids);
  const found = new Map<string, GithubOperation>();
  const ajv = newAjv();

  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, value] of Object.entries(item)) {
      const op = value as Partial<OpenApiOperation>;
      if (typeof op.operationId !== 'string' || !wanted.has(op.operationId)) continue;
      const validators = new Map<string, { whole: ValidateFunction; item: ValidateFunction | null }>();
      const schemaOf = (status: number) => {
        const key = String(status);
        let compiled = validators.get(key);
        if (!compiled) {
          const schema = op.responses?.[key]?.content?.['application/json']?.schema as { type?: string; items?: object } | undefined;
          if (!schema) throw new Error(`${op.operationId} documents no JSON body for ${key} (it documents ${Object.keys(op.responses ?? {}).join(', ')})`);
          compiled = {
            whole: ajv.compile(openApiToJsonSchema(schema) as object),
            item: schema.type === 'array' && schema.items ? ajv.compile(openApiToJsonSchema(schema.items) as object) : null,
          };
          validators.set(key, compiled);
        }
        return compiled;
      };
      found.set(op.operationId, {
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        statuses: Object.keys(op.responses ?? {}),
        documentationUrl: op.externalDocs?.url ?? null,
        check(status, body) {
          const v = schemaOf(status).whole;
          const valid = v(body);
          return { valid, errors: describe(v.errors) };
        },
        checkItem(status, item) {
          const v = schemaOf(status).item;
          if (!v) throw new Error(`${op.operationId} ${status} is not an array`);
          const valid = v(item);
          return { valid, errors: describe(v.errors) };
        },
      });
    }
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new Error(`GitHub's description has no operation ${missing.join(', ')}`);
  return Object.fromEntries(found) as Record<Ids[number], GithubOperation>;
}

/**
 * A validator for one of the shapes an operation's array items may take (`anyOf`), named by its
 * title (`Labeled Issue Event`): for answers whose item schema allows so many shapes, some
 * without a required field, that it alone would pass almost anything.
 */
export function githubItemShape(operationId: string, title: string): (value: unknown) => CheckResult {
  for (const item of Object.values(githubDocument().paths)) {
    for (const value of Object.values(item)) {
      const op = value as Partial<OpenApiOperation>;
      if (op.operationId !== operationId) continue;
      const items = (op.responses?.['200']?.content?.['application/json']?.schema as { items?: { anyOf?: Array<{ title?: string }> } } | undefined)?.items;
      const shape = items?.anyOf?.find((s) => s.title === title);
      if (!shape) throw new Error(`${operationId} has no item shape titled ${title}`);
      const validate = newAjv().compile(openApiToJsonSchema(shape) as object);
      return (candidate) => {
        const valid = validate(candidate);
        return { valid, errors: describe(validate.errors) };
      };
    }
  }
  throw new Error(`GitHub's description has no operation ${operationId}`);
}
