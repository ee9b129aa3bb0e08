// The schemas of the game API: the contract clients are generated from. Each named schema (`$id`)
// becomes a component of the OpenAPI document (`#/components/schemas/GameView` …); routes refer to
// them as `{ $ref: 'GameResource#' }`.
//
// Every game's own schemas (GameModule.schemas, optionsSchema, commandSchemas) are published under
// its prefix (`<Game>View`, `<Game>Command`, `<Game>NewGame` …) and combined here: the game
// resource and the create-game body are a `oneOf` with a `discriminator` on `game`, a command any
// game's command. Adding a game adds its schemas; nothing here names one.
//
// They describe exactly what the service sends: test/api/openapi-client.test.ts checks every
// response of a whole game against them, with every object closed (no undocumented field).
//
// Serialising: Fastify turns a response schema into a fast-json-stringify serialiser, which drops
// properties a schema does not list and coerces values to the declared type. A `oneOf` there is
// decided at run time by validating each branch, and a value matching none is a 500. The game
// routes therefore serialise with `gameApi(registry).serializer` (below): the documented schema, with
// each union passed through as JSON — precise documentation, and no request ever fails because of it.

import fastJson from 'fast-json-stringify';
import { onFirstUse } from './compile-on-first-use.ts';
import type { FastifySerializerCompiler } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { CLOCK_PRESETS, DEFAULT_CLOCK, MAX_SECONDS, MIN_SECONDS } from '../clock/clocks.ts';
import { botsOf, playableKinds } from '../platform/bots.ts';
import type { BodyExample } from '../platform/game-module.ts';
import { KEYED_GENERATOR } from '../platform/random.ts';
import { orderSettings, type AnyGameModule, type GameRegistry } from '../service/registry.ts';
import { PROBLEM_CONTENT_TYPE, problemSchema } from './problems.ts';

export type { GameRegistry };

// ───────────────────────────── small shapes ─────────────────────────────

/** A seat number, 0-based, of a game with at most `maxSeats` seats. */
export const seatNumber = (maxSeats: number, description = 'A seat, 0-based, in turn (clockwise) order.') =>
  ({ type: 'integer', minimum: 0, maximum: maxSeats - 1, description }) as const;

/** The most seats any of these games has: the bound of a seat number in a route or a shared schema. */
export const mostSeats = (registry: GameRegistry): number => Math.max(1, ...[...registry.values()].map((module) => module.maxSeats));
const windowId = { type: 'string', description: 'Identifies this opening of a situation, e.g. `w12`.' } as const;

export const gameIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', description: 'The game id.' } },
} as const;

// ───────────────────────────── games ─────────────────────────────

const seconds = (what: string) =>
  ({ type: 'number', minimum: MIN_SECONDS, maximum: MAX_SECONDS, description: `Seconds for ${what}.` }) as const;

/** `odds-and-evens` → `OddsAndEvens`: the prefix of a module's schema names in the OpenAPI document. */
export function schemaPrefix(gameId: string): string {
  return gameId
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/** 300000 → `5 min`, 7200000 → `2 h`. */
function duration(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'min'],
    [1000, 's'],
  ];
  for (const [size, unit] of units) if (ms >= size && ms % size === 0) return `${ms / size} ${unit}`;
  return `${ms / 1000} s`;
}

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** Each `{ $ref: 'Name#' }` naming one of `local` becomes `{ $ref: '<prefix>Name#' }`. */
function namespaced(schema: unknown, prefix: string, local: ReadonlySet<string>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => namespaced(item, prefix, local));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string' && value.endsWith('#') && local.has(value.slice(0, -1))) return [key, `${prefix}${value}`];
      return [key, namespaced(value, prefix, local)];
    }),
  );
}

const ref = (id: string) => ({ $ref: `${id}#` });

/** Any of `schemas`: the one itself when there is only one (a union of one helps no client). */
const anyOf = (schemas: object[]) => (schemas.length === 1 ? schemas[0]! : { anyOf: schemas });

