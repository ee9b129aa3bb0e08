// Bad input: fast-check throws malformed and random requests at a game in progress —
// random JSON, broken legal commands, non-JSON bodies under every content type, garbage headers,
// random ids and seats in paths, random query strings. Every refusal is a 4xx problem+json with a
// `code`, nothing is ever a 5xx, and the game's log does not move.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.ts';
import { call, readGame, register, startGame, type HttpAnswer, type HttpPlayer } from '../support/http-client.ts';

let players: HttpPlayer[];
let stranger: HttpPlayer;
let gameId: string;
let legal: ({ type: string } & Record<string, unknown>)[];
let version: number;
let baseline: string;

const t = useTestApp();
beforeAll(async () => {
  [players, stranger] = await Promise.all([Promise.all([0, 1].map(() => register(t.base, 'fuzz'))), register(t.base, 'fuzzx')]);
  gameId = await startGame(t.base, players, { seed: 'fuzz' });
  // Set-up: both seats are awaited; seat 0's legal commands would each be accepted as they are.
  const game = await readGame(t.base, gameId, players[0]!);
  legal = game.legalCommands;
  version = game.version;
  expect(legal.length).toBeGreaterThan(0);
  baseline = await fingerprint();
});

/** The game's log, seats and the stored idempotency keys, in one string. */
async function fingerprint(): Promise<string> {
  const { rows } = await t.db.pool.query(
    `SELECT g.version, g.status, g.updated_at,
       (SELECT count(*) FROM commands c WHERE c.game_id = g.id) AS commands,
       (SELECT count(*) FROM events e WHERE e.game_id = g.id) AS events,
       (SELECT json_agg(s.account_id ORDER BY s.seat) FROM game_seats s WHERE s.game_id = g.id) AS seats,
       (SELECT count(*) FROM idempotency_keys) AS keys
     FROM games g WHERE g.id = $1`,
    [gameId],
  );
  return JSON.stringify(rows[0]);
}

