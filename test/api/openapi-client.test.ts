// A third-party client, generated from the committed openapi/openapi.json and nothing else:
// openapi-typescript turns the document into types, a small openapi-fetch client
// written against those types plays a whole 2-player game over real HTTP, the TypeScript compiler
// checks it with zero errors, and it runs against a listening server.
//
// The server checks its side too: every response body it sends during the game, before it is
// serialised, must fit the documented schema of that route and status, with every documented
// object closed — so a field the service sends but the document lacks (which fast-json-stringify
// would silently drop) fails here, as does a type the document gets wrong.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../../src/app.ts';
import { buildApp, type App } from '../../src/app.ts';
import { databaseOver, type Database } from '../../src/db/database.ts';
import { readMigrations } from '../../src/db/migrations.ts';
import { PROJECT_ROOT } from '../../src/config/config.ts';
import { createTestDatabase, testPool, type TestDatabase } from '../support/database.ts';

// ───────────────────────────── the client ─────────────────────────────

/** What a client author writes, knowing only the generated types. */
const CLIENT_SOURCE = String.raw`
import createClient from 'openapi-fetch';
import type { components, paths } from './api.ts';

type Command = components['schemas']['Command'];
type Game = components['schemas']['GameResource'];
type HelterSkelterGame = components['schemas']['HelterSkelterGame'];
type Situation = components['schemas']['HelterSkelterSituation'];

export interface Played {
  id: string;
  commands: number;
  version: number;
  winners: number[];
  situations: string[];
  commandTypes: string[];
  events: number;
  conflict: string;
}

/** mulberry32: the client's own seeded choices. */
function chooser(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

function describeSituation(s: Situation): string {
  switch (s.kind) {
    case 'setup':
      return 'setup: ' + s.done.length + ' done';
    case 'turn':
      return 'turn of seat ' + s.actor + (s.mustDeploy ? ' (must deploy)' : '');
    case 'defence':
      return 'defence against ' + s.attack.action + ' by ' + s.attack.character + ': ' + s.defenders.map((d) => d.choice.kind).join(',');
    case 'interrupt':
      return 'interrupt after ' + s.after + ', ' + s.answered.length + '/' + s.eligible.length + ' answered';
    case 'target':
      return 'target of ' + s.judge + "'s " + s.action + ': one of ' + s.candidates.join(',');
    case 'over':
      return 'over';
  }
}

/** The resource is a union over the games (discriminated by \`game\`): this client plays Helter Skelter. */
function helterSkelter(game: Game): HelterSkelterGame {
  if (game.game !== 'helter-skelter') throw new Error('not a Helter Skelter game: ' + game.game);
  return game;
}

export async function play(baseUrl: string, seed: number, maxCommands = 3000): Promise<Played> {
  const api = createClient<paths>({ baseUrl });
  const must = <T>(result: { data?: T; error?: { code: string; detail: string } }, what: string): T => {
    if (result.data === undefined) throw new Error(what + ': ' + result.error?.code + ' ' + result.error?.detail);
    return result.data;
  };

  const health = must(await api.GET('/healthz'), 'health');
  if (health.status !== 'ok') throw new Error('not healthy');

  const stamp = Date.now().toString(36) + seed;
  const tokens: string[] = [];
  for (const name of ['anderson', 'johnny']) {
    const body = { handle: (name + '-' + stamp).slice(0, 32), email: name + '-' + stamp + '@example.test', password: 'correct horse battery staple' };
    const registered = must(await api.POST('/v1/accounts', { body }), 'register');
    tokens.push(registered.token);
  }
  const as = (seat: number) => ({ authorization: 'Bearer ' + tokens[seat] });

  const created: Game = must(
    await api.POST('/v1/games', {
      headers: as(0),
      body: { game: 'helter-skelter', options: { map: 'dan-tanna-enid-blyton', seed: 'client-' + seed, seats: [{ team: 'judges' }, { team: 'slaine' }] } },
    }),
    'create',
  );
  const id = created.id;
  for (const seat of [0, 1]) must(await api.POST('/v1/games/{id}/seats/{seat}/claim', { params: { path: { id, seat } }, headers: as(seat) }), 'claim');
  // Both seats asked in every window and defence (the defaults decide those at once), so the game
  // goes through every situation.
  for (const seat of [0, 1]) must(await api.PUT('/v1/games/{id}/seats/{seat}/orders', { params: { path: { id, seat } }, headers: as(seat), body: { interrupt: 'ask', defence: 'ask' } }), 'orders');

  const pick = chooser(seed);
  const situations = new Set<string>();
  const commandTypes = new Set<string>();
  let commands = 0;
  let conflict = '';
  let seat = 0;
  for (;;) {
    // Read the game as the seat that was awaited last; if another is awaited now, as that one.
    let game = helterSkelter(must(await api.GET('/v1/games/{id}', { params: { path: { id } }, headers: as(seat) }), 'game'));
    if (game.status === 'finished') {
      const spectator = helterSkelter(must(await api.GET('/v1/games/{id}', { params: { path: { id } } }), 'spectate'));
      // The whole log, page by page: public once the game is over.
      let events = 0;
      for (let after = 0; ; ) {
        const page = must(await api.GET('/v1/games/{id}/events', { params: { path: { id }, query: { after } }, headers: as(0) }), 'events');
        const last = page.events.at(-1);
        if (!last) break;
        events += page.events.length;
        after = last.seq;
      }
      const mine = must(await api.GET('/v1/me/games', { headers: as(1) }), 'my games');
      if (!mine.games.some((g) => g.game.id === id && !g.awaitingMe)) throw new Error('my game is missing');
      const winners: number[] = spectator.view.winners;
      return {
        id,
        commands,
        version: spectator.version,
        winners,
        situations: [...situations],
        commandTypes: [...commandTypes],
        events,
        conflict,
      };
    }
    if (commands >= maxCommands) throw new Error('the game did not finish');
    const awaited = game.awaiting[0];
    if (!awaited) throw new Error('nobody is awaited in an active game');
    if (awaited.seat !== seat) {
      seat = awaited.seat;
      game = helterSkelter(must(await api.GET('/v1/games/{id}', { params: { path: { id } }, headers: as(seat) }), 'game'));
    }
    situations.add(game.view.situation.kind);
    if (game.mySeat !== seat || game.legalCommands.length === 0) throw new Error('seat ' + seat + ' cannot act: ' + describeSituation(game.view.situation));
    const hand: string[] | undefined = game.view.seats[seat]?.hand;
    if (!hand) throw new Error('my own hand is hidden from me');

    const legal: Command[] = game.legalCommands;
    const types = [...new Set(legal.map((c) => c.type))];
    const type = types[pick(types.length)];
    const ofType = legal.filter((c) => c.type === type);
    const command = ofType[pick(ofType.length)];
    if (!command) throw new Error('no legal command: ' + describeSituation(game.view.situation));

    if (commands === 10) {
      // A stale version is refused with a typed problem, and changes nothing.
      const stale = await api.POST('/v1/games/{id}/commands', { params: { path: { id } }, headers: as(seat), body: { ...command, expectedVersion: game.version - 1 } });
      if (stale.response.status !== 409 || !stale.error) throw new Error('a stale command was not refused');
      conflict = stale.error.code;
    }

    const sent = must(
      await api.POST('/v1/games/{id}/commands', {
        params: { path: { id }, header: { 'idempotency-key': 'move-' + commands } },
        headers: as(seat),
        body: { ...command, expectedVersion: game.version },
      }),
      'command ' + JSON.stringify(command),
    );
    if (sent.version <= game.version || sent.events.length === 0) throw new Error('the command changed nothing');
    commandTypes.add(command.type);
    commands++;

  }
}

/** Never called: the types are precise, not open records, so none of these compiles. */
export function typesArePrecise(game: Game): unknown[] {
  // @ts-expect-error the view has no such field
  const field = game.view.noSuchField;
  // @ts-expect-error a MOVE needs its character, destination and cards
  const incomplete: Command = { type: 'MOVE' };
  // @ts-expect-error there is no such command
  const unknown: Command = { type: 'TELEPORT' };
  // @ts-expect-error a spectator's seat may be null
  const seat: number = game.mySeat;
  return [field, incomplete, unknown, seat];
}
`;