/**
 * A command's `anyOf: [{ required: ['interrupt'] }, { required: ['defence'] }]` (at least one of
 * them, SET_ORDERS) with each branch a whole command: the same validation, but a generated client
 * gets a union of complete command types (with `type`) instead of `unknown`, and linters find every
 * required property defined.
 */
function withDefinedAlternatives(schema: { properties: object; required?: readonly string[]; anyOf?: readonly { required?: readonly string[] }[] }) {
  if (!schema.anyOf) return schema;
  return {
    ...schema,
    anyOf: schema.anyOf.map((branch) => ({
      type: 'object',
      required: [...(schema.required ?? []), ...(branch.required ?? [])],
      properties: schema.properties,
    })),
  };
}

const expectedVersion = {
  type: 'integer',
  minimum: 0,
  description: 'Refuse (409 `VERSION_CONFLICT`) unless the game is still at this version. Same as `If-Match`.',
} as const;

const createSeed = {
  type: 'string',
  minLength: 1,
  maxLength: 128,
  description:
    'Makes the random set-up reproducible: the key derives from it, so whoever knows it can predict every deck and hand. Accepted only where the server allows scenarios (`ALLOW_SCENARIOS`; otherwise 403 `SEED_DISABLED`), and the game then says `fairness.seeded: true` to everyone who looks at it and is not listed in the lobby (unless the operator sets `LIST_CHOSEN_GAMES`). Never shown.',
} as const;

/** A seat's `bot` option: which of the game's bots plays it, if any. */
function botSeat(module: AnyGameModule) {
  const offered = botsOf(module);
  const kinds = Object.keys(offered.kinds);
  const described = kinds.map((name) => `\`${name}\`: ${offered.kinds[name]!.description}`).join(' ');
  return {
    description: `Whether the server plays the seat, and with which bot. \`true\`: the game's default bot (\`${offered.default}\`); a bot's name: that bot; \`false\` or absent: a player's seat. ${described}`,
    anyOf: [{ type: 'boolean' }, { type: 'string', enum: kinds }],
  };
}

type ObjectSchema = { properties?: Record<string, unknown>; [key: string]: unknown };

/** A game's options schema with the platform's own: `bot` in each seat, `clock` (and `seed` when creating). */
function withPlatformOptions(module: AnyGameModule, options: object, creating: boolean): ObjectSchema {
  const schema = options as ObjectSchema;
  const properties = { ...(schema.properties ?? {}) };
  const seatsSchema = properties.seats as ({ items?: ObjectSchema; description?: string } & object) | undefined;
  if (seatsSchema?.items) {
    properties.seats = {
      ...seatsSchema,
      ...(creating ? { description: `${seatsSchema.description ?? 'Seats in turn order.'} \`bot\` seats are played by the server: \`true\` by the game's default bot, or a bot by name.` } : {}),
      items: { ...seatsSchema.items, properties: { ...(seatsSchema.items.properties ?? {}), bot: botSeat(module) } },
    };
  }
  properties.clock = ref('ClockOption');
  if (creating) properties.seed = createSeed;
  // Unknown fields are refused at every level the platform owns when creating: a typo is an error,
  // not silence, and nothing unbounded is stored with the game and shown in every listing.
  return creating ? { ...schema, additionalProperties: false, properties } : { ...schema, properties };
}