function expectProblem(res: HttpAnswer, what: string): void {
  const context = `${what} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  expect(res.contentType, context).toMatch(/^application\/problem\+json/);
  expect(res.body, context).toMatchObject({ status: res.status, code: expect.stringMatching(/^[A-Z][A-Z0-9_]*$/) });
}

/** A refusal that changed nothing. */
async function expectRefused(res: HttpAnswer, what: string): Promise<void> {
  expectProblem(res, what);
  expect(await fingerprint(), what).toBe(baseline);
}

/** 200 or a 4xx problem: for reads, where a random query can be a good one. */
function expectAnswer(res: HttpAnswer, what: string): void {
  if (res.status !== 200) expectProblem(res, what);
}

const commandsPath = () => `/v1/games/${gameId}/commands`;
const RUNS = 60;

/** Request text that fast-check prints shortened when it reports a counterexample. */
interface Text {
  text: string;
}
const shown = (text: string): Text & { [fc.toStringMethod]: () => string } => ({
  text,
  [fc.toStringMethod]: () => JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text),
});

// ── Arbitraries ──────────────────────────────────────────────────────────────────────────────

const KNOWN_FIELDS = new Set([
  'type', 'windowId', 'expectedVersion', 'hiEx', 'character', 'cards', 'space', 'to', 'card', 'defender', 'ally', 'moves', 'defence',
]);
const KNOWN_TYPES = new Set([
  'ASSIGN_STARTING_CARDS', 'DEPLOY', 'END_TURN', 'MOVE', 'CLIMB', 'COLLECT_FRAGMENT', 'MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'PSI', 'EXPLODE',
  'FLY', 'RALLY', 'HEAL', 'DEFEND', 'TAKE_DAMAGE', 'PSI_DISCARD', 'CLAIM_INTERRUPT', 'PASS_INTERRUPT', 'EXPIRE_WINDOW',
]);

/** Strings with the awkward characters: NUL, lone surrogates, emoji, right-to-left, quotes, very long. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\ud800b', '\u202e', '💥', '"\'\\', '%00', '../..', '$where', 'null', '__proto__', ''),
  fc.integer({ min: 65, max: 5_000 }).map((n) => 'x'.repeat(n)),
);

const anyJson = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.5, -1, 2 ** 31, Number.MAX_SAFE_INTEGER) },
);

const legalCommand = () => fc.integer({ min: 0, max: 10_000 }).map((i) => legal[i % legal.length]!);

/** JSON text nested `depth` levels deep. */
const deepJson = fc.record({ depth: fc.integer({ min: 33, max: 20_000 }), kind: fc.constantFrom('array', 'object') }).map(({ depth, kind }) =>
  kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
);

/**
 * `value` as Fastify's validator (Ajv, `coerceTypes: 'array'`) would turn it into the type of `like`:
 * `"4"`, `true` and `[4]` become numbers, a lone scalar becomes a one-item array. A fuzzed command
 * that coerces into another legal one (map card 4 instead of 1) would rightly be accepted.
 */
function coercedLike(value: unknown, like: unknown): unknown {
  if (Array.isArray(like)) return (Array.isArray(value) ? value : [value]).map((v) => coercedLike(v, like[0]));
  if (Array.isArray(value) && value.length === 1) return coercedLike(value[0], like);
  if (typeof like === 'number') {
    if (typeof value === 'boolean') return Number(value);
    if (value === null) return 0;
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  }
  if (typeof like === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
  if (typeof like === 'string' && value === null) return '';
  return value;
}

/** Whether a command is one of seat 0's legal ones (map cards in any order). */
function isLegal(command: Record<string, unknown>): boolean {
  const key = (c: Record<string, unknown>) =>
    JSON.stringify(Object.keys(c).sort().map((k) => [k, Array.isArray(c[k]) ? [...(c[k] as unknown[])].sort() : c[k]]));
  return legal.some((c) => key(c) === key(command));
}

const withField = (command: object, field: string, json: string) => JSON.stringify(command).replace(/}$/, `,${JSON.stringify(field)}:${json}}`);

/** A legal command broken in one way, so that no server may accept it. */
const brokenCommand = fc.oneof(
  // An unknown field.
  fc
    .tuple(legalCommand(), fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'prototype')), anyJson)
    .filter(([, field]) => !KNOWN_FIELDS.has(field))
    .map(([c, field, value]) => withField(c, field, JSON.stringify(value) ?? 'null')),
  // A field of the wrong type or value (never one that coerces back to the original).
  fc
    .tuple(legalCommand(), fc.nat(), anyJson)
    .map(([c, i, value]) => {
      const fields = Object.keys(c).filter((k) => k !== 'type');
      const field = fields[i % fields.length]!;
      return { c, field, value };
    })
    .filter(({ c, field, value }) => !isLegal({ ...c, [field]: coercedLike(value, c[field]) }))
    .map(({ c, field, value }) => JSON.stringify({ ...c, [field]: value })),
  // No field at all but `type`, or one required field missing.
  fc.tuple(legalCommand(), fc.nat()).map(([c, i]) => {
    const fields = Object.keys(c).filter((k) => k !== 'type' && k !== 'windowId');
    const { [fields[i % fields.length] ?? 'type']: _gone, ...rest } = c;
    return JSON.stringify(rest);
  }),
  // An unknown type.
  fc
    .tuple(legalCommand(), nastyString)
    .filter(([, type]) => !KNOWN_TYPES.has(type))
    .map(([c, type]) => JSON.stringify({ ...c, type })),
  // A version the game is not at. Fastify's validator coerces `"7"`, `true` (1) and `[7]` to numbers, and
  // fast-check favours small integers, so the game's own version, however written, is left out.
  fc
    .tuple(legalCommand(), fc.oneof(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(-1, 0.5, 1e308, '1', 'latest', true, [], {})))
    .filter(([, v]) => coercedLike(v, version) !== version)
    .map(([c, v]) => JSON.stringify({ ...c, expectedVersion: v })),
  // Big numbers written out in full.
  legalCommand().map((c) => withField(c, 'expectedVersion', `1${'0'.repeat(400)}`)),
  // Deep nesting in an unknown field.
  fc.tuple(legalCommand(), deepJson).map(([c, deep]) => withField(c, 'extra', deep)),
).map(shown);

/** Printable header values (what fetch can send), possibly long. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~'.split('')), maxLength: 60 }),
  fc.integer({ min: 256, max: 6_000 }).map((n) => 'k'.repeat(n)),
);

// ── Command bodies ───────────────────────────────────────────────────────────────────────────

describe('POST /v1/games/{id}/commands with bad bodies', () => {
  it('a legal command is accepted as it is (the fuzzed bodies are one change away from it)', async () => {
    // Checked on a twin game, so this game stays untouched.
    const twin = await startGame(t.base, players, { seed: 'fuzz' });
    const res = await call(t.base, 'POST', `/v1/games/${twin}/commands`, { token: players[0]!.token, body: legal[0] });
    expect(res.status, res.text).toBe(200);
  });

  it('random JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), fc.constantFrom(0, 1), async (body, seat) => {
        const res = await call(t.base, 'POST', commandsPath(), { token: players[seat]!.token, rawBody: JSON.stringify(body) ?? 'null', headers: { 'content-type': 'application/json' } });
        await expectRefused(res, `body ${JSON.stringify(body)?.slice(0, 200)}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('legal commands broken one way: unknown fields, wrong types, missing fields, unknown types, huge or deep values', async () => {
    await fc.assert(
      fc.asyncProperty(brokenCommand, async ({ text }) => {
        const res = await call(t.base, 'POST', commandsPath(), { token: players[0]!.token, rawBody: text, headers: { 'content-type': 'application/json' } });
        await expectRefused(res, `body ${text.slice(0, 200)}`);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it('the right command from the wrong sender: the other seat, a player without a seat, nobody', async () => {
    await fc.assert(
      fc.asyncProperty(legalCommand(), fc.constantFrom<HttpPlayer | null>(players[1]!, stranger, null), async (command, sender) => {
        const res = await call(t.base, 'POST', commandsPath(), { token: sender?.token ?? null, body: command });
        await expectRefused(res, `${sender?.handle ?? 'anonymous'} sends ${JSON.stringify(command)}`);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it('bodies that are not JSON, or not sent as JSON', async () => {
    const contentType = fc.oneof(
      fc.constantFrom(
        undefined,
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'text/plain',
        'text/html',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        'application/problem+json',
        'application/merge-patch+json',
        'application/xml',
        '*/*',
        'application',
        ';;;',
      ),
      headerValue,
    );
    const body = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      // Invalid UTF-8 inside what is otherwise a legal command.
      legalCommand().map((c) => Buffer.concat([Buffer.from(JSON.stringify(c).slice(0, -1)), Buffer.from(',"x":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')])),
      // A legal command, sent under a content type that is not JSON (or none).
      legalCommand().map((c) => JSON.stringify(c)),
      fc.constantFrom('', ' ', 'null', 'true', '[]', '{', '{"type":', 'type=END_TURN', '<xml/>', '\u0000', '{"type":"END_TURN"}garbage'),
      fc.integer({ min: 1_048_000, max: 1_100_000 }).map((n) => `{"type":"END_TURN","pad":"${'p'.repeat(n)}"}`),
    ).map((raw) => ({ raw, [fc.toStringMethod]: () => (raw.length > 300 ? `${String(raw).slice(0, 300)}… (${raw.length} long)` : fc.stringify(raw)) }));
    await fc.assert(
      fc.asyncProperty(body, contentType, async ({ raw }, type) => {
        const isLegalJson = typeof raw === 'string' && legal.some((c) => JSON.stringify(c) === raw);
        // A legal command sent as JSON would rightly be accepted: leave that case out.
        fc.pre(!(isLegalJson && type !== undefined && /^\s*application\/json\s*(;|$)/i.test(type)));
        const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        const res = await call(t.base, 'POST', commandsPath(), { token: players[0]!.token, rawBody: raw, headers });
        await expectRefused(res, `${type ?? '(no content type)'}: ${String(raw).slice(0, 120)}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });
});

describe('POST /v1/games with bad options', () => {
  it('nasty seeds, unknown or deep option fields, random maps and seats: created or refused, never a 5xx', async () => {
    const options = fc.record(
      {
        map: fc.oneof(fc.constantFrom('dan-tanna-enid-blyton', 'grand-hall-of-justice'), nastyString),
        seats: fc.oneof(
          fc.constant([{ team: 'judges' }, { team: 'slaine' }]),
          fc.array(fc.record({ team: fc.oneof(fc.constantFrom('judges', 'slaine', 'strontium-dogs'), nastyString), bot: fc.boolean() }, { requiredKeys: ['team'] }), { maxLength: 5 }),
          anyJson,
        ),
        seed: fc.oneof(nastyString, fc.string({ minLength: 1, maxLength: 128 })),
        clock: fc.oneof(fc.constantFrom('live', 'daily'), nastyString),
        extra: anyJson,
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(options, fc.option(fc.integer({ min: 33, max: 20_000 })), async (opts, depth) => {
        let text = JSON.stringify({ game: 'helter-skelter', options: opts });
        if (depth !== null) text = text.replace(/}$/, `,"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`).replace(/^{"game"/, `{"more":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},"game"`);
        const res = await call(t.base, 'POST', '/v1/games', { token: players[0]!.token, rawBody: text, headers: { 'content-type': 'application/json' } });
        if (res.status !== 201) expectProblem(res, `create ${text.slice(0, 300)}`);
      }),
      { numRuns: RUNS },
    );
  });
});

// ── Headers ──────────────────────────────────────────────────────────────────────────────────

describe('POST /v1/games/{id}/commands with bad headers', () => {
  /** A header that must make the request fail, whatever else it carries. */
  const badHeader = () => fc.oneof(
    headerValue
      .filter((v) => {
        const m = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(v.trim());
        return !m || Number(m[1]) !== version;
      })
      .map((v) => ['if-match', v] as const),
    fc.oneof(fc.integer({ min: version + 1 }), fc.constantFrom(2 ** 31, 10 ** 20)).map((v) => ['if-match', `"${v}"`] as const),
    fc.integer({ min: 256, max: 6_000 }).map((n) => ['idempotency-key', 'i'.repeat(n)] as const),
    headerValue.map((v) => ['authorization', v] as const),
    headerValue.map((v) => ['authorization', `Bearer ${v}`] as const),
    fc.constantFrom(
      ['authorization', `Bearer ${'a'.repeat(40)}.${'b'.repeat(40)}.${'c'.repeat(40)}`] as const,
      ['authorization', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'] as const,
      ['authorization', 'Basic dXNlcjpwYXNz'] as const,
      ['authorization', 'Bearer'] as const,
    ),
  );
  const otherHeaders = fc.dictionary(
    fc.constantFrom('x-request-id', 'x-forwarded-for', 'accept', 'accept-encoding', 'x-custom', 'prefer', 'cookie', 'idempotency-key'),
    headerValue.filter((v) => v.trim().length > 0 && v.length < 256),
    { maxKeys: 3 },
  );

  it('garbage If-Match, Idempotency-Key or Authorization on an otherwise acceptable command', async () => {
    await fc.assert(
      fc.asyncProperty(legalCommand(), badHeader(), otherHeaders, async (command, [name, value], others) => {
        const headers = { ...others, [name]: value };
        // Authorization garbage replaces the token; otherwise the player sends it.
        const token = name === 'authorization' ? null : players[0]!.token;
        const res = await call(t.base, 'POST', commandsPath(), { token, body: command, headers });
        await expectRefused(res, `${name}: ${value.slice(0, 80)} with ${JSON.stringify(others).slice(0, 200)}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('an empty Idempotency-Key or If-Match', async () => {
    for (const name of ['idempotency-key', 'if-match']) {
      const res = await call(t.base, 'POST', commandsPath(), { token: players[0]!.token, body: legal[0], headers: { [name]: '' } });
      await expectRefused(res, `empty ${name}`);
    }
  });
});

// ── Paths ────────────────────────────────────────────────────────────────────────────────────

describe('random game ids and seats in paths', () => {
  const randomId = fc.oneof(
    fc.uuid(),
    fc.uuid().map((u) => u.toUpperCase()),
    fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
    fc.constantFrom('%', '%zz', '%00', '%ff', '..', '.', 'null', '0', '-1', "'; DROP TABLE games; --", '00000000-0000-0000-0000-000000000000', 'x'.repeat(5000)),
  );

  it('commands to games that do not exist, or to ids that are no ids', async () => {
    await fc.assert(
      fc.asyncProperty(randomId, legalCommand(), async (id, command) => {
        const res = await call(t.base, 'POST', `/v1/games/${id}/commands`, { token: players[0]!.token, body: command });
        await expectRefused(res, `POST /v1/games/${id.slice(0, 80)}/commands`);
      }),
      { numRuns: RUNS },
    );
  });

  it('reading games, feeds and streams that do not exist', async () => {
    await fc.assert(
      fc.asyncProperty(randomId, fc.constantFrom('', '/events', '/stream', '/events?wait=0.01'), fc.constantFrom(0, 1, null), async (id, tail, who) => {
        fc.pre(id !== gameId);
        const res = await call(t.base, 'GET', `/v1/games/${id}${tail}`, { token: who === null ? null : players[who]!.token });
        expectProblem(res, `GET /v1/games/${id.slice(0, 80)}${tail}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('claiming seats: random seats of this (full) game, of games that do not exist', async () => {
    const seat = fc.oneof(
      fc.integer({ min: -5, max: 10 }).map(String),
      fc.constantFrom('1.5', '1e0', 'one', '', '%20', '99999999999999999999', '0x1', '-0'),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(gameId), randomId), seat, fc.constantFrom<HttpPlayer | null>(players[0]!, stranger, null), async (id, s, who) => {
        const res = await call(t.base, 'POST', `/v1/games/${id}/seats/${s}/claim`, { token: who?.token ?? null });
        await expectRefused(res, `claim /v1/games/${id.slice(0, 80)}/seats/${s} as ${who?.handle ?? 'anonymous'}`);
      }),
      { numRuns: RUNS },
    );
  });
});

// ── Query strings ────────────────────────────────────────────────────────────────────────────

describe('random query strings', () => {
  const number = fc.oneof(
    fc.integer({ min: -10, max: 10 }).map(String),
    fc.constantFrom('', ' ', '0', '1.5', '1e3', '-0', '+1', '0x10', 'NaN', 'Infinity', 'null', 'true', '[]', '2147483647', '2147483648', '9999999999', '99999999999999999999', `1${'0'.repeat(400)}`),
    fc.string({ maxLength: 20 }),
  );
  const query = (params: [string, string][]) => params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

  it('GET /v1/games/{id}?at=', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(number, { minLength: 1, maxLength: 2 }), fc.constantFrom(0, null), async (ats, who) => {
        const q = query(ats.map((a) => ['at', a]));
        const res = await call(t.base, 'GET', `/v1/games/${gameId}?${q}`, { token: who === null ? null : players[who]!.token });
        expectAnswer(res, `?${q}`);
        if (res.status === 200) expect((res.body as { version: number }).version).toBeLessThanOrEqual(version);
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /v1/games/{id}/events?after=&wait= (short waits)', async () => {
    const wait = fc.oneof(
      fc.constantFrom('0', '0.01', '0.05', '', '-1', '61', '1e9', 'soon', 'NaN', '[]'),
      fc.double({ min: 0, max: 0.05, noNaN: true }).map(String),
    );
    await fc.assert(
      fc.asyncProperty(number, fc.option(wait), fc.option(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))), async (after, w, extra) => {
        const params: [string, string][] = [['after', after]];
        if (w !== null) params.push(['wait', w]);
        if (extra) params.push(extra);
        const q = query(params);
        const res = await call(t.base, 'GET', `/v1/games/${gameId}/events?${q}`, { token: players[0]!.token });
        expectAnswer(res, `/events?${q}`);
        if (res.status === 200) expect((res.body as { version: number }).version).toBe(version);
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /v1/games/{id}/stream with random after and Last-Event-ID', async () => {
    const lastEventId = fc.option(fc.oneof(number, headerValue.filter((v) => v.length < 100)));
    await fc.assert(
      fc.asyncProperty(number, lastEventId, async (after, last) => {
        const abort = new AbortController();
        const headers: Record<string, string> = last === null ? {} : { 'last-event-id': last };
        const url = `${t.base}/v1/games/${gameId}/stream?${query([['after', after]])}`;
        const res = await fetch(url, { headers, signal: abort.signal });
        try {
          if (res.status === 200) {
            expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
          } else {
            const text = await res.text();
            expectProblem({ status: res.status, headers: res.headers, contentType: res.headers.get('content-type') ?? '', body: JSON.parse(text), text }, `stream after=${after} last-event-id=${last}`);
          }
        } finally {
          abort.abort();
        }
      }),
      { numRuns: RUNS / 2 },
    );
  });
});

describe('inputs that once gave a 500', () => {
  it('a command with a deeply nested unknown field (the request hash overflowed the stack)', async () => {
    for (const depth of [40, 10_000, 100_000]) {
      const res = await call(t.base, 'POST', commandsPath(), {
        token: players[0]!.token,
        rawBody: withField(legal[0]!, 'extra', '['.repeat(depth) + ']'.repeat(depth)),
        headers: { 'content-type': 'application/json', 'idempotency-key': `deep-${depth}` },
      });
      await expectRefused(res, `depth ${depth}`);
      // Refused as too deep, or, past BODY_LIMIT_BYTES, as too large.
      expect([400, 413], `depth ${depth}`).toContain(res.status);
    }
  });

  it('a command with a field named like a property of every object (the engine took "constructor" for a known field)', async () => {
    for (const field of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__', '__proto__']) {
      const res = await call(t.base, 'POST', commandsPath(), { token: players[0]!.token, rawBody: withField(legal[0]!, field, '[1]'), headers: { 'content-type': 'application/json' } });
      await expectRefused(res, field);
    }
  });

  it('a game whose seed or options hold NUL, an unpaired surrogate or deep nesting (Postgres refused the jsonb)', async () => {
    const valid = { map: 'dan-tanna-enid-blyton', seats: [{ team: 'judges' }, { team: 'slaine' }] };
    for (const text of [
      JSON.stringify({ game: 'helter-skelter', options: { ...valid, seed: '\u0000' } }),
      JSON.stringify({ game: 'helter-skelter', options: { ...valid, seed: 'a\ud800' } }),
      JSON.stringify({ game: 'helter-skelter', options: { ...valid, seed: '\udc00' } }),
      JSON.stringify({ game: 'helter-skelter', options: { ...valid, ['x\u0000']: 1 } }),
      withField({ game: 'helter-skelter', options: valid }, 'deep', '['.repeat(50_000) + ']'.repeat(50_000)),
    ]) {
      const res = await call(t.base, 'POST', '/v1/games', { token: players[0]!.token, rawBody: text, headers: { 'content-type': 'application/json' } });
      expectProblem(res, text.slice(0, 200));
      expect([400, 413], text.slice(0, 200)).toContain(res.status);
    }
    // A well-formed pair of surrogates (an emoji) is fine.
    const emoji = await call(t.base, 'POST', '/v1/games', { token: players[0]!.token, body: { game: 'helter-skelter', options: { ...valid, seed: '💥' } } });
    expect(emoji.status, emoji.text).toBe(201);
  });

  it('positions past int4 in after, Last-Event-ID and at (Postgres refused the parameter)', async () => {
    for (const big of ['2147483647', '2147483648', '9999999999', '99999999999999999999']) {
      const events = await call(t.base, 'GET', `/v1/games/${gameId}/events?after=${big}&wait=0.01`, { token: players[0]!.token });
      expectAnswer(events, `after=${big}`);
      if (events.status === 200) expect(events.body).toMatchObject({ version, events: [] });
      expectAnswer(await call(t.base, 'GET', `/v1/games/${gameId}?at=${big}`), `at=${big}`);
      for (const headers of [{ 'last-event-id': big }, {}] as Record<string, string>[]) {
        const abort = new AbortController();
        const res = await fetch(`${t.base}/v1/games/${gameId}/stream${'last-event-id' in headers ? '' : `?after=${big}`}`, { headers, signal: abort.signal });
        const contentType = res.headers.get('content-type') ?? '';
        if (res.status !== 200) expectProblem({ status: res.status, headers: res.headers, contentType, body: await res.json(), text: '' }, `stream ${big}`);
        else expect(contentType).toMatch(/^text\/event-stream/);
        abort.abort();
      }
    }
  });
});

describe('after all that', () => {
  it('the game is where it was, and still takes a legal command', async () => {
    expect(await fingerprint()).toBe(baseline);
    const res = await call(t.base, 'POST', commandsPath(), { token: players[0]!.token, body: legal[0] });
    expect(res.status, res.text).toBe(200);
  });
});
