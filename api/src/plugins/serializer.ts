// The response serializer: fastify-type-provider-zod's (every answer is checked against its zod schema,
// then stringified), remembering the JSON of deep-frozen answers. Such an answer is a cached view
// (views/read-cache.ts, `deepFreeze`) that cannot change, so checking and stringifying it again would
// give the same text; the memo is per route and status (each compiled schema has its own) and holds
// answers weakly.
// It keeps the UTF-8 bytes, so the length and the socket write need no new encoding of the text
// (a log page is about 9 KB, with Chinese names and summaries).
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { isDeepFrozen } from '../views/read-cache.ts';

type Compiler = FastifySerializerCompiler<Parameters<typeof serializerCompiler>[0]['schema']>;

export const rememberingSerializerCompiler: Compiler = (routeSchema) => {
  const serialize = serializerCompiler(routeSchema);
  const remembered = new WeakMap<object, Buffer>();
  return (data: unknown) => {
    if (!isDeepFrozen(data)) return serialize(data);
    let bytes = remembered.get(data);
    if (bytes === undefined) {
      bytes = Buffer.from(serialize(data));
      remembered.set(data, bytes);
    }
    // Fastify sends a serializer's Buffer as it is (reply.js onSendEnd); its type names only strings.
    return bytes as unknown as string;
  };
};