/** The properties of a game resource, whatever the game. */
function resourceProperties(module: AnyGameModule, game: object, options: object, view: object, command: object) {
  const { maxSeats } = module;
  return {
    id: { type: 'string', format: 'uuid' },
    game,
    status: {
      type: 'string',
      enum: ['open', 'active', 'finished', 'abandoned'],
      description: '`open`: seats are free; `active`: being played; `finished`: over, and its whole log is public.',
    },
    version: { type: 'integer', minimum: 0, description: 'The last event’s sequence number (also the ETag).' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    options,
    summary: { type: 'string', maxLength: 1000, description: 'The options in the game’s words, e.g. “The Grand Hall of Justice, 4 players”.' },
    creator: { type: ['string', 'null'], description: 'The handle of the account that created the game; null when it has none.' },
    private: {
      type: 'boolean',
      description: 'A private game is listed nowhere and is absent (404) to anyone not seated in it, except through an invite link (`POST /v1/games/{id}/invites`).',
    },
    seats: {
      type: 'array',
      description: 'Who sits where.',
      items: {
        type: 'object',
        required: ['seat', 'player', 'bot', 'botKind', 'absent'],
        properties: {
          seat: seatNumber(maxSeats),
          player: { type: ['string', 'null'], description: 'The handle of the account holding the seat (`deleted player` once that account is deleted: a bot then plays a seat of a game still going on); null when free or a bot’s from the start.' },
          bot: { type: 'boolean', description: 'Played by the server.' },
          absent: {
            type: 'boolean',
            description:
              'Its player let too many deadlines pass in a row (`ZOMBIE_AFTER_MISSED`): the game’s default bot plays the seat until the player takes it back (`POST /v1/games/{id}/seats/{seat}/return`). See `GET /v1/games/{id}/handovers`.',
          },
          botKind: {
            type: ['string', 'null'],
            enum: [...playableKinds(module), null],
            description: 'The bot that plays the seat; null for a player’s seat.',
          },
        },
      },
    },
    mySeat: { ...seatNumber(maxSeats, 'Your seat; null when you are a spectator.'), type: ['integer', 'null'] },
    view,
    awaiting: { type: 'array', items: ref('Awaited'), description: 'The seats the game is waiting for; empty when it is not started or over.' },
    legalCommands: {
      type: 'array',
      items: command,
      description: 'Every command you could send now, complete and ready to POST to /commands as it is. Empty for spectators, at past versions, and when you are not awaited.',
    },
    anytimeCommands: {
      type: 'array',
      items: command,
      description:
        'Commands your seat may send at any time, awaited or not (e.g. a `SURRENDER`), ready to POST. Not part of `legalCommands`. Empty for spectators, at past versions, and in games that have none.',
    },
    givingUp: {
      type: 'array',
      items: { type: 'string' },
      description:
        'The command types that give the game up (a `RESIGN`, a `SURRENDER`): an `anytimeCommands` entry of one of these types is your way to resign. What resigning means is each game’s ruling (docs/rulings.md).',
    },
    fairness: ref('Fairness'),
  };
}

const RESOURCE_REQUIRED = ['id', 'game', 'status', 'version', 'createdAt', 'updatedAt', 'options', 'summary', 'creator', 'private', 'seats', 'mySeat', 'view', 'awaiting', 'legalCommands', 'anytimeCommands', 'givingUp', 'fairness'];

/** One game's schemas, named with its prefix. */
function moduleSchemas(module: AnyGameModule) {
  const prefix = schemaPrefix(module.id);
  const components = module.schemas.components ?? {};
  const local = new Set(Object.keys(components));
  const own = (schema: object) => namespaced(schema, prefix, local) as ObjectSchema;
  const id = (name: string) => `${prefix}${name}`;
  const named: ({ $id: string } & ObjectSchema)[] = [];
  const add = (name: string, schema: object) => named.push({ $id: id(name), ...own(schema) });

  add('Game', {
    type: 'object',
    description: `A game of ${module.title} as the caller sees it, with the commands the caller may send now.`,
    required: RESOURCE_REQUIRED,
    properties: resourceProperties(
      module,
      { type: 'string', const: module.id, description: 'The game: switch on it.' },
      ref(id('Options')),
      ref(id('View')),
      ref(id('Command')),
    ),
  });
  add('Options', withPlatformOptions(module, module.schemas.publicOptions ?? { type: 'object', additionalProperties: true }, false));
  add('View', module.schemas.view);
  add('Command', {
    description: `A command of ${module.title}, one schema per \`type\`. \`legalCommands\` in the game lists every command you can send now, ready to POST. Switch on \`type\`.`,
    // Validated by the branch its `type` names, not against every command of the game (6× faster).
    type: 'object',
    discriminator: { propertyName: 'type' },
    oneOf: module.commandSchemas.map(({ schema }) =>
      withDefinedAlternatives({ ...(schema as { properties: object }), properties: { ...(schema as { properties: object }).properties, expectedVersion } }),
    ),
    ...(module.schemas.examples?.commands ? { examples: Object.values(module.schemas.examples.commands).map((e) => e.value) } : {}),
  });
  add('Event', module.schemas.visibleEvent);
  if (module.schemas.preview) add('Preview', module.schemas.preview);
  add('NewGame', {
    type: 'object',
    description: `The body of POST /v1/games for ${module.title}.`,
    required: ['game', 'options'],
    additionalProperties: false,
    properties: {
      game: { type: 'string', const: module.id },
      options: withPlatformOptions(module, module.optionsSchema, true),
      seat: seatNumber(module.maxSeats, 'The seat you take at once, in the same step (not a bot’s): the game starts at once when every other seat is a bot’s (a solo game). Without it you take none yet.'),
      rated: { type: 'boolean', description: 'Whether the game moves its players’ ratings when it ends (`GET /v1/players/{handle}`); true unless false is sent. Only a game of two or more people is ever rated: one with a bot seat, a solo game, or one with a chosen seed or position never is.' },
      private: {
        type: 'boolean',
        description: 'A private game (absent: public): listed nowhere, and absent to anyone not seated, except through the invite links you make for it (`POST /v1/games/{id}/invites`).',
      },
    },
  });
  for (const [name, schema] of Object.entries(components)) add(name, schema);
  return { prefix, named, id };
}

/** Every situation of every game, and what each preset gives it, for the ClockOption schema. */
function clockOptionSchema(registry: GameRegistry) {
  const situations = unique([...registry.values()].flatMap((m) => Object.keys(m.situations)));
  const presets = CLOCK_PRESETS.map((preset) => {
    const perGame = [...registry.values()].map(
      (m) => `${m.title}: ${Object.entries(m.situations).map(([name, spec]) => `${name} ${duration(spec.durations[preset])}`).join(', ')}`,
    );
    return `\`${preset}\` (${perGame.join('; ')})`;
  });
  const expiries = [...registry.values()].flatMap((m) => Object.entries(m.situations).map(([name, spec]) => `${name}: ${spec.description}`));
  return {
    $id: 'ClockOption',
    description: [
      `How long a seat has to act, per situation of the game. A preset — ${presets.join(', ')} — or seconds per situation (the others from \`${DEFAULT_CLOCK}\`).`,
      `Without one, \`${DEFAULT_CLOCK}\`. When a deadline passes the server acts for the seat. ${expiries.join(' ')}`,
    ].join(' '),
    oneOf: [
      { type: 'string', enum: [...CLOCK_PRESETS] },
      {
        type: 'object',
        // Not `additionalProperties: false`, which the validator answers by silently dropping the field.
        propertyNames: { enum: situations },
        minProperties: 1,
        properties: Object.fromEntries(situations.map((name) => [name, seconds(`the ${name} situation`)])),
      },
    ],
  };
}

/**
 * The standing orders of every game that has them, as one object: each setting any game has, with
 * every value any game allows it. A seat's orders are its game's; an account's preferred orders
 * (`PUT /v1/me/preferences`) are given to its seats of every game.
 */
export function mergedStandingOrders(registry: GameRegistry): { properties: Record<string, { type: 'string'; enum: string[] }>; required: string[]; description: string } {
  const specs = [...registry.values()].flatMap((m) => (m.standingOrders ? [m.standingOrders] : []));
  const settings = [...orderSettings(registry)];
  const properties = Object.fromEntries(settings.map(([name, setting]) => [name, { type: 'string' as const, enum: [...setting.values] }]));
  const required = settings.filter(([, setting]) => setting.gameCount === specs.length).map(([name]) => name);
  const descriptions = specs.map((spec) => (spec.schema as { description?: string }).description).filter((d): d is string => !!d);
  const description =
    descriptions.length === 1 ? descriptions[0]! : ['A seat’s standing orders, private to it, applied the moment a situation would ask the seat.', ...descriptions].join(' ');
  return { properties, required, description };
}

export interface GameApi {
  /** The named schemas of the game API, in the order they appear in the OpenAPI document. */
  schemas: ({ $id: string } & object)[];
  /** The body of POST /v1/games: a `oneOf` of the games' `<Game>NewGame`. */
  createGameBody: object;
  /** The body of PUT /v1/games/{id}/seats/{seat}/orders: any setting of any game's standing orders. */
  ordersChange: object;
  /** Request-body examples by operationId, for the OpenAPI document. */
  requestExamples: Record<string, Record<string, BodyExample>>;
  serializer: FastifySerializerCompiler<unknown>;
}

const built = new WeakMap<GameRegistry, GameApi>();

/** The game API's schemas for these games (built once per registry). */
export function gameApi(registry: GameRegistry): GameApi {
  const cached = built.get(registry);
  if (cached) return cached;
  const modules = [...registry.values()].map((module) => ({ module, ...moduleSchemas(module) }));
  // Ajv picks the branch by `game` (its `discriminator` option) instead of trying every game's.
  // Ajv refuses a `mapping`: the published document gets it (`withDiscriminatorMappings`).
  const discriminated = (name: string) => ({
    type: 'object',
    oneOf: modules.map((m) => ref(m.id(name))),
    discriminator: { propertyName: 'game' },
  });
  const orders = mergedStandingOrders(registry);

  const gameResourceSchema = {
    $id: 'GameResource',
    description: 'A game as the caller sees it, with the commands the caller may send now: one schema per game, switch on `game`.',
    ...discriminated('Game'),
  };
  const commandSchema = {
    $id: 'Command',
    description:
      'A command of any game: the body of POST /v1/games/{id}/commands. A game refuses a command that is not its own (422 `INVALID_COMMAND`). `legalCommands` in the game lists every command you can send now, ready to POST.',
    // `anyOf`: two games may have commands of the same shape.
    ...anyOf(modules.map((m) => ref(m.id('Command')))),
  };
  const awaitedSchema = {
    $id: 'Awaited',
    type: 'object',
    description: 'A seat the game is waiting for.',
    required: ['seat', 'situation', 'windowId', 'deadline'],
    properties: {
      seat: seatNumber(mostSeats(registry)),
      situation: { type: 'string', enum: unique(modules.flatMap((m) => Object.keys(m.module.situations))), description: 'One of the game’s situations.' },
      windowId: { ...windowId, description: 'Send it with your command: a command for a closed window is refused (422 `WINDOW_CLOSED`).' },
      deadline: { type: ['string', 'null'], format: 'date-time', description: 'When the server acts for the seat; null without a clock.' },
    },
  };
  const standingOrdersSchema = { $id: 'StandingOrders', type: 'object', description: orders.description, required: orders.required, properties: orders.properties };
  const schemas = [
    gameResourceSchema,
    ...modules.flatMap((m) => m.named),
    fairnessSchema,
    commandLogSchema,
    standingOrdersSchema,
    awaitedSchema,
    clockOptionSchema(registry),
    gameListSchema,
    myGamesSchema,
    commandSchema,
    commandAcceptedSchema,
    commandPreviewSchema(modules.filter((m) => m.module.schemas.preview).map((m) => ref(m.id('Preview')))),
    feedEventSchema(modules.map((m) => ref(m.id('Event')))),
    eventPageSchema,
  ] as ({ $id: string } & object)[];

  const createGameBody = { description: 'The game to create and its options: one schema per game, switch on `game`.', ...discriminated('NewGame') };
  const ordersChange = {
    type: 'object',
    description: 'The orders to change; those you leave out stay as they are.',
    // Not `additionalProperties: false`, which the validator answers by silently dropping the field.
    propertyNames: { enum: Object.keys(orders.properties) },
    minProperties: 1,
    properties: orders.properties,
    examples: modules.flatMap((m) => m.module.standingOrders?.examples ?? []),
  };
  const requestExamples = {
    sendCommand: Object.assign({}, ...modules.map((m) => m.module.schemas.examples?.commands ?? {})) as Record<string, BodyExample>,
    createGame: Object.assign({}, ...modules.map((m) => m.module.schemas.examples?.create ?? {})) as Record<string, BodyExample>,
  };
  const shared = Object.fromEntries([...schemas, problemSchema].map((schema) => [schema.$id, withoutUnions(schema as unknown as Json)]));
  /**
   * A route's `serializerCompiler`: fast-json-stringify over the documented response schema, with
   * each union (`GameResource`, `Command`, a game's situations …) written as plain JSON instead of
   * being decided by validation at run time.
   */
  const serializer: FastifySerializerCompiler<unknown> = ({ schema }) =>
    onFirstUse(() => fastJson(withoutUnions(schema as Json) as unknown as fastJson.Schema, { schema: shared as unknown as Record<string, fastJson.Schema> }));
  const api: GameApi = { schemas, createGameBody, ordersChange, requestExamples, serializer };
  built.set(registry, api);
  return api;
}

const fairnessSchema = {
  $id: 'Fairness',
  type: 'object',
  description:
    'How to check that the game was shuffled fairly (README, "Fair play"). Every deal, draw and reshuffle comes from a generator keyed by a secret 256-bit key drawn when the game was created. `commitment` is published from the start (keep it: only the one you saw at creation binds the server); `key` once the game is over, so anyone can check `SHA-256("judge-dredd-pbw shuffle key v1\\n" + key) = commitment` and replay the whole public log with it (`npm run verify -- --game ID --public --commitment HEX`).',
  required: ['generator', 'commitment', 'seeded', 'position', 'key'],
  properties: {
    generator: { type: 'string', const: KEYED_GENERATOR, description: 'HMAC-SHA-256 in counter mode, keyed by `key`.' },
    commitment: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the label and the key, fixed before the first card was dealt.' },
    seeded: {
      type: 'boolean',
      description:
        'True when the creator chose the `seed` the key derives from, or the starting position (a scenario): the creator can then know, or have arranged, every hand. Such games are not listed in the lobby (unless the operator sets `LIST_CHOSEN_GAMES`); check this before you claim a seat.',
    },
    position: {
      type: 'boolean',
      description: 'True when the game started from a position its creator described (a game’s `scenario` or `position` option); `seeded` is then true too.',
    },
    key: { type: ['string', 'null'], pattern: '^[0-9a-f]{64}$', description: 'The generator’s key (hex), once the game is over; null before.' },
  },
} as const;

const gameListSchema = {
  $id: 'GameList',
  type: 'object',
  required: ['games'],
  properties: { games: { type: 'array', items: { $ref: 'GameResource#' } } },
} as const;

const myGamesSchema = {
  $id: 'MyGames',
  type: 'object',
  required: ['games'],
  properties: {
    games: {
      type: 'array',
      description: 'Those where you can act first (soonest deadline first), then the others, most recently active first.',
      items: {
        type: 'object',
        required: ['awaitingMe', 'game'],
        properties: {
          awaitingMe: { type: 'boolean', description: 'The game waits for your seat now; false while a bot plays your seat because you were away (`seats[].absent`: take it back first).' },
          game: { $ref: 'GameResource#' },
        },
      },
    },
  },
} as const;

// ───────────────────────────── feeds ─────────────────────────────

const feedEventSchema = (events: object[]) => ({
  $id: 'FeedEvent',
  type: 'object',
  description: 'One event of the game’s log, as your seat may see it.',
  required: ['seq', 'type', 'at', 'data'],
  properties: {
    seq: { type: 'integer', minimum: 1, description: 'The event’s sequence number: the game version once it happened.' },
    type: { type: 'string', description: 'What happened, e.g. `CardsDrawn`, `DamageTaken`, `TurnBegan`.' },
    at: { type: 'string', format: 'date-time' },
    data: {
      description: 'The event itself, as your seat may see it (hidden information removed); after the game is over, the whole event. Its `type` is the event’s `type`.',
      ...anyOf(events),
    },
  },
}) as const;

const eventPageSchema = {
  $id: 'EventPage',
  type: 'object',
  required: ['version', 'events'],
  properties: {
    version: { type: 'integer', minimum: 0, description: 'The game’s version now.' },
    events: { type: 'array', items: { $ref: 'FeedEvent#' }, description: 'Oldest first, at most 1000: ask again after the last one for more.' },
  },
} as const;

const commandLogSchema = {
  $id: 'CommandLog',
  type: 'object',
  description: 'Every command the game accepted, in order: with the revealed key, enough to replay the whole game (README, "Fair play").',
  required: ['version', 'commands'],
  properties: {
    version: { type: 'integer', minimum: 0, description: 'The game’s version (its last event).' },
    commands: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seq', 'sender', 'command', 'at'],
        properties: {
          seq: { type: 'integer', minimum: 1, description: '1, 2, 3 … in the order the game accepted them.' },
          at: {
            type: 'string',
            format: 'date-time',
            description: 'When the game accepted it: the time its rules were given (a time limit reads it), so a replay decides as the server did.',
          },
          sender: {
            type: 'object',
            required: ['kind', 'seat'],
            properties: {
              kind: { type: 'string', enum: ['seat', 'system'], description: '`system`: the server, e.g. a deadline passing.' },
              seat: { type: ['integer', 'null'], minimum: 0, description: 'The seat that sent it; null for the server.' },
            },
          },
          command: { type: 'object', additionalProperties: true, description: 'The command exactly as accepted.' },
        },
      },
    },
  },
} as const;

