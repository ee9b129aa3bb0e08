// The Miniatures game over HTTP, on the real Postgres: two people play The Barko Brothers to its end
// through a client that knows only the OpenAPI document the server serves — it calls no route the
// document does not name, reads the lobby's scenarios from it, checks every view and preview
// against the published schemas (every object closed), draws its own paths and asks for a preview
// before every command it sends. Rolls are public events in words; the generator's position and
// key stay out of every reader's view and feed until the game ends; the scenario tables are served
// as JSON and SVG. Only HTTP behaviour is checked.

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyPublic } from '../../src/service/verify-public.ts';
import { useTestApp } from '../support/app.ts';
import { call, type GameAnswer, type HttpAnswer, type HttpPlayer, type RequestOptions } from '../support/http-client.ts';
import { GAMES as REGISTERED } from '../../src/service/registry.ts';

// A server as production runs it: no described positions or chosen seeds (ALLOW_SCENARIOS off).
// The game's own `scenario` option picks a printed scenario and is no described position.
const t = useTestApp({ allowScenarios: false });

interface Document {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}
let doc: Document;
let ajv: Ajv2020;

beforeAll(async () => {
  const res = await call(t.base, 'GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body as Document;
  // Every object the document describes is closed, as published or not: a field it does not name fails.
  const close = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(close);
    if (schema === null || typeof schema !== 'object') return schema;
    const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'examples' ? v : close(v)]));
    if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
    return out;
  };
  ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
  ajv.addSchema({ $id: 'openapi', components: close(doc.components) });
});

/**
 * A call to a route the document names (`template` as the document spells it), with its path
 * parameters filled in and `query` parameters the operation declares.
 */
