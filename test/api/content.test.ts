// Static content over HTTP: a third-party client resolves every opaque id a
// game's views and legal commands show (cards, characters, teams, spaces) from
// GET /v1/games/{game}/content and /maps/{map}, draws the map from /maps/{map}.svg, and caches
// all three by ETag. Unknown games and maps are 404 problems; a game's uuid never reaches them.

import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../src/app.ts';
import { buildApp } from '../../src/app.ts';
import { useTestApp } from '../support/app.ts';
import { as, getGame, registerPlayer, send, startGameFor, type Player } from '../support/players.ts';

const t = useTestApp();
let players: Player[];

beforeAll(async () => {
  players = [await registerPlayer(t.app, 'content'), await registerPlayer(t.app, 'content')];
});

const get = (path: string, headers: Record<string, string> = {}) => request(t.app.server).get(path).set(headers);

interface Content {
  teams: { id: string; characters: string[]; otherForms: string[]; deck: string[] }[];
  characters: { id: string }[];
  cards: { id: string; team: string }[];
  mapCards: { designation: number }[];
  maps: { id: string }[];
}
interface MapDoc {
  id: string;
  spaces: { designation: number }[];
  falls: { id: string }[];
}

/** Card ids and space designations named anywhere in a view or a command, by the fields that hold them. */
function namedIds(value: unknown, found = { cards: new Set<string>(), spaces: new Set<number>(), characters: new Set<string>() }, key = '') {
  if (Array.isArray(value)) for (const item of value) namedIds(item, found, key);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) namedIds(v, found, k);
  else if (['hand', 'discard', 'card', 'cards', 'climbCard', 'myAnswer'].includes(key) && typeof value === 'string') found.cards.add(value);
  else if (['space', 'to', 'mapCards', 'startingCards'].includes(key) && typeof value === 'number') found.spaces.add(value);
  else if (['character', 'form', 'defender', 'ally', 'kills'].includes(key) && typeof value === 'string') found.characters.add(value);
  return found;
}

/** Validates a served body against the committed OpenAPI document's schema, every object closed. */
function fitsDocument(schemaName: string, body: unknown): string[] {
  const document = JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')) as { components: object };
  const close = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(close);
    if (schema === null || typeof schema !== 'object') return schema;
    const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'examples' ? v : close(v)]));
    if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
    return out;
  };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'openapi', components: close(document.components) });
  const validate = ajv.compile({ $ref: `openapi#/components/schemas/${schemaName}` });
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/**
 * Well-formed XML, simply: one root element, every tag closed in order, attribute values quoted,
 * no stray `<` or `&` in text. Not a validator, but it catches what string-built SVG gets wrong.
 */
function xmlProblem(text: string): string | null {
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g;
  const stack: string[] = [];
  let roots = 0;
  let last = 0;
  for (const m of text.matchAll(token)) {
    if (stack.length === 0 && text.slice(last, m.index).trim() !== '') return `text outside the root at ${last}`;
    last = m.index + m[0].length;
    if (m[0] === '<') return `a stray < at ${m.index}`;
    if (m[0].startsWith('&')) return `a stray & at ${m.index}`;
    if (m[0].startsWith('<!--') || m[0].startsWith('<?')) continue;
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) return `</${name}> at ${m.index} closes no open <${name}>`;
    } else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name!);
    }
  }
  if (stack.length > 0) return `<${stack.at(-1)}> is never closed`;
  if (text.slice(last).trim() !== '') return 'text after the root';
  return roots === 1 ? null : `${roots} root elements`;
}