const commandAcceptedSchema = {
  $id: 'CommandAccepted',
  type: 'object',
  required: ['version', 'events', 'awaiting'],
  properties: {
    version: { type: 'integer', minimum: 0, description: 'The game version after this command.' },
    events: { type: 'array', items: { $ref: 'FeedEvent#' }, description: 'What the command caused, as your seat may see it.' },
    awaiting: {
      type: 'array',
      items: { $ref: 'Awaited#' },
      description:
        'The seats the game waits for after this command (as in the game resource), so a client knows who acts next without reading the game.',
    },
    game: {
      $ref: 'GameResource#',
      description:
        'Only when the request said `Prefer: return=representation`: the game as your seat sees it after this command (its view, who is awaited, your `legalCommands` now), exactly what GET /v1/games/{id} would answer at `version`, saving that request. For a replayed `Idempotency-Key`, the game as it is now.',
    },
  },
} as const;

/** The answer of POST /v1/games/{id}/preview; `details` is one of the games' own previews, or null. */
function commandPreviewSchema(previews: object[]) {
  return {
    $id: 'CommandPreview',
    type: 'object',
    description: 'A command tried without being sent: nothing was appended, and the game is as it was.',
    required: ['game', 'version', 'legal', 'problem', 'details'],
    properties: {
      game: { type: 'string', description: 'The game’s module id: `details` is its `<Game>Preview`.' },
      version: { type: 'integer', minimum: 0, description: 'The game version the command was tried at.' },
      legal: { type: 'boolean', description: 'Whether the rules would accept the command now.' },
      problem: {
        type: ['object', 'null'],
        description: 'Why not, as sending it would be refused (422 with this `code`); null when legal.',
        required: ['code', 'message'],
        properties: { code: { type: 'string' }, message: { type: 'string' } },
      },
      details: {
        description: 'What the game measures of the command (a path’s length, a shot’s range, sight, cover, odds); null for a game that measures nothing.',
        ...anyOf([...previews, { type: 'null' }]),
      },
    },
  };
}

