// Issue 28: ±Infinity and 1e309 reached the handlers. 17 request shapes gave 500s
// (`…/chat?limit=Infinity`, `…/events?after=-Infinity`, `POST /v1/me/tokens
// {"expiresInDays":"Infinity"}`), `PUT /v1/me/notifications` ignored `"Infinity"`, and a webhook's
// `reminderMinutes: "Infinity"` was stored as null.
//
// Every documented route, every number it takes (query, path, body, nested bodies included), each
// non-finite spelling (Infinity, -Infinity, 1e309, -1e309, NaN; as strings, and as JSON numbers in
// bodies): the answer is 400 VALIDATION_FAILED in problem+json, naming the field, and nothing
// changes (src/api/finite-numbers.ts). The routes and their fields are read from the live OpenAPI
// document, so a route added later is covered.

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';

const t = useTestApp({ webhookPolicy: { allowHttp: true, allowPrivate: true } });

type Schema = {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  examples?: unknown[];
};
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema; examples?: Record<string, { value: unknown }>; example?: unknown }> };
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const SPELLINGS = ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN'];
/** Raw JSON: numbers JSON.parse turns into ±Infinity. */
const JSON_NUMBERS = ['1e309', '-1e309', '-1E+400'];

const types = (schema: Schema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);
const isNumeric = (schema: Schema) => types(schema).some((type) => type === 'number' || type === 'integer');

/** The JSON Pointers of every numeric field in a body schema, through refs, unions and arrays. */
function numericPaths(document: Document, schema: Schema, at: string[] = [], seen = new Set<string>()): { path: string[]; acceptsString: boolean }[] {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    return numericPaths(document, document.components.schemas[name] ?? {}, at, new Set([...seen, name]));
  }
  const found: { path: string[]; acceptsString: boolean }[] = [];
  if (isNumeric(schema)) found.push({ path: at, acceptsString: types(schema).includes('string') });
  for (const branch of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) found.push(...numericPaths(document, branch, at, seen));
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...numericPaths(document, property, [...at, name], seen));
  if (schema.items) found.push(...numericPaths(document, schema.items, [...at, '0'], seen));
  return found;
}

/** `body` with the value at `path` replaced by a marker (intermediate objects and arrays made as needed). */
function withMarker(body: unknown, path: string[], marker: string): unknown {
  if (path.length === 0) return marker;
  const [head, ...rest] = path as [string, ...string[]];
  const isIndex = /^\d+$/.test(head);
  const container: Record<string, unknown> | unknown[] =
    body !== null && typeof body === 'object' ? (Array.isArray(body) ? [...body] : { ...(body as Record<string, unknown>) }) : isIndex ? [] : {};
  (container as Record<string, unknown>)[head] = withMarker((container as Record<string, unknown>)[head], rest, marker);
  return container;
}

const MARKER = '__NON_FINITE__';

interface Attempt {
  method: string;
  url: string;
  body?: string;
  /** Where the refusal must point: `querystring/limit`, `body/options/clock/turnSeconds`. */
  field: string;
}

