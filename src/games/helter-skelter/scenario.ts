// A game from an explicit position instead of a random set-up (docs/api.md, "Starting from a position";
// `options.scenario` in the OpenAPI document): for tutorials, puzzles and tests. The types are
// declared in types.ts (`Scenario` …) and the schema the API validates it with (`scenarioSchema`)
// here; `InStep` below fails to compile when their fields differ.
//
// A character the scenario does not name is placed as in a normal set-up, not left out: it waits
// undeployed behind starting map cards drawn from the game's generator (so the position replays
// byte for byte from the game's key). Were silence to mean "dead", a forgotten character would
// vanish without a word; leaving one out of play is said out loud, with `space: 'dead'`.

import { RuleError } from '../../platform/game-module.ts';
import { nextInt, seedRng, type RngState } from '../../platform/random.ts';
import { boardFor } from './board/index.ts';
import { MAP_CARDS, TEAMS, characterDef } from './content/index.ts';
import { TEAM_IDS } from './content/types.ts';
import { eliminationLeaders } from './damage.ts';
import { randomInitialState } from './setup.ts';
import { cloneOrders, DEFAULT_ORDERS } from './orders.ts';
import { hasSpecial, points, startingCardCount } from './state.ts';
import type { CharacterId, CharacterState, Fragment, GameSetup, GameState, Scenario, ScenarioCharacter, ScenarioOptions, ScenarioSeatOptions, SpaceId } from './types.ts';

// The scenario's types are declared in types.ts (the game state names `Scenario`), so that the
// declarations import no rules code; re-exported here for the rest of this file's users.
export type { Scenario, ScenarioCharacter, ScenarioOptions, ScenarioSeat, ScenarioSeatOptions } from './types.ts';

// ───────────────────────────── the schema ─────────────────────────────

const ROSTER_IDS = TEAM_IDS.flatMap((t) => TEAMS[t].roster.map((c) => c.id));
const FORM_IDS = TEAM_IDS.flatMap((t) => [...TEAMS[t].roster, ...TEAMS[t].otherForms].map((c) => c.id));
/** Every map has spaces 1–40, as every map card has a designation 1–40. */
const SPACES = MAP_CARDS.length;
const space = { type: 'integer', minimum: 1, maximum: SPACES } as const;
/** Action card ids are `<team>-01` … `<team>-30`: a pattern keeps the document readable; the team's deck is checked too. */
const cardId = {
  type: 'string',
  pattern: `^(${TEAM_IDS.join('|')})-(0[1-9]|[12][0-9]|30)$`,
  description: 'An action card of this seat’s team, e.g. `judges-07`.',
} as const;
const cards = (description: string, maxItems: number) => ({ type: 'array', maxItems, uniqueItems: true, items: cardId, description }) as const;

const characterSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['space'],
  description: 'Where one character is and in what state.',
  properties: {
    space: {
      anyOf: [
        { ...space, description: 'Deployed, standing on this space.' },
        { type: 'string', enum: ['undeployed', 'dead'], description: '`undeployed`: waiting behind its `startingCards`. `dead`: out of play (killed).' },
      ],
      description: 'A space (1–40) where it stands deployed, `undeployed`, or `dead` (out of play).',
    },
    startingCards: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      uniqueItems: true,
      items: space,
      description:
        'Undeployed only, and then required: the map cards under its character card, one (Ukko, with stealth, two). Each map card is used once: none may be a fragment’s space or another character’s starting card.',
    },
    health: { type: 'integer', minimum: 1, maximum: 4, description: 'In play only: health cubes left, 1 to the character’s printed health. Defaults to full; an undeployed character is always at full health.' },
    warpCubes: { type: 'integer', minimum: 0, maximum: 5, description: 'Sláine only (warp-spasm), deployed: warp cubes on his card. Fewer than his health while he is still Sláine. Defaults to 0.' },
    form: { type: 'string', enum: FORM_IDS, description: 'The card in play for it, when it has changed: `warp-slaine` for Sláine after his warp-spasm. Defaults to the character itself.' },
    armour: {
      type: 'string',
      enum: ['protected', 'vulnerable'],
      description: 'Dark Judges only, deployed: which side of the armour token faces up. Defaults to `protected`.',
    },
  },
} as const;

const seatSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'One seat’s cards and points. Its team is the game’s seat’s team (`options.seats`).',
  properties: {
    hand: cards('The seat’s hand, at most 7 cards. Defaults to empty.', 7),
    deck: cards('The seat’s deck, top first. Defaults to every card of the team’s deck not named in `hand` or `discard`, in deck order.', 30),
    discard: cards('The seat’s discard pile. Defaults to empty.', 30),
    fragments: { type: 'integer', minimum: 0, maximum: 4, description: 'Fragments of reality already collected (a point each). Defaults to 0.' },
    kills: {
      type: 'array',
      maxItems: 4,
      uniqueItems: true,
      items: { type: 'string', enum: ROSTER_IDS },
      description: 'Enemy characters this seat has killed (a point each); each must be `dead` in `characters`. Fragments and kills together stay under five points.',
    },
  },
} as const;

/**
 * JSON Schema of `options.scenario`: every field, no other. What the schema cannot say (a card of
 * another team's deck, a position no game could reach) is refused by `fromScenario` with a sentence.
 */
export const scenarioSchema = {
  type: 'object',
  additionalProperties: false,
  description:
    'Start from an explicit position instead of a random set-up (tutorials, puzzles, tests). The map and the teams are the game’s own (`map`, `seats`). A character not named in `characters` is placed as in a normal set-up: undeployed, behind starting map cards drawn from the game’s shuffle among those no fragment and no other character uses. Leave a character out of play with `space: "dead"`. A position no game could reach is refused (400 `INVALID_SCENARIO`, saying what is wrong).',
  properties: {
    seats: {
      type: 'array',
      maxItems: 4,
      items: seatSchema,
      description: 'Per seat, in the order of `options.seats`; at most as many as it has. A seat left out has an empty hand and its whole deck.',
    },
    characters: {
      type: 'object',
      // Keyed by character: `propertyNames` refuses an unknown key as `additionalProperties: false`
      // would.
      propertyNames: { enum: ROSTER_IDS },
      additionalProperties: characterSchema,
      maxProperties: ROSTER_IDS.length,
      description: 'By character id (e.g. `dredd`, `johnny-alpha`, `slaine`), characters of the seated teams only. A character not named is placed undeployed with starting map cards drawn for it; `{ "space": "dead" }` leaves it out of play.',
    },
    fragments: {
      type: 'array',
      maxItems: 20,
      description: 'Fragments of reality on the map, at most one per space. A seat places five: those on the map and those it has collected make at most five.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['seat', 'space'],
        properties: {
          seat: { type: 'integer', minimum: 0, maximum: 3, description: 'Whose colour it is (only that seat may collect it).' },
          space: { ...space, description: 'The space it lies on.' },
        },
      },
    },
    activeSeat: { type: 'integer', minimum: 0, maximum: 3, description: 'Whose turn it is (the active player marker). Defaults to 0. That seat must have a character in play, and must deploy first if it has one undeployed.' },
  },
} as const;

// The schema's fields are the types' fields, no more and no fewer: compiling fails otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type InStep = [
  Same<keyof typeof scenarioSchema.properties, keyof ScenarioOptions>,
  Same<keyof typeof seatSchema.properties, keyof ScenarioSeatOptions>,
  Same<keyof typeof characterSchema.properties, keyof ScenarioCharacter>,
  Same<keyof typeof scenarioSchema.properties.fragments.items.properties, keyof Fragment>,
];
export const SCHEMA_IN_STEP: InStep = [true, true, true, true];

// ───────────────────────────── the position ─────────────────────────────

const invalid = (message: string) => new RuleError('INVALID_SCENARIO', message);

