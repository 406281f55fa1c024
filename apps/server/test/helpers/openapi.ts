import type { TestServer } from './server.ts';

/**
 * The operations of GET /api/openapi.json, in the shape the security tests walk: each one with its
 * `x-access`, path and query parameters and JSON request body schema. Tests derive their route lists
 * from here, so a new route is covered without anyone remembering to add it.
 */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export type Access = 'public' | 'user' | 'admin';

export interface Operation {
  /** Upper case: GET, POST… */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form: /api/laudos/{id}. */
  path: string;
  access: Access;
  /**
   * The plan feature the route needs (`x-recurso`: one, or a list of which any one will do), if any:
   * a client without it gets 403 RECURSO_FORA_DO_PLANO.
   */
  recurso?: string | string[];
  /** An API key may call it (`x-chave-api`, decision 024). */
  chaveApi: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  jsonBody?: JsonSchema;
  /** Request content types the operation declares (multipart uploads declare only `consumes`). */
  consumes: string[];
  /** `METHOD /path`, for messages. */
  label: string;
}

interface RawOperation {
  'x-access'?: Access;
  'x-recurso'?: string | string[];
  'x-chave-api'?: boolean;
  parameters?: Parameter[];
  consumes?: string[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export async function loadOperations(t: TestServer): Promise<Operation[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json: ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, RawOperation>> };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(byMethod)) {
      const params = raw.parameters ?? [];
      const content = raw.requestBody?.content ?? {};
      const upper = method.toUpperCase() as Operation['method'];
      operations.push({
        method: upper,
        path,
        access: raw['x-access'] as Access,
        ...(raw['x-recurso'] ? { recurso: raw['x-recurso'] } : {}),
        chaveApi: raw['x-chave-api'] === true,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        ...(content['application/json']?.schema ? { jsonBody: content['application/json'].schema } : {}),
        consumes: [...Object.keys(content), ...(raw.consumes ?? [])],
        label: `${upper} ${path}`,
      });
    }
  }
  return operations;
}

/** Whether a state-changing method. */
export const changesState = (op: Pick<Operation, 'method'>) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(op.method);
