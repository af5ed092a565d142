import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<import('fastify').FastifyInstance['setSerializerCompiler']>[0];

/**
 * Response serializer: Fastify's own fast-json-stringify, compiled once per route from the JSON schema of the
 * route's zod response schema, instead of running zod on every answer and then JSON.stringify. It
 * writes only the properties the schema lists, as zod's parse did. A schema JSON Schema cannot express
 * (transforms, dates) keeps the zod serializer, so its output never changes.
 */
export const serializerCompiler: SerializerCompiler = (route) => {
  // Compiled on the route's first answer, not at start: most routes of a server are never called between two
  // restarts, and ~130 compiled serializers weigh on the idle memory and the cold start.
  let compiled: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    compiled ??= compile(route);
    return compiled(data);
  };
};

function compile(route: Parameters<SerializerCompiler>[0]): (data: unknown) => string {
  const schema = route.schema as unknown;
  if (schema instanceof z.ZodType) {
    try {
      return fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0]);
    } catch {
      // not representable as JSON Schema: zod below
    }
  }
  return (zodSerializerCompiler as unknown as SerializerCompiler)(route) as (data: unknown) => string;
}