describe('a client resolves every id a game shows', () => {
  it('finds every card, character, team and space of a fresh game’s views and legal commands, through set-up and the first turns', async () => {
    const content = (await get('/v1/games/helter-skelter/content').expect(200)).body as Content;
    const id = await startGameFor(t.app, players);
    const first = await getGame(t.app, id, players[0]!);
    const map = (await get(`/v1/games/helter-skelter/maps/${(first.view as unknown as { map: string }).map}`).expect(200)).body as MapDoc;

    const named = { cards: new Set<string>(), spaces: new Set<number>(), characters: new Set<string>() };
    const teams = new Set<string>();
    // Set-up, then a few turns: every seat that is awaited sends its first legal command.
    let setupSeen = false;
    let turnSeen = false;
    for (let step = 0; step < 30; step++) {
      const awaited = (await getGame(t.app, id, null)).awaiting[0];
      if (!awaited) break;
      const game = await getGame(t.app, id, players[awaited.seat]!);
      namedIds(game.view, named);
      namedIds(game.legalCommands, named);
      for (const seat of game.view.seats as unknown as { team: string }[]) teams.add(seat.team);
      setupSeen ||= awaited.situation === 'setup';
      turnSeen ||= awaited.situation === 'turn';
      const sent = await send(t.app, id, players[awaited.seat]!, game.legalCommands[0]!);
      expect(sent.status, sent.text).toBe(200);
    }
    expect(setupSeen && turnSeen).toBe(true);
    // Both hands were seen: the ids to resolve include a full hand for each seat.
    expect(named.cards.size).toBeGreaterThanOrEqual(10);
    expect(named.spaces.size).toBeGreaterThan(0);

    const cards = new Set(content.cards.map((c) => c.id));
    for (const card of named.cards) expect(cards.has(card), `card ${card}`).toBe(true);
    const characters = new Set(content.characters.map((c) => c.id));
    for (const character of named.characters) expect(characters.has(character), `character ${character}`).toBe(true);
    for (const team of teams) expect(content.teams.map((x) => x.id)).toContain(team);
    const spaces = new Set(map.spaces.map((s) => s.designation));
    for (const space of named.spaces) expect(spaces.has(space), `space ${space}`).toBe(true);
    const mapCards = new Set(content.mapCards.map((c) => c.designation));
    for (const space of named.spaces) expect(mapCards.has(space)).toBe(true);
  });

  it('every character and card of a seat’s team is in its team’s entry', async () => {
    const content = (await get('/v1/games/helter-skelter/content').expect(200)).body as Content;
    const id = await startGameFor(t.app, players, { seats: [{ team: 'strontium-dogs' }, { team: 'nikolai-dante' }] });
    const game = await getGame(t.app, id, players[1]!);
    const team = content.teams.find((x) => x.id === 'nikolai-dante')!;
    for (const card of game.view.seats[1]!.hand!) expect(team.deck).toContain(card);
    for (const c of game.view.characters.filter((x) => x.seat === 1)) expect(team.characters).toContain(c.id);
  });
});