/**
 * The position `sc` describes. Its shuffles (decks not given, starting cards of characters it does
 * not name, later reshuffles) come from the game's keyed generator when the set-up has a key, else
 * from the scenario's `seed` (engine tests).
 */
export function fromScenario(sc: Scenario, setup: Pick<GameSetup, 'key'> = {}): GameState {
  const keyed = setup.key !== undefined;
  const base = randomInitialState({
    map: sc.map,
    seats: (sc.seats ?? []).map((s) => ({ team: s.team })),
    ...(keyed ? { key: setup.key } : { seed: sc.seed ?? 'scenario' }),
  });
  const named = sc.characters ?? {};
  if (typeof named !== 'object' || named === null || Array.isArray(named)) throw invalid('"characters" must map character ids to positions.');
  for (const id of Object.keys(named))
    if (!base.characters[id]) throw invalid(`${id} is not on any team in this game.`);
  const board = boardFor(sc.map);
  const isSpace = (s: unknown) => board.spaces.includes(s as SpaceId);
  const seats = sc.seats.map((seat, i) => {
    const hand = seat.hand ?? [];
    if (!Array.isArray(hand)) throw invalid(`Seat ${i}: "hand" must be a list of card ids.`);
    const teamCards = TEAMS[seat.team].deck.map((c) => c.id);
    const cardsNamed = [...hand, ...(seat.deck ?? []), ...(seat.discard ?? [])];
    for (const card of cardsNamed) if (!teamCards.includes(card)) throw invalid(`Seat ${i}: ${card} is not in the deck of ${TEAMS[seat.team].name}.`);
    if (new Set(cardsNamed).size !== cardsNamed.length) throw invalid(`Seat ${i}: a card is named twice.`);
    if (hand.length > 7) throw invalid(`Seat ${i}: a hand holds at most 7 cards.`);
    const deck = seat.deck ?? teamCards.filter((c) => !cardsNamed.includes(c));
    return {
      team: seat.team,
      hand: hand.slice(),
      deck: deck.slice(),
      discard: (seat.discard ?? []).slice(),
      mapCards: [],
      fragments: seat.fragments ?? 0,
      kills: (seat.kills ?? []).slice(),
      eliminated: false,
      orders: cloneOrders(DEFAULT_ORDERS),
      arms: [],
    };
  });
  const characters: GameState['characters'] = {};
  const unnamed: CharacterId[] = [];
  for (const [id, c] of Object.entries(base.characters)) {
    const given = named[id];
    if (given !== undefined) characters[id] = placeNamed(id, c, given, isSpace);
    else unnamed.push(id);
  }
  const fragments = (sc.fragments ?? []).map((f) => {
    if (!seats[f.seat] || !isSpace(f.space)) throw invalid(`Fragment ${JSON.stringify(f)} is not on the map.`);
    return { seat: f.seat, space: f.space };
  });
  // Unnamed characters draw from the map cards a normal set-up deals, in seat then roster order. A
  // keyed game goes on from where the set-up's shuffles left its generator; a seeded one (engine
  // tests) draws from its set-up generator and plays from its own `-play` stream.
  let rng: RngState = base.rng;
  if (unnamed.length > 0) {
    const used = new Set<SpaceId>([...fragments.map((f) => f.space), ...Object.values(characters).flatMap((c) => c.startingCards)]);
    const pool = dealtMapCards(seats.length).filter((d) => !used.has(d));
    for (const id of unnamed) {
      const c = base.characters[id]!;
      const cards: SpaceId[] = [];
      for (let k = 0; k < startingCardCount(c); k++) {
        if (pool.length === 0) throw invalid(`No map card is left to place ${characterDef(id).name}: name it in "characters".`);
        let i: number;
        [i, rng] = nextInt(rng, pool.length);
        cards.push(pool.splice(i, 1)[0]!);
      }
      characters[id] = { ...c, startingCards: cards.sort((a, b) => a - b) };
    }
  }
  checkPosition(seats, characters, fragments);
  const activeSeat = sc.activeSeat ?? 0;
  if (!seats[activeSeat]) throw invalid(`There is no seat ${activeSeat}.`);
  for (const [i, seat] of seats.entries())
    seat.eliminated = Object.values(characters).every((c) => c.seat !== i || c.status === 'dead');
  if (seats[activeSeat]!.eliminated) throw invalid('The active seat has no character in play.');
  const state: GameState = {
    ...base,
    seats,
    characters,
    fragments,
    activeSeat,
    situation: {
      kind: 'turn',
      windowId: 'w1',
      actor: activeSeat,
      interrupting: false,
      mustDeploy: Object.values(characters).some((c) => c.seat === activeSeat && c.status === 'undeployed'),
    },
    windows: 1,
    setupDone: seats.map((_, i) => i),
    rng: keyed ? rng : seedRng(`${sc.seed ?? 'scenario'}-play`),
  };
  checkNotOver(state);
  return state;
}