describe('non-finite numbers, on every route', () => {
  it('are refused with 400 VALIDATION_FAILED naming the field, in query, path and body alike', async () => {
    const registered = await (await fetch(`${t.base}/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle: 'infinite_judge', email: 'infinite@example.test', password: 'correct horse battery staple' }),
    })).json() as { token: string };
    const auth = { authorization: `Bearer ${registered.token}` };
    const document = (await (await fetch(`${t.base}/docs/json`)).json()) as Document;

    // Real resources, so that a number that got past validation would reach a handler that reads it.
    const game = (await (
      await fetch(`${t.base}/v1/games`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(Object.values(document.paths['/v1/games']!.post!.requestBody!.content!['application/json']!.examples!)[0]!.value) })
    ).json()) as { id: string };
    expect(game.id).toBeTypeOf('string');
    const webhook = (await (
      await fetch(`${t.base}/v1/webhooks`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ url: 'http://127.0.0.1:9/hook' }) })
    ).json()) as { id: string };
    expect(webhook.id).toBeTypeOf('string');
    // Seated, so that a command reaches the game's rules.
    expect((await fetch(`${t.base}/v1/games/${game.id}/seats/0/claim`, { method: 'POST', headers: auth })).status).toBe(200);
    const fill = (template: string, numeric: string | null, value: string) =>
      template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
        if (name === numeric) return encodeURIComponent(value);
        if (name === 'id') return template.startsWith('/v1/webhooks') ? webhook.id : template.startsWith('/v1/me/tokens') ? '7d1c3a52-1f4e-4a43-9a53-2f7f0c1e9b10' : game.id;
        if (name === 'game') return 'helter-skelter';
        return { seat: '0', handle: 'infinite_judge', map: 'factory' }[name] ?? 'x';
      });

    const attempts: Attempt[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const parameter of operation.parameters ?? []) {
          if (!parameter.schema || !isNumeric(parameter.schema) || (parameter.in !== 'query' && parameter.in !== 'path')) continue;
          for (const value of SPELLINGS) {
            const url = parameter.in === 'path' ? fill(template, parameter.name, value) : `${fill(template, null, '')}?${parameter.name}=${encodeURIComponent(value)}`;
            attempts.push({ method: method.toUpperCase(), url, field: `${parameter.in === 'query' ? 'querystring' : 'params'}/${parameter.name}` });
          }
        }
        const json = operation.requestBody?.content?.['application/json'];
        if (!json?.schema) continue;
        const example = json.example ?? Object.values(json.examples ?? {})[0]?.value ?? {};
        for (const { path, acceptsString } of numericPaths(document, json.schema)) {
          const spelled = [...(acceptsString ? [] : SPELLINGS.map((value) => JSON.stringify(value))), ...JSON_NUMBERS];
          for (const value of spelled) {
            const body = JSON.stringify(withMarker(example, path, MARKER)).replace(JSON.stringify(MARKER), value);
            attempts.push({ method: method.toUpperCase(), url: fill(template, null, ''), body, field: `body/${path.join('/')}` });
          }
        }
      }
    }
    // Every kind the issue named is among them.
    const shapes = new Set(attempts.map((a) => `${a.method} ${a.url.replace(/\?.*/, '').replace(game.id, '{id}').replace(webhook.id, '{id}')} ${a.field}`));
    for (const named of [
      'GET /v1/games/{id}/chat querystring/limit',
      'GET /v1/games/{id}/events querystring/after',
      'POST /v1/me/tokens body/expiresInDays',
      'PUT /v1/me/notifications body/digestMinutes',
      'POST /v1/webhooks body/reminderMinutes',
      'PATCH /v1/webhooks/{id} body/reminderMinutes',
    ]) {
      expect(shapes, named).toContain(named);
    }

    const wrong: string[] = [];
    for (const attempt of attempts) {
      // A stream opened after `Infinity` would never answer: give up on it, and say so.
      const response = await fetch(t.base + attempt.url, {
        method: attempt.method,
        headers: { ...auth, ...(attempt.body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(attempt.body === undefined ? {} : { body: attempt.body }),
        signal: AbortSignal.timeout(5_000),
      }).catch(() => null);
      const text = response === null ? '' : await response.text().catch(() => '(no end)');
      if (response === null || text === '(no end)') {
        wrong.push(`${attempt.method} ${attempt.url} ${attempt.body ?? ''} → no complete answer`);
        continue;
      }
      const problem = response.headers.get('content-type')?.startsWith('application/problem+json') ? (JSON.parse(text) as { code?: string; errors?: { in: string; path: string }[] }) : null;
      // Where the field is inside a union (a game's options, a command), another branch may be the one refused first: the code is the same.
      const named = problem?.errors?.some((error) => `${error.in}${error.path}` === attempt.field);
      const simple = !attempt.field.startsWith('body/options') && !/\/commands|\/preview|\/v1\/games$|\/orders|\/preferences/.test(attempt.url);
      // A command's body is the game's to judge (src/service/play.ts): a string where it wants a
      // number is its own refusal (4xx). A number that is not finite never reaches it.
      const judgedByTheGame = /\/commands$|\/preview$/.test(attempt.url) && !JSON_NUMBERS.some((value) => attempt.body?.includes(`:${value}`));
      if (judgedByTheGame) {
        if (response.status < 400 || response.status >= 500 || problem === null) wrong.push(`${attempt.method} ${attempt.url} ${attempt.body ?? ''} → ${response.status} ${text.slice(0, 200)}`);
        continue;
      }
      if (response.status !== 400 || problem?.code !== 'VALIDATION_FAILED' || (simple && !named)) {
        wrong.push(`${attempt.method} ${attempt.url} ${attempt.body ?? ''} → ${response.status} ${text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(attempts.length).toBeGreaterThan(100);
  }, 300_000);

  it('change nothing: notification settings and a webhook’s reminder stay as they were', async () => {
    const registered = await (await fetch(`${t.base}/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ handle: 'finite_judge', email: 'finite@example.test', password: 'correct horse battery staple' }),
    })).json() as { token: string };
    const headers = { authorization: `Bearer ${registered.token}`, 'content-type': 'application/json' };
    const settings = async () => (await fetch(`${t.base}/v1/me/notifications`, { headers })).json();
    const before = await settings();
    for (const body of ['{"digestMinutes":"Infinity"}', '{"quietMinutes":"Infinity"}', '{"reminderMinutes":"Infinity"}', '{"reminderMinutes":1e309}']) {
      const response = await fetch(`${t.base}/v1/me/notifications`, { method: 'PUT', headers, body });
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
    expect(await settings()).toEqual(before);

    const created = await fetch(`${t.base}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: 'http://127.0.0.1:9/finite', reminderMinutes: 'Infinity' }) });
    expect(created.status).toBe(400);
    const hook = (await (await fetch(`${t.base}/v1/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: 'http://127.0.0.1:9/finite', reminderMinutes: 30 }) })).json()) as { id: string };
    const patched = await fetch(`${t.base}/v1/webhooks/${hook.id}`, { method: 'PATCH', headers, body: '{"reminderMinutes":"Infinity"}' });
    expect(patched.status).toBe(400);
    expect(((await (await fetch(`${t.base}/v1/webhooks/${hook.id}`, { headers })).json()) as { reminderMinutes: number | null }).reminderMinutes).toBe(30);
  });
});