function api(method: string, template: string, params: Record<string, string | number> = {}, options: RequestOptions & { query?: Record<string, number> } = {}): Promise<HttpAnswer> {
  const operation = doc.paths[template]?.[method.toLowerCase()] as { parameters?: { in: string; name: string }[] } | undefined;
  expect(operation, `${method} ${template} is in the document`).toBeDefined();
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = Object.entries(options.query ?? {});
  for (const [name] of query) expect(operation!.parameters?.some((p) => p.in === 'query' && p.name === name), `${template}?${name}`).toBe(true);
  return call(t.base, method, query.length ? `${path}?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : path, options);
}

const validators = new Map<string, ValidateFunction>();
function fits(schemaName: string, body: unknown): string {
  let validate = validators.get(schemaName);
  if (!validate) validators.set(schemaName, (validate = ajv.compile({ $ref: `openapi#/components/schemas/${schemaName}` })));
  return validate(body) ? '' : JSON.stringify(validate.errors);
}

let accounts = 0;
async function register(prefix: string): Promise<HttpPlayer> {
  const handle = `${prefix}${process.pid}m${++accounts}`.slice(0, 32);
  const res = await api('POST', '/v1/accounts', {}, { body: { handle, email: `${handle}@example.test`, password: 'correct horse battery staple' } });
  expect(res.status, res.text).toBe(201);
  return { handle, token: (res.body as { token: string }).token };
}

const readGame = async (id: string, who: HttpPlayer | null): Promise<GameAnswer> => {
  const res = await api('GET', '/v1/games/{id}', { id }, { token: who?.token ?? null });
  expect(res.status, res.text).toBe(200);
  return res.body as GameAnswer;
};
type Command = { type: string } & Record<string, unknown>;
const send = (id: string, who: HttpPlayer, command: Command) => api('POST', '/v1/games/{id}/commands', { id }, { token: who.token, body: command });

interface PreviewAnswer {
  legal: boolean;
  problem: { code: string; message: string } | null;
  details: { path?: { length: number; allowance: number; words: string }; shot?: { range: number; lineOfSight: boolean; cover: string; words: string; hitChance: number; unsavedChance: number } } | null;
}
async function preview(id: string, who: HttpPlayer, command: Command): Promise<PreviewAnswer> {
  const res = await api('POST', '/v1/games/{id}/preview', { id }, { token: who.token, body: command });
  expect(res.status, res.text).toBe(200);
  expect(fits('CommandPreview', res.body)).toBe('');
  return res.body as PreviewAnswer;
}

type Feed = { seq: number; type: string; data: Record<string, unknown> }[];
async function feedOf(id: string, reader: HttpPlayer | null, after: number): Promise<Feed> {
  const all: Feed = [];
  for (;;) {
    const res = await api('GET', '/v1/games/{id}/events', { id }, { token: reader?.token ?? null, query: { after } });
    expect(res.status, res.text).toBe(200);
    const page = (res.body as { events: Feed }).events;
    if (page.length === 0) return all;
    all.push(...page);
    after = page.at(-1)!.seq;
  }
}

interface Model {
  id: string;
  seat: number;
  at: { x: number; y: number };
  removed: boolean;
}
const modelsOf = (game: GameAnswer) => Object.values((game.view as { models: Record<string, Model> }).models);

/** A point `fraction` of the way from `a` to `b`, in whole hundredths of an inch. */
const toward = (a: Model['at'], b: Model['at'], fraction: number) => ({ x: Math.round(a.x + (b.x - a.x) * fraction), y: Math.round(a.y + (b.y - a.y) * fraction) });

/**
 * What the client sends, chosen from the commands the game lists and measured by previews first:
 * the push-back with a follow-up; now and then (`moveFirst`) a Move along a path it draws; the shot
 * with the best odds; a fight; otherwise a drawn Move; then the end of the Phase.
 */
async function choose(id: string, who: HttpPlayer, game: GameAnswer, tally: Record<string, number>, moveFirst: boolean): Promise<Command> {
  const legal = game.legalCommands;
  const of = (type: string) => legal.filter((c) => c.type === type);
  const push = of('PUSH_BACK');
  if (push.length > 0) return push.find((c) => c.follow) ?? push.find((c) => c.push) ?? push[0]!;
  if (of('ROLL_OFF').length > 0) return of('ROLL_OFF')[0]!;
  const move = of('MOVE')[0];
  if (move && moveFirst) {
    const drawn = await drawnMove(id, who, game, move, tally);
    if (drawn) return drawn;
  }
  const shots = of('SHOOT');
  if (shots.length > 0) {
    let best: { command: Command; value: number } | null = null;
    for (const shot of shots) {
      const p = await preview(id, who, shot);
      expect(p.legal, JSON.stringify(p.problem)).toBe(true);
      const s = p.details!.shot!;
      expect(s.lineOfSight).toBe(true);
      expect(s.range).toBeGreaterThan(0);
      expect(s.hitChance).toBeGreaterThan(0);
      expect(s.hitChance).toBeLessThanOrEqual(1);
      expect(s.words).toMatch(/ in, in range of the /);
      tally.shotPreviews!++;
      const value = s.hitChance * s.unsavedChance;
      if (!best || value > best.value) best = { command: shot, value };
    }
    return best!.command;
  }
  if (of('MELEE').length > 0) return of('MELEE')[0]!;
  if (move) {
    const drawn = await drawnMove(id, who, game, move, tally);
    if (drawn) return drawn;
  }
  return of('END_PHASE')[0] ?? of('SPECIAL')[0] ?? legal[0]!;
}

/** A Move along a path drawn towards the nearest enemy, cut to the allowance the preview reports; null if the rules refuse it. */
async function drawnMove(id: string, who: HttpPlayer, game: GameAnswer, move: Command, tally: Record<string, number>): Promise<Command | null> {
  const models = modelsOf(game);
  const me = models.find((m) => m.id === move.model)!;
  const enemies = models.filter((m) => m.seat !== me.seat && !m.removed);
  const near = enemies.reduce((a, b) => (Math.hypot(a.at.x - me.at.x, a.at.y - me.at.y) <= Math.hypot(b.at.x - me.at.x, b.at.y - me.at.y) ? a : b));
  // Stop short of contact: 80% of the way at most.
  const far = { ...move, path: [toward(me.at, near.at, 0.8)] };
  const measured = await preview(id, who, far);
  const path = measured.details!.path!;
  expect(path.words).toMatch(/ in of .* in/);
  if (measured.legal) {
    tally.drawnPaths!++;
    return far;
  }
  const cut = { ...move, path: [toward(me.at, near.at, Math.min(0.8, (0.8 * 0.9 * path.allowance) / path.length))] };
  const again = await preview(id, who, cut);
  if (again.legal) {
    expect(again.details!.path!.length).toBeLessThanOrEqual(again.details!.path!.allowance);
    tally.drawnPaths!++;
    return cut;
  }
  tally.refusedPaths!++;
  return null;
}

describe('the Miniatures game over HTTP', () => {
  it('the lobby offers its scenarios, as the document publishes them', async () => {
    const options = (doc.components.schemas.MiniaturesNewGame as { properties: { options: { properties: { scenario: { enum: string[] } } } } }).properties.options.properties;
    expect(options.scenario.enum).toEqual(['barko-brothers', 'street-rumble']);
    const anna = await register('mn-lobby');
    for (const scenario of options.scenario.enum) {
      const created = await api('POST', '/v1/games', {}, { token: anna.token, body: { game: 'miniatures', options: { scenario, seats: [{}, {}] } } });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({ game: 'miniatures', status: 'open', options: { scenario } });
      expect(fits('MiniaturesGame', created.body)).toBe('');
    }
    const open = await api('GET', '/v1/games', {}, { token: anna.token });
    expect(open.status).toBe(200);
    const listed = (open.body as { games: { game: string; options: { scenario?: string } }[] }).games.filter((g) => g.game === 'miniatures').map((g) => g.options.scenario);
    expect(listed).toEqual(expect.arrayContaining(['barko-brothers', 'street-rumble']));
    const unknown = await api('POST', '/v1/games', {}, { token: anna.token, body: { game: 'miniatures', options: { scenario: 'block-mania', seats: [{}, {}] } } });
    expect(unknown.status).toBe(400);
    expect(unknown.contentType).toMatch(/application\/problem\+json/);
  });

  it('a described position (`position`) is refused on a server that allows no scenarios, and creates nothing', async () => {
    const anna = await register('mn-pos');
    const position = { models: { 'judge-1': { at: { x: 2300, y: 1800 } }, 'punk-1': { at: { x: 2300, y: 1700 } } }, firstPhase: 0 };
    const refused = await api('POST', '/v1/games', {}, { token: anna.token, body: { game: 'miniatures', options: { scenario: 'barko-brothers', seats: [{}, {}], position } } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'SCENARIOS_DISABLED' });
    const mine = await api('GET', '/v1/me/games', {}, { token: anna.token });
    expect((mine.body as { games: unknown[] }).games).toEqual([]);
  });

  it('two people play The Barko Brothers to its end with previews before their commands; every view fits the published schema; the log turns public at the end', async () => {
    const players = [await register('mn-rico'), await register('mn-gang')];
    const created = await api('POST', '/v1/games', {}, { token: players[0]!.token, body: { game: 'miniatures', options: { scenario: 'barko-brothers', seats: [{}, {}] } } });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: string }).id;
    for (const [seat, p] of players.entries()) expect((await api('POST', '/v1/games/{id}/seats/{seat}/claim', { id, seat }, { token: p.token })).status).toBe(200);

    const tally: Record<string, number> = { shotPreviews: 0, drawnPaths: 0, refusedPaths: 0, commands: 0 };
    const deadlines = new Map<string, number>();
    let spectatorFeed: Feed = [];
    let game = await readGame(id, null);
    for (let step = 0; game.status === 'active' && step < 2000; step++) {
      const awaited = game.awaiting[0]!;
      // Deadlines per situation, from the default clock (`daily`): a Phase has a day, a push-back 12 hours.
      if (awaited.deadline) deadlines.set(awaited.situation, Date.parse(awaited.deadline) - Date.now());
      const who = players[awaited.seat]!;
      const mine = await readGame(id, who);
      expect(fits('MiniaturesView', mine.view)).toBe('');
      expect(mine.legalCommands.length).toBeGreaterThan(0);
      for (const c of mine.legalCommands) expect(fits('MiniaturesCommand', c)).toBe('');
      expect(fits('MiniaturesGame', mine)).toBe('');
      // A seat the game does not await has nothing to send (both roll off at once).
      const other = await readGame(id, players[1 - awaited.seat]!);
      if (!game.awaiting.some((a) => a.seat === 1 - awaited.seat)) expect(other.legalCommands).toEqual([]);
      // Every third command a model moves first, if it may: along a path the client draws.
      const command = await choose(id, who, mine, tally, step % 3 === 0);
      const tried = await preview(id, who, command);
      expect(tried.legal, `${JSON.stringify(command)}: ${JSON.stringify(tried.problem)}`).toBe(true);
      if (command.type === 'MOVE' || command.type === 'MELEE') expect(tried.details?.path).toBeDefined();
      const sent = await send(id, who, command);
      expect(sent.status, sent.text).toBe(200);
      tally.commands!++;
      if (step % 15 === 0) {
        const spectator = await readGame(id, null);
        const feed = await feedOf(id, null, spectatorFeed.at(-1)?.seq ?? 0);
        spectatorFeed = [...spectatorFeed, ...feed];
        // Only while the game runs: once over, the log is published with the generator's positions (checked below).
        if (spectator.status === 'active') {
          const text = JSON.stringify(spectator.view) + JSON.stringify(mine.view) + JSON.stringify(feed);
          expect(text).not.toContain('"rng"');
          expect(text).not.toContain('"key"');
          expect(fits('MiniaturesView', spectator.view)).toBe('');
        }
      }
      game = await readGame(id, null);
    }
    expect(game.status, JSON.stringify(tally)).toBe('finished');
    expect(tally.commands).toBeGreaterThan(20);
    expect(tally.shotPreviews, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(tally.drawnPaths, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(deadlines.get('phase')).toBeGreaterThan(23 * 3600_000);
    expect(deadlines.get('phase')).toBeLessThanOrEqual(24 * 3600_000);
    const view = game.view as { winner: number | null; situation: { kind: string }; turn: number };
    expect(view.situation).toEqual({ kind: 'over' });
    expect(game.awaiting).toEqual([]);
    expect(game.legalCommands).toEqual([]);

    // Every roll was a public event in words; once over, the key is published and the log has the generator's positions.
    const key = (game as unknown as { fairness: { key?: string } }).fairness.key;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const all = await feedOf(id, null, 0);
    const rolls = all.filter((e) => e.type === 'DiceRolled');
    expect(rolls.length).toBeGreaterThan(5);
    for (const r of rolls) {
      expect(r.data.text).toMatch(/rolls? /);
      expect(r.data).toHaveProperty('rng');
    }
    for (const e of all) expect(fits('MiniaturesEvent', e.data), e.type).toBe('');
    const types = new Set(all.map((e) => e.type));
    for (const type of ['FirstPhaseDecided', 'PhaseBegan', 'ModelMoved', 'ShotTaken', 'PhaseEnded', 'GameEnded']) expect(types, type).toContain(type);
    expect(all.at(-1)!.data).toMatchObject({ type: 'GameEnded', winner: view.winner });
    // Anyone can check the game from the public API: the key matches its commitment, and the public
    // commands replayed with it reproduce every roll of the log (`npm run verify -- --public`).
    const verdict = await verifyPublic(REGISTERED, async (path) => {
      const res = await call(t.base, 'GET', path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return res.body;
    }, id);
    expect(verdict.lines.join('\n')).toMatch(/reproduce all \d+ events/);
    expect(verdict.ok, verdict.lines.join('\n')).toBe(true);
  }, 300_000);

  it('a preview measures a path or a shot without moving anything, and says why the rules refuse one', async () => {
    const players = [await register('mn-pv'), await register('mn-pv')];
    const created = await api('POST', '/v1/games', {}, { token: players[0]!.token, body: { game: 'miniatures', options: { scenario: 'barko-brothers', seats: [{}, {}] } } });
    const id = (created.body as { id: string }).id;
    for (const [seat, p] of players.entries()) await api('POST', '/v1/games/{id}/seats/{seat}/claim', { id, seat }, { token: p.token });
    // The roll-off, then it is someone's Phase.
    let game = await readGame(id, null);
    for (let i = 0; i < 20 && game.awaiting[0]?.situation === 'roll-off'; i++) {
      const seat = game.awaiting[0]!.seat;
      expect((await send(id, players[seat]!, { type: 'ROLL_OFF' })).status).toBe(200);
      game = await readGame(id, null);
    }
    expect(game.awaiting[0]!.situation).toBe('phase');
    const seat = game.awaiting[0]!.seat;
    const who = players[seat]!;
    const before = await readGame(id, who);
    const model = before.legalCommands.find((c) => c.type === 'MOVE')!.model as string;
    const at = modelsOf(before).find((m) => m.id === model)!.at;

    // 12" in a straight line is more than any Move of the scenario allows.
    const tooFar = { type: 'MOVE', model, path: [{ x: at.x, y: at.y + (at.y > 1200 ? -1200 : 1200) }] };
    const refused = await preview(id, who, tooFar);
    expect(refused.legal).toBe(false);
    expect(refused.problem!.code).toMatch(/^[A-Z_]+$/);
    expect(refused.details!.path!.length).toBe(1200);
    expect(refused.details!.path!.length).toBeGreaterThan(refused.details!.path!.allowance);
    const sent = await send(id, who, tooFar);
    expect(sent.status).toBe(422);
    expect(sent.body).toMatchObject({ code: refused.problem!.code, detail: refused.problem!.message });

    // 1" is within it.
    const short = { type: 'MOVE', model, path: [{ x: at.x + 100, y: at.y }] };
    expect(await preview(id, who, short)).toMatchObject({ legal: true, problem: null, details: { path: { length: 100 } } });
    // The seat whose Phase it is not: the same measures, and the rules' reason.
    const otherModel = modelsOf(before).find((m) => m.seat !== seat)!;
    const notMine = await preview(id, players[1 - seat]!, { type: 'MOVE', model: otherModel.id, path: [{ x: otherModel.at.x + 100, y: otherModel.at.y }] });
    expect(notMine.legal).toBe(false);
    expect(notMine.details!.path!.length).toBe(100);
    // Junk, a point off the published bounds, or a path too long for the schema: 400 problems, never a 5xx.
    for (const junk of [{ type: 'MOVE', model, path: [{ x: 1.5, y: 2 }] }, { type: 'MOVE', model, path: [{ x: 10_000_000, y: 2 }] }, { type: 'MOVE', model, path: 'north' }, { type: 'LEAP', model }]) {
      const res = await api('POST', '/v1/games/{id}/preview', { id }, { token: who.token, body: junk });
      expect(res.status, JSON.stringify(junk)).toBe(400);
      expect(res.contentType).toMatch(/application\/problem\+json/);
    }
    const after = await readGame(id, who);
    expect(after.version).toBe(before.version);
    expect(after.view).toEqual(before.view);
    // A spectator has no seat to preview for.
    expect((await api('POST', '/v1/games/{id}/preview', { id }, { body: short })).status).toBe(401);
  }, 120_000);

  it('serves its content and each scenario’s table as data and as an SVG picture, with no token', async () => {
    const content = await api('GET', '/v1/games/{game}/content', { game: 'miniatures' });
    expect(content.status).toBe(200);
    expect(fits('MiniaturesContent', content.body)).toBe('');
    const body = content.body as { profiles: { id: string; source: string }[]; scenarios: { id: string; name: string }[] };
    expect(body.profiles.find((p) => p.id === 'street-judge')).toMatchObject({ source: 'text' });
    expect(body.scenarios.map((s) => s.name)).toEqual(['The Barko Brothers', 'Street Rumble']);
    for (const scenario of body.scenarios) {
      const table = await api('GET', '/v1/games/{game}/maps/{map}', { game: 'miniatures', map: scenario.id });
      expect(table.status).toBe(200);
      expect(fits('MiniaturesMap', table.body)).toBe('');
      const data = table.body as { id: string; width: number; height: number; terrain: { id: string }[]; forces: { models: { id: string }[] }[] };
      expect(data.id).toBe(scenario.id);
      expect(data.width).toBe(2400);
      const svg = await api('GET', '/v1/games/{game}/maps/{map}.svg', { game: 'miniatures', map: scenario.id });
      expect(svg.status).toBe(200);
      expect(svg.contentType).toBe('image/svg+xml; charset=utf-8');
      expect(svg.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n?$/);
      for (const piece of data.terrain) expect(svg.text).toContain(`id="${piece.id}"`);
      for (const m of data.forces.flatMap((f) => f.models)) expect(svg.text).toContain(`id="${m.id}"`);
    }
    expect((await api('GET', '/v1/games/{game}/maps/{map}', { game: 'miniatures', map: 'barko-street' })).status).toBe(404);
  });
});