/** "If you're playing with two players, find and remove all map cards with the multiplayer symbol." */
const dealtMapCards = (seatCount: number): SpaceId[] =>
  MAP_CARDS.filter((c) => seatCount > 2 || !c.multiplayer).map((c) => c.designation);

/** One character the scenario names, refused when no game could have left it that way. */
function placeNamed(id: CharacterId, c: CharacterState, given: ScenarioCharacter, isSpace: (s: unknown) => boolean): CharacterState {
  const def = characterDef(id);
  const name = def.name;
  const forms = [id, ...(def.transformsInto ? [def.transformsInto] : [])];
  const form = given.form ?? id;
  if (!forms.includes(form))
    throw invalid(`${name} can only be in play as ${forms.map((f) => characterDef(f).name).join(' or ')}, not as ${form}.`);
  const formDef = characterDef(form);
  const warpCubes = given.warpCubes ?? 0;
  if (!Number.isInteger(warpCubes) || warpCubes < 0) throw invalid(`${name}: warp cubes must be a whole number.`);
  if (warpCubes > 0 && !def.specials.includes('warp-spasm'))
    throw invalid(`${name} cannot have warp cubes: only a character with warp-spasm (Sláine) gets them.`);
  if (given.armour !== undefined && (!def.specials.includes('armour') || typeof given.space !== 'number'))
    throw invalid(`${name} has no armour token in play: only a deployed Dark Judge has one.`);
  if (given.startingCards !== undefined && given.space !== 'undeployed')
    throw invalid(`${name} is not undeployed, so it has no starting map cards.`);
  if (given.space === 'dead') {
    if (given.health !== undefined) throw invalid(`${name} is dead, so it has no health left.`);
    return { ...c, form, warpCubes, status: 'dead', health: 0, space: null, startingCards: [] };
  }
  const health = given.health ?? formDef.health;
  if (!Number.isInteger(health) || health < 1 || health > formDef.health)
    throw invalid(`${name}: health must be 1–${formDef.health}.`);
  if (given.space === 'undeployed') {
    if (form !== id) throw invalid(`${name} changes form only in play, so it cannot wait undeployed as ${formDef.name}.`);
    if (health !== formDef.health) throw invalid(`${name} has not been deployed, so it cannot have been hurt: its health is ${formDef.health}.`);
    if (warpCubes > 0) throw invalid(`${name} has not been deployed, so it cannot have warp cubes.`);
    const cards = given.startingCards ?? [];
    const count = startingCardCount({ ...c, form });
    if (cards.length !== count || !cards.every(isSpace) || new Set(cards).size !== cards.length)
      throw invalid(`${name} is undeployed, so it needs ${count === 1 ? 'one starting map card' : `${count} different starting map cards`} (a space of the map).`);
    return { ...c, form, health, warpCubes, status: 'undeployed', space: null, startingCards: cards.slice().sort((a, b) => a - b) };
  }
  if (!isSpace(given.space)) throw invalid(`${name}: there is no space ${String(given.space)}.`);
  const deployed: CharacterState = {
    ...c,
    form,
    health,
    warpCubes,
    status: 'deployed',
    space: given.space,
    startingCards: [],
    ...(given.armour === undefined ? {} : { armour: given.armour }),
  };
  // Warp-spasm is immediate: "Whenever there are as many (or more) warp cubes as health cubes".
  if (hasSpecial(deployed, 'warp-spasm') && def.transformsInto && warpCubes > 0 && warpCubes >= health)
    throw invalid(`${name} has as many warp cubes as health cubes, so he would already be ${characterDef(def.transformsInto).name}.`);
  return deployed;
}