// ───────────────────────────── the server, checking its answers ─────────────────────────────

type Schema = Record<string, unknown>;

/** A copy of the document's schemas in which every object lists all its fields. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'examples' ? v : closed(v)]));
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function responseChecker(document: { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>; components: object }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'openapi', components: closed(document.components) });
  const cache = new Map<string, ValidateFunction | null>();
  return (method: string, routeUrl: string, status: number, body: unknown): string | null => {
    const key = `${method} ${routeUrl} ${status}`;
    if (!cache.has(key)) {
      const openapiPath = routeUrl.replace(/:(\w+)/g, '{$1}');
      const response = document.paths[openapiPath]?.[method.toLowerCase()]?.responses[String(status)];
      if (!response) return `${key}: not documented`;
      const media = Object.values(response.content ?? {})[0];
      const schema = media && JSON.parse(JSON.stringify(media.schema).replaceAll('"#/components/', '"openapi#/components/'));
      cache.set(key, schema ? ajv.compile(schema) : null);
    }
    const validate = cache.get(key);
    if (!validate || validate(body)) return null;
    return `${key}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`;
  };
}

// ───────────────────────────── the test ─────────────────────────────

let db: TestDatabase;
let database: Database;
let app: App;
let baseUrl: string;
const mismatches: string[] = [];
let checked = 0;
let workDir: string;

beforeAll(async () => {
  db = await createTestDatabase({ migrate: true });
  database = databaseOver(testPool(db.url, 4), await readMigrations());
  app = await buildApp({ readiness: database.readiness, pool: database.pool });
  const check = responseChecker(JSON.parse(fs.readFileSync(OPENAPI_FILE, 'utf8')));
  app.addHook('preSerialization', async (request, reply, payload) => {
    checked++;
    const problem = check(request.method, request.routeOptions.url ?? request.url, reply.statusCode, JSON.parse(JSON.stringify(payload)));
    if (problem) mismatches.push(problem);
    return payload;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-openapi-client-'));
  fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(workDir, 'node_modules'), 'dir');
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await db?.drop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('openapi/openapi.json', () => {
  it('passes `npm run lint:openapi` (Redocly, recommended rules, redocly.yaml) with no error and no warning', async () => {
    const cli = path.join(PROJECT_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', 'openapi/openapi.json', '--format=json'], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 30_000);
});

describe('a client generated from openapi/openapi.json', () => {
  it('type-checks with zero errors, and plays a whole game against the running server', async () => {
    // 1. Types from the committed document, as a client author would generate them.
    const types = astToString(await openapiTS(pathToFileURL(OPENAPI_FILE)));
    fs.writeFileSync(path.join(workDir, 'api.ts'), types);
    fs.writeFileSync(path.join(workDir, 'client.ts'), CLIENT_SOURCE);

    // 2. The compiler, strict, with nothing of this project's but the generated types.
    const program = ts.createProgram([path.join(workDir, 'client.ts')], {
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      return `${d.file ? path.basename(d.file.fileName) : ''}:${where ? where.line + 1 : ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
    expect(diagnostics).toEqual([]);

    // 3. The same client, run against the server.
    const client = (await import(pathToFileURL(path.join(workDir, 'client.ts')).href)) as {
      play(baseUrl: string, seed: number): Promise<{
        commands: number;
        version: number;
        winners: number[];
        situations: string[];
        commandTypes: string[];
        events: number;
        conflict: string;
      }>;
    };
    // Seed 123 is a short game (about 150 commands) that goes through every situation. If the
    // rules change and it no longer does, pick another seed: the client's choices are its own.
    const played = await client.play(baseUrl, 123);
    expect(played.winners.length).toBeGreaterThan(0);
    expect(played.events).toBe(played.version);
    expect(played.conflict).toBe('VERSION_CONFLICT');
    const coverage = 'the game should go through every situation: try another seed';
    expect(played.situations, coverage).toEqual(expect.arrayContaining(['setup', 'turn', 'defence', 'interrupt']));
    expect(played.commandTypes, coverage).toEqual(expect.arrayContaining(['ASSIGN_STARTING_CARDS', 'DEPLOY', 'END_TURN', 'MOVE', 'DEFEND', 'CLAIM_INTERRUPT']));

    // 4. Everything the server sent fitted the document.
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(2 * played.commands);
  }, 60_000);
});
