import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * A route-level serializer for hot reads: the response's zod schema is turned into JSON Schema
 * once and compiled by fast-json-stringify. Like the zod serializer it writes only the declared
 * fields (a new column never leaks); unlike it, it does not re-check the values at run time —
 * ~5 µs instead of ~60 µs for the dashboard — so use it only where the service's return type
 * (inferred from the same schema) already guarantees the shape.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.ZodType)) throw new Error('fastSerializerCompiler needs a zod response schema');
  return fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as Parameters<typeof fastJson>[0]);
}