/** Positions no game could reach: each refused with a sentence saying what is wrong. */
function checkPosition(seats: GameState['seats'], characters: GameState['characters'], fragments: Fragment[]): void {
  const onSpace = new Map<SpaceId, number>();
  for (const f of fragments) {
    if (onSpace.has(f.space)) throw invalid(`Two fragments lie on space ${f.space}; a space holds at most one.`);
    onSpace.set(f.space, f.seat);
  }
  // Each map card is used once: under one character, or for one fragment. (Which cards carry the
  // multiplayer symbol is a reconstruction, docs/content.md, so a named position is not refused on
  // it; only the cards drawn for unnamed characters leave them out, as a real deal would.)
  const cardUser = new Map<SpaceId, string>();
  for (const c of Object.values(characters)) {
    for (const card of c.startingCards) {
      const name = characterDef(c.id).name;
      const other = cardUser.get(card);
      if (other) throw invalid(`Map card ${card} is under both ${other} and ${name}; each map card is used once.`);
      if (onSpace.has(card)) throw invalid(`Map card ${card} is under ${name}, but a fragment was placed from it; each map card is used once.`);
      cardUser.set(card, name);
    }
  }
  for (const [i, seat] of seats.entries()) {
    for (const killed of seat.kills) {
      const victim = characters[killed];
      if (!victim) throw invalid(`Seat ${i}: ${killed} is not in this game, so it cannot have been killed.`);
      if (victim.seat === i) throw invalid(`Seat ${i}: killing your own ${killed} scores no point, so it is not a kill.`);
      if (victim.status !== 'dead') throw invalid(`Seat ${i}: ${killed} is counted as a kill but is still in play.`);
    }
    if (seat.fragments < 0 || !Number.isInteger(seat.fragments)) throw invalid(`Seat ${i}: fragments collected must be a whole number.`);
    const kills = seat.kills.reduce((n, id) => n + (characterDef(id).specials.includes('infamous-adversaries') ? 2 : 1), 0);
    if (seat.fragments + kills >= 5) throw invalid(`Seat ${i} already has five points: the game would be over.`);
    const onMap = fragments.filter((f) => f.seat === i).length;
    if (seat.fragments + onMap > 5)
      throw invalid(`Seat ${i} has ${seat.fragments} fragments collected and ${onMap} on the map, but places only five.`);
  }
  const killedTwice = seats.flatMap((s) => s.kills).filter((id, k, all) => all.indexOf(id) !== k);
  if (killedTwice.length > 0) throw invalid(`${killedTwice[0]} is counted as killed by two seats.`);
}

/**
 * "If all your characters are killed, you are eliminated and the remaining player with the most
 * points wins": a position with an eliminated seat and one clear leader is a game already over.
 */
function checkNotOver(s: GameState): void {
  const out = s.seats.flatMap((seat, i) => (seat.eliminated ? [i] : []));
  if (out.length === 0) return;
  const leaders = eliminationLeaders(s);
  if (leaders.length === 1)
    throw invalid(
      `Seat ${out.join(' and seat ')} has no character in play and seat ${leaders[0]} leads the remaining seats with ${points(s, leaders[0]!)} points: the game would be over.`,
    );
}