/** Makes the named schemas available to a plugin's routes (each plugin has its own scope). */
export function addGameSchemas(app: { addSchema(schema: object): unknown; getSchema(id: string): unknown }, registry: GameRegistry): void {
  for (const schema of gameApi(registry).schemas) if (!app.getSchema(schema.$id)) app.addSchema(schema);
}

// ───────────────────────────── route helpers ─────────────────────────────

/** `security` of routes that need a token. */
export const bearerOnly: Record<string, string[]>[] = [{ bearer: [] }];
/** `security` of routes open to anonymous callers (spectators); a token makes them yours. */
export const bearerOptional: Record<string, string[]>[] = [{}, { bearer: [] }];

/** A JSON response: a named schema, a description, and its headers. */
export function json(description: string, ref: string, headers?: Record<string, object>) {
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: { $ref: ref } } } };
}

/** Headers of a response that carries a game version. */
export const versionHeaders = {
  etag: { type: 'string', description: 'The game version, quoted (`"42"`): send it back as `If-Match`.' },
} as const;

/** What these statuses mean on every route that documents them. */
const GENERIC_PROBLEMS: Record<number, string> = {
  400: 'The request is malformed: `VALIDATION_FAILED` lists the offending fields in `errors`.',
  401: 'No token where one is required (`UNAUTHENTICATED`), or a token that cannot be used: expired, revoked, badly signed (`INVALID_TOKEN`). A bad token is refused even where none is needed.',
  429: 'Too many requests from you (`RATE_LIMITED`): `retry-after` says when to try again.',
};