describe('the documents', () => {
  it('content and maps fit the schemas the OpenAPI document publishes, with no undocumented field', async () => {
    const content = await get('/v1/games/helter-skelter/content').expect(200);
    expect(content.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(fitsDocument('HelterSkelterContent', content.body)).toEqual([]);
    for (const { id } of (content.body as Content).maps) {
      const map = await get(`/v1/games/helter-skelter/maps/${id}`).expect(200);
      expect(map.body.id).toBe(id);
      expect(fitsDocument('HelterSkelterMap', map.body)).toEqual([]);
    }
  });

  it('names falls with unique ids on the map that has them', async () => {
    const map = (await get('/v1/games/helter-skelter/maps/dan-tanna-enid-blyton').expect(200)).body as MapDoc;
    const ids = map.falls.map((f) => f.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('serves each map as a well-formed SVG picture, image/svg+xml', async () => {
    for (const id of ['dan-tanna-enid-blyton', 'grand-hall-of-justice']) {
      const svg = await get(`/v1/games/helter-skelter/maps/${id}.svg`).buffer(true).parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
      expect(svg.status).toBe(200);
      expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      const text = svg.body as string;
      expect(text.startsWith('<svg ')).toBe(true);
      expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(xmlProblem(text)).toBeNull();
    }
    // The check itself catches what it is for.
    expect(xmlProblem('<svg><g></svg>')).not.toBeNull();
    expect(xmlProblem('<svg><text>a < b</text></svg>')).not.toBeNull();
    expect(xmlProblem('<svg><text>R&D</text></svg>')).not.toBeNull();
  });

  it('needs no token', async () => {
    const res = await get('/v1/games/helter-skelter/content');
    expect(res.status).toBe(200);
    const mine = await request(t.app.server).get('/v1/games/helter-skelter/content').set(as(players[0]!));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(res.body);
  });
});

describe('caching', () => {
  const paths = ['/v1/games/helter-skelter/content', '/v1/games/helter-skelter/maps/grand-hall-of-justice', '/v1/games/helter-skelter/maps/grand-hall-of-justice.svg'];

  it.each(paths)('%s has a strong ETag, the hash of its body, and may be cached an hour', async (path) => {
    const res = await get(path).buffer(true).parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(`"${createHash('sha256').update(res.body as Buffer).digest('base64url')}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(paths)('%s answers 304 with no body to a current If-None-Match, and 200 otherwise', async (path) => {
    const { etag } = (await get(path).expect(200)).headers as { etag: string };
    for (const current of [etag, `W/${etag}`, `"old", ${etag}`, '*']) {
      const res = await get(path, { 'if-none-match': current });
      expect(res.status, current).toBe(304);
      expect(res.text ?? '').toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    }
    for (const stale of ['"old"', 'garbage', '']) expect((await get(path, { 'if-none-match': stale })).status, stale).toBe(200);
  });

  it('gives the same ETags in another instance of the service: they come from the content, not the start', async () => {
    const other = await buildApp({ readiness: async () => ({ ready: true, appliedMigrations: 1 }) });
    try {
      await other.ready();
      for (const path of paths) {
        const here = (await get(path).expect(200)).headers.etag;
        const there = await other.inject({ method: 'GET', url: path });
        expect(there.headers.etag, path).toBe(here);
      }
    } finally {
      await other.close();
    }
  });
});

describe('unknown games and maps', () => {
  const problem = (res: request.Response, code: string) => {
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body.code).toBe(code);
  };

  it('an unknown game is 404 UNKNOWN_GAME, on every route', async () => {
    for (const path of ['/v1/games/monopoly/content', '/v1/games/monopoly/maps/grand-hall-of-justice', '/v1/games/monopoly/maps/grand-hall-of-justice.svg']) {
      problem(await get(path), 'UNKNOWN_GAME');
    }
  });

  it('an unknown map is 404 UNKNOWN_MAP, as JSON and as a picture', async () => {
    for (const path of ['/v1/games/helter-skelter/maps/mega-city-one', '/v1/games/helter-skelter/maps/mega-city-one.svg', '/v1/games/helter-skelter/maps/.svg', '/v1/games/helter-skelter/maps/grand-hall-of-justice.json']) {
      problem(await get(path), 'UNKNOWN_MAP');
    }
  });

  it('a game’s uuid is no module: its content is 404 UNKNOWN_GAME, and a module id is no game', async () => {
    const id = await startGameFor(t.app, players);
    problem(await get(`/v1/games/${id}/content`), 'UNKNOWN_GAME');
    problem(await get(`/v1/games/${randomUUID()}/maps/grand-hall-of-justice`), 'UNKNOWN_GAME');
    // The game routes still answer for the uuid, and refuse a module id as a game id.
    expect((await get(`/v1/games/${id}`)).status).toBe(200);
    const notAGame = await get('/v1/games/helter-skelter');
    expect(notAGame.status).toBe(400);
    expect(notAGame.body.code).toBe('VALIDATION_FAILED');
  });

  it('quotes a long unknown id only in part', async () => {
    // 95 characters: the router takes path parameters of up to 100 (longer ones are refused before any route).
    const res = await get(`/v1/games/${'x'.repeat(95)}/content`);
    problem(res, 'UNKNOWN_GAME');
    expect(res.body.detail).toContain(`"${'x'.repeat(80)}…"`);
    expect(res.body.detail).not.toContain('x'.repeat(81));
  });
});
