// Whatever a client sends to any documented route — wrong methods, garbage bodies, odd content
// types, nonsense path parameters, no credentials or bad ones — the answer is never a 5xx, and
// every error is problem+json. Routes are taken from the OpenAPI document, so new ones are covered
// as they are added.

import fc from 'fast-check';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../src/app.ts';
import { useTestApp } from '../support/app.ts';

const service = useTestApp();

const documented = Object.keys((JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as { paths: object }).paths);

const pathParameter = fc.oneof(
  fc.uuid(),
  fc.constantFrom('0', '1', '-1', '99999999999999999999', 'null', '%00', '..', 'helter-skelter'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

// Issue 28: numbers that are not finite, as every route's numbers may be spelled (the full sweep,
// route by route and field by field, is test/robustness/non-finite-numbers.test.ts).
const NON_FINITE = ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN'];
const NON_FINITE_QUERIES = NON_FINITE.flatMap((value) => ['after', 'before', 'limit', 'wait', 'at'].map((name) => `?${name}=${value}`));

const url = fc.tuple(fc.constantFrom(...documented), fc.array(pathParameter, { minLength: 4, maxLength: 4 }), fc.constantFrom('', '?after=-1', '?wait=abc', '?at=x', '?status=nope&awaiting=maybe', '?after=1&wait=0', ...NON_FINITE_QUERIES)).map(
  ([template, parameters, query]) => {
    let i = 0;
    return template.replace(/\{[^}]+\}/g, () => parameters[i++]!) + query;
  },
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.record({ type: fc.string({ maxLength: 20 }), expectedVersion: fc.oneof(fc.integer(), fc.string()) }).map((value) => JSON.stringify(value)),
  // A non-finite number, as a JSON string or as a JSON number that parses to ±Infinity, in any field.
  fc
    .tuple(fc.constantFrom('expiresInDays', 'days', 'digestMinutes', 'quietMinutes', 'reminderMinutes', 'expectedVersion', 'seats', 'limit'), fc.constantFrom(...NON_FINITE.map((v) => JSON.stringify(v)), '1e309', '-1e309'))
    .map(([field, value]) => `{"${field}":${value}}`),
);

const headers = fc.record(
  {
    'content-type': fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream'),
    authorization: fc.constantFrom('Bearer', 'Bearer x.y.z', 'Bearer eyJhbGciOiJFZERTQSJ9.e30.AAAA', 'Basic dXNlcjpwYXNz', 'Bearer '),
    'idempotency-key': fc.string({ maxLength: 300 }),
    'if-match': fc.constantFrom('"7"', '*', 'W/"x"', 'garbage'),
    'last-event-id': fc.constantFrom('-5', 'abc', '1'),
  },
  { requiredKeys: [] },
);

describe('any client input', () => {
  it('never gets a 5xx from a documented route, and errors are problem+json', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), url, headers, body, async (method, target, sent, payload) => {
        const response = await service.app.inject({
          method,
          url: target,
          headers: sent,
          ...(payload === undefined || method === 'GET' ? {} : { payload }),
        });
        const what = `${method} ${target} ${JSON.stringify(sent)} ${payload ?? ''} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(response.statusCode, what).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.headers['content-type'], what).toBe('application/problem+json; charset=utf-8');
      }),
      { numRuns: 400 },
    );
  }, 60_000);
});
