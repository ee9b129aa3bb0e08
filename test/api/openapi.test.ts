import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, renderOpenApiDocument } from '../../src/app.ts';
import { buildApp, type App } from '../../src/app.ts';

let app: App;

beforeAll(async () => {
  app = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 1 }) });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('OpenAPI', () => {
  it('openapi/openapi.json is the document the routes generate (run `npm run openapi` after changing a route)', async () => {
    const committed = fs.readFileSync(OPENAPI_FILE, 'utf8');
    expect(committed, 'openapi/openapi.json is stale: run `npm run openapi` and commit the result').toBe(await renderOpenApiDocument());
  });

  it('GET /openapi.json serves the same OpenAPI 3.1 document', async () => {
    const response = await request(app.server).get('/openapi.json').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')));
    expect(response.body.openapi).toBe('3.1.0');
  });

  it('documents every operation with an operationId and its problem+json errors as the shared Problem schema', async () => {
    const document = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8'));
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    expect(document.paths['/openapi.json']).toBeUndefined();
    for (const [path, operations] of Object.entries<Record<string, { operationId?: string; responses: Record<string, { content?: object }> }>>(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.operationId, `${method.toUpperCase()} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) >= 400) expect(response.content).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } });
        }
      }
    }
  });

  it('GET /docs renders the API reference, from assets served by the service itself', async () => {
    const page = await request(app.server).get('/docs').redirects(2).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui');
    const initializer = await request(app.server).get('/docs/static/swagger-initializer.js').expect(200);
    expect(initializer.text).toMatch(/url|json/);
  });
});
