// The contracts are the routes: every call of every domain module is a route of the app, every route is
// in a contract, and the OpenAPI document shows each route with its contract's fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestPortal, type TestPortal } from '../testing.ts';
import { allEndpoints, contracts } from './index.ts';
import type { Endpoint } from './shared.ts';

let portal: TestPortal;
let openapi: { paths: Record<string, Record<string, OpenApiOperation>> };

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: { 'application/json'?: { schema?: JsonSchema } } }>;
}
interface JsonSchema {
  anyOf?: JsonSchema[];
  properties?: Record<string, unknown>;
}

/** Fastify's `/a/:b?` as the OpenAPI document writes it: `/api/a/{b}?`. */
const openApiPath = (call: Endpoint) => `/api${call.path.replace(/:(\w+)/g, '{$1}')}`;

beforeAll(async () => {
  portal = await createTestPortal();
  const answer = await portal.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(answer.statusCode).toBe(200);
  openapi = answer.json();
});
afterAll(() => portal.close());

describe('api/src/contracts', () => {
  it('has one call per route: each call is a route, each route under /api is a call', () => {
    const documented = Object.entries(openapi.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const declared = allEndpoints.map((call) => `${call.method} ${openApiPath(call)}`);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...documented].sort());
    expect(declared.length).toBeGreaterThanOrEqual(45);
    for (const call of allEndpoints) {
      expect(portal.app.hasRoute({ method: call.method, url: `/api${call.path}` }), call.path).toBe(true);
    }
  });

  it('documents each route with its contract: body, path parameters, query, and the ok fields', () => {
    for (const call of allEndpoints) {
      const operation = openapi.paths[openApiPath(call)]?.[call.method.toLowerCase()];
      expect(operation, `${call.method} ${call.path}`).toBeDefined();
      if (!operation) continue;
      expect(operation.requestBody !== undefined, `${call.path} body`).toBe(call.body !== undefined);
      const parameters = operation.parameters ?? [];
      if (call.params instanceof z.ZodObject)
        expect(parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(
          Object.keys(call.params.shape),
        );
      if (call.query instanceof z.ZodObject)
        expect(parameters.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
          Object.keys(call.query.shape),
        );
      const schema = operation.responses['200']?.content?.['application/json']?.schema;
      const okSchema = call.fail ? schema?.anyOf?.[0] : schema;
      if (call.ok instanceof z.ZodObject)
        expect(Object.keys(okSchema?.properties ?? {}), `${call.path} ok fields`).toEqual(
          Object.keys(call.ok.shape),
        );
    }
  });

  it('is pure zod: no contract module imports Fastify or the app', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const folder = new URL('.', import.meta.url);
    for (const file of await readdir(folder)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const source = await readFile(new URL(file, folder), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      for (const imported of imports)
        expect(imported, `${file} imports ${imported}`).toMatch(
          /^(zod|\.\/[\w-]+\.ts|@club\/core\/[\w/-]+)$/,
        );
    }
    expect(Object.keys(contracts).length).toBeGreaterThanOrEqual(11);
  });
});