/** Problem+json responses, each with what it means here (`true`: the generic meaning). */
export function problems(statuses: Record<number, string | true>): Record<number, object> {
  return Object.fromEntries(
    Object.entries(statuses).map(([status, meaning]) => [
      status,
      {
        description: meaning === true ? (GENERIC_PROBLEMS[Number(status)] ?? STATUS_CODES[Number(status)] ?? 'Error') : meaning,
        content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: 'Problem#' } } },
      },
    ]),
  );
}

interface OperationLike {
  operationId?: string;
  requestBody?: { content?: Record<string, { examples?: object }> };
}

/**
 * @fastify/swagger's `transformObject`: adds the named request examples. (A route schema cannot
 * carry them: the document keeps nothing beside a body's `$ref`, and Fastify's validator refuses
 * `x-` keywords.)
 */
export function withRequestExamples<T>(document: T, registry: GameRegistry): T {
  const requestExamples = gameApi(registry).requestExamples;
  const paths = (document as { paths?: Record<string, Record<string, OperationLike>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const examples = operation.operationId ? requestExamples[operation.operationId] : undefined;
      const media = operation.requestBody?.content?.['application/json'];
      if (examples && media) media.examples = examples;
    }
  }
  return document;
}

/**
 * @fastify/swagger's `transformObject`, too: each `discriminator` over named schemas gets its
 * `mapping` (a game id is not its schema's name), which Ajv refuses in the schemas it validates
 * with. One over inline branches (a game's commands by `type`) is Ajv's alone: OpenAPI's selects
 * only named schemas, so the document leaves it out.
 */
