// Every error is application/problem+json with a stable code, through the one handler all plugins
// share; nothing a client sends yields a 500.

import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemError } from '../../src/api/problems.ts';
import { buildApp, type App } from '../../src/app.ts';

let app: App;

beforeAll(async () => {
  app = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 1 }) });
  // A plugin of the kind later issues add: its own schemas, errors from the shared handler.
  await app.register(
    async (plugin) => {
      plugin.post(
        '/seats',
        {
          bodyLimit: 1_024,
          schema: {
            querystring: { type: 'object', properties: { dryRun: { type: 'boolean' } } },
            body: {
              type: 'object',
              required: ['handle', 'seats'],
              properties: {
                handle: { type: 'string', minLength: 1 },
                seats: { type: 'array', items: { type: 'object', required: ['team'], properties: { team: { type: 'string' } } } },
              },
            },
          },
        },
        async (req) => ({ received: req.body }),
      );
      plugin.post(
        '/strict/:id',
        {
          schema: {
            params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
            body: { type: 'object', additionalProperties: false, properties: { handle: { type: 'string', minLength: 3 } } },
          },
        },
        async () => ({}),
      );
      plugin.get('/items/:id', async (req) => ({ id: (req.params as { id: string }).id }));
      plugin.post('/conflict', async () => {
        throw new ProblemError(409, 'VERSION_CONFLICT', 'The game moved on since version 6.', { version: 7 });
      });
      plugin.get('/bug', async () => {
        throw new Error('secret internal detail');
      });
    },
    { prefix: '/test' },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

function expectProblem(response: request.Response, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(response.body).toMatchObject({ type: 'about:blank', status, code, title: expect.any(String), detail: expect.any(String) });
  expect(response.body.requestId).toBe(response.headers['x-request-id']);
}

describe('problem+json errors', () => {
  it('NOT_FOUND for an unknown route', async () => {
    const response = await request(app.server).get('/v1/nowhere?x=1');
    expectProblem(response, 404, 'NOT_FOUND');
    expect(response.body.detail).toBe('There is no GET /v1/nowhere.');
  });

  it('NOT_FOUND for a known path with another method', async () => {
    expectProblem(await request(app.server).delete('/healthz'), 404, 'NOT_FOUND');
  });

  it('MALFORMED_REQUEST (400) for a body that is not JSON', async () => {
    const response = await request(app.server).post('/test/seats').set('content-type', 'application/json').send('{"handle": "ann",');
    expectProblem(response, 400, 'MALFORMED_REQUEST');
    expect(response.body.detail).toBe('The request body is not valid JSON.');
  });

  it('MALFORMED_REQUEST (400) for an empty JSON body', async () => {
    expectProblem(await request(app.server).post('/test/seats').set('content-type', 'application/json').send(''), 400, 'MALFORMED_REQUEST');
  });

  it('MALFORMED_REQUEST (400) for a body that tries prototype poisoning', async () => {
    const response = await request(app.server)
      .post('/test/seats')
      .set('content-type', 'application/json')
      .send('{"handle":"ann","seats":[],"__proto__":{"admin":true}}');
    expectProblem(response, 400, 'MALFORMED_REQUEST');
  });

  it('MALFORMED_REQUEST (400) for a URL that does not decode', async () => {
    expectProblem(await request(app.server).get('/test/items/%E0%A4%A'), 400, 'MALFORMED_REQUEST');
  });

  it('VALIDATION_FAILED (400) with the path of the offending field', async () => {
    const response = await request(app.server).post('/test/seats').send({ handle: 'ann', seats: [{ team: 'Judges' }, { colour: 'red' }] });
    expectProblem(response, 400, 'VALIDATION_FAILED');
    expect(response.body.errors).toEqual([{ in: 'body', path: '/seats/1/team', message: "must have required property 'team'", sentence: 'The team of seats/1 is missing.' }]);
    // The detail is for people: no validator wording.
    expect(response.body.detail).toBe('The team of seats/1 is missing.');
  });

  it('VALIDATION_FAILED words each field for people: lengths, formats, unknown fields', async () => {
    const uuid = '5b0c6a2e-0000-4000-8000-000000000000';
    const short = await request(app.server).post(`/test/strict/${uuid}`).send({ handle: 'an' });
    expectProblem(short, 400, 'VALIDATION_FAILED');
    expect(short.body.detail).toBe('The handle must be at least 3 characters long.');
    const id = await request(app.server).post('/test/strict/nope').send({});
    expect(id.body.detail).toBe('The id in the address is not a valid id (a UUID).');
    const unknown = await request(app.server).post(`/test/strict/${uuid}`).send({ hnadle: 'ann' });
    expect(unknown.body.detail).toBe('“hnadle” is not a field this request knows.');
    for (const response of [short, id, unknown]) expect(response.body.detail).not.toMatch(/must NOT|must match|body\/|params\//);
  });

  it('VALIDATION_FAILED names the part of the request: body, querystring', async () => {
    const wrongType = await request(app.server).post('/test/seats').send({ handle: { nick: 'ann' }, seats: [] });
    expect(wrongType.body.errors).toEqual([{ in: 'body', path: '/handle', message: 'must be string', sentence: 'The handle must be a string.' }]);
    const query = await request(app.server).post('/test/seats?dryRun=perhaps').send({ handle: 'ann', seats: [] });
    expectProblem(query, 400, 'VALIDATION_FAILED');
    expect(query.body.errors).toEqual([{ in: 'querystring', path: '/dryRun', message: 'must be boolean', sentence: 'The dry run in the query must be a boolean.' }]);
  });

  it('UNSUPPORTED_MEDIA_TYPE (415) for a body type no route accepts', async () => {
    expectProblem(await request(app.server).post('/test/seats').set('content-type', 'text/csv').send('a,b'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('PAYLOAD_TOO_LARGE (413) past the route’s body limit', async () => {
    expectProblem(await request(app.server).post('/test/seats').send({ handle: 'x'.repeat(2_000), seats: [] }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('carries a route’s own code and extensions', async () => {
    const response = await request(app.server).post('/test/conflict');
    expectProblem(response, 409, 'VERSION_CONFLICT');
    expect(response.body).toMatchObject({ detail: 'The game moved on since version 6.', version: 7 });
  });

  it('INTERNAL (500) for our own faults, without their details', async () => {
    const response = await request(app.server).get('/test/bug');
    expectProblem(response, 500, 'INTERNAL');
    expect(JSON.stringify(response.body)).not.toContain('secret internal detail');
  });

  it('never answers 5xx to whatever a client sends', async () => {
    const contentTypes = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data; boundary=x',
    );
    const bodies = fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((value) => JSON.stringify(value)), fc.uint8Array().map((bytes) => Buffer.from(bytes)));
    // This app has no database: only routes that need none.
    const paths = fc.constantFrom('/test/seats', '/test/seats?dryRun=maybe', '/test/items/%ZZ', '/readyz', '/v1/nowhere', '/docs/json');
    const methods = fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'GET');
    await fc.assert(
      fc.asyncProperty(methods, paths, fc.option(contentTypes, { nil: undefined }), bodies, async (method, url, contentType, body) => {
        const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
        const payload = method === 'GET' ? undefined : body;
        const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
        expect(response.statusCode, `${method} ${url} ${contentType} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      }),
      { numRuns: 300 },
    );
  });
});
