import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Responses are written by fast-json-stringify from the route's zod schema turned into JSON Schema,
 * as Fastify writes them by default: only the declared fields go out (an internal column added to a
 * query never leaks), at a fraction of zod's cost. fastify-type-provider-zod's serializer encodes
 * every response through zod first (validating each field and running refinements such as the
 * calendar-date check), which was ~10% of the server CPU of the laudo list (issue 15, profile in
 * docs/benchmarks.md). A schema that JSON Schema cannot express falls back to that serializer.
 */

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) becomes X with `null` among its types, which
 * fast-json-stringify writes directly; it would otherwise validate every value against each branch.
 */
function simplificar(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplificar);
  if (!schema || typeof schema !== 'object') return schema;
  const s = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, simplificar(v)])) as JsonSchema;
  const ramos = s.anyOf;
  if (Array.isArray(ramos) && ramos.length === 2) {
    const nulo = ramos.findIndex((r: JsonSchema) => r.type === 'null' && Object.keys(r).length === 1);
    const outro = ramos[1 - nulo] as JsonSchema | undefined;
    if (nulo >= 0 && outro && typeof outro.type === 'string') {
      const { anyOf: _, ...resto } = s;
      return { ...resto, ...outro, type: [outro.type, 'null'] };
    }
  }
  return s;
}

export const serializerCompiler: FastifySerializerCompiler<ZodType> = (routeSchema) => {
  const { schema } = routeSchema;
  let json: JsonSchema;
  try {
    // Instants (z.date()) have no JSON Schema: left open, they are written as JSON.stringify
    // writes a Date, an ISO string, as before.
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return zodSerializer(routeSchema as never);
  }
  const { $schema: _, ...semVersao } = json;
  return fastJson(simplificar(semVersao) as never);
};