export function withDiscriminatorMappings<T>(document: T): T {
  const schemas = (document as { components?: { schemas?: Record<string, SchemaLike> } }).components?.schemas ?? {};
  const tag = (reference: string, property: string): unknown => {
    const branch = schemas[reference.replace('#/components/schemas/', '')]?.properties?.[property];
    return branch?.const ?? branch?.enum?.[0];
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const schema = node as SchemaLike;
    const discriminator = schema.discriminator;
    if (discriminator && !schema.oneOf?.every((branch) => branch.$ref)) delete schema.discriminator;
    else if (discriminator && !discriminator.mapping)
      discriminator.mapping = Object.fromEntries(schema.oneOf!.map((branch) => [String(tag(branch.$ref!, discriminator.propertyName)), branch.$ref!]));
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
}

interface SchemaLike {
  $ref?: string;
  oneOf?: SchemaLike[];
  properties?: Record<string, { const?: unknown; enum?: unknown[] }>;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

// ───────────────────────────── serialising ─────────────────────────────

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The schema with every `oneOf`/`anyOf` replaced by "any JSON", keeping its description. */
export function withoutUnions(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(withoutUnions);
  if (schema === null || typeof schema !== 'object') return schema;
  if ('oneOf' in schema || 'anyOf' in schema) return {};
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'examples' ? value : withoutUnions(value)]));
}

