// The response serializer: fastify-type-provider-zod's (every answer is checked against its zod schema,
// then stringified), remembering the JSON of frozen answers. A frozen answer is a cached view
// (views/read-cache.ts) that cannot change, so checking and stringifying it again would give the same
// text; the memo is per route and status (each compiled schema has its own) and holds answers weakly.
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';

type Compiler = FastifySerializerCompiler<Parameters<typeof serializerCompiler>[0]['schema']>;

export const rememberingSerializerCompiler: Compiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const remembered = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
    let text = remembered.get(data);
    if (text === undefined) {
      text = serialize(data);
      remembered.set(data, text);
    }
    return text;
  };
};
