// A game from an explicit position instead of a random set-up (api.md, `scenario`): for tutorials,
// puzzles and tests. Characters the scenario does not mention are out of play (dead, no points).

import { RuleError } from '../../platform/game-module.ts';
import { seedRng } from '../../platform/random.ts';
import { boardFor } from './board/index.ts';
import { TEAMS, characterDef } from './content/index.ts';
import { initialState } from './setup.ts';
import { cloneOrders, DEFAULT_ORDERS } from './orders.ts';
import type { CardId, CharacterId, Fragment, GameSetup, GameState, MapId, Seat, SpaceId, TeamId } from './types.ts';

export interface ScenarioCharacter {
  /** A space: deployed there. `undeployed`: waiting behind its `startingCards`. `dead`: out of play. */
  space: SpaceId | 'undeployed' | 'dead';
  startingCards?: SpaceId[];
  health?: number;
  warpCubes?: number;
  /** The card in play, e.g. `warp-slaine`. */
  form?: CharacterId;
}

export interface ScenarioSeat {
  team: TeamId;
  hand: CardId[];
  /** Top first. Defaults to the rest of the team's deck in deck order. */
  deck?: CardId[];
  discard?: CardId[];
  fragments?: number;
  kills?: CharacterId[];
}

export interface Scenario {
  map: MapId;
  seats: ScenarioSeat[];
  characters: Record<CharacterId, ScenarioCharacter>;
  fragments?: Fragment[];
  /** Whose turn it is (holds the active player marker). Defaults to seat 0. */
  activeSeat?: Seat;
  seed?: string | number;
}

const invalid = (message: string) => new RuleError('INVALID_SCENARIO', message);

/**
 * The position `sc` describes. Its shuffles (decks not given, later reshuffles) come from the game's
 * keyed generator when the set-up has a key, else from the scenario's legacy `seed`.
 */
export function fromScenario(sc: Scenario, randomness: Pick<GameSetup, 'key'> = {}): GameState {
  const keyed = randomness.key !== undefined;
  const base = initialState({
    map: sc.map,
    seats: (sc.seats ?? []).map((s) => ({ team: s.team })),
    ...(keyed ? { key: randomness.key } : { seed: sc.seed ?? 'scenario' }),
  });
  if (typeof sc.characters !== 'object' || sc.characters === null) throw invalid('"characters" must map character ids to positions.');
  const board = boardFor(sc.map);
  const isSpace = (space: unknown) => board.spaces.includes(space as SpaceId);
  const seats = sc.seats.map((seat, i) => {
    if (!Array.isArray(seat.hand)) throw invalid(`Seat ${i}: "hand" must be a list of card ids.`);
    const teamCards = TEAMS[seat.team].deck.map((c) => c.id);
    const named = [...seat.hand, ...(seat.deck ?? []), ...(seat.discard ?? [])];
    for (const card of named) if (!teamCards.includes(card)) throw invalid(`Seat ${i}: ${card} is not in the ${seat.team} deck.`);
    if (new Set(named).size !== named.length) throw invalid(`Seat ${i}: a card is named twice.`);
    if (seat.hand.length > 7) throw invalid(`Seat ${i}: a hand holds at most 7 cards.`);
    const deck = seat.deck ?? teamCards.filter((c) => !named.includes(c));
    return {
      team: seat.team,
      hand: seat.hand.slice(),
      deck: deck.slice(),
      discard: (seat.discard ?? []).slice(),
      mapCards: [],
      fragments: seat.fragments ?? 0,
      kills: (seat.kills ?? []).slice(),
      eliminated: false,
      orders: cloneOrders(DEFAULT_ORDERS),
    };
  });
  const characters: GameState['characters'] = {};
  for (const [id, c] of Object.entries(base.characters)) {
    const given = sc.characters[id];
    if (!given || given.space === 'dead') {
      characters[id] = { ...c, status: 'dead', health: 0, space: null };
      continue;
    }
    const form = given.form ?? id;
    const health = given.health ?? characterDef(form).health;
    if (!Number.isInteger(health) || health < 1 || health > characterDef(form).health)
      throw invalid(`${id}: health must be 1–${characterDef(form).health}.`);
    if (given.space === 'undeployed') {
      const cards = given.startingCards ?? [];
      if (cards.length === 0 || !cards.every(isSpace)) throw invalid(`${id}: an undeployed character needs starting cards.`);
      characters[id] = { ...c, form, health, warpCubes: given.warpCubes ?? 0, status: 'undeployed', space: null, startingCards: cards.slice() };
    } else {
      if (!isSpace(given.space)) throw invalid(`${id}: there is no space ${String(given.space)}.`);
      characters[id] = { ...c, form, health, warpCubes: given.warpCubes ?? 0, status: 'deployed', space: given.space, startingCards: [] };
    }
  }
  for (const id of Object.keys(sc.characters))
    if (!characters[id]) throw invalid(`${id} is not on any team in this game.`);
  checkPosition(sc, seats, characters);
  const activeSeat = sc.activeSeat ?? 0;
  if (!seats[activeSeat]) throw invalid(`There is no seat ${activeSeat}.`);
  for (const [i, seat] of seats.entries())
    seat.eliminated = Object.values(characters).every((c) => c.seat !== i || c.status === 'dead');
  if (seats[activeSeat]!.eliminated) throw invalid('The active seat has no character in play.');
  const mustDeploy = Object.values(characters).some((c) => c.seat === activeSeat && c.status === 'undeployed');
  return {
    ...base,
    seats,
    characters,
    fragments: (sc.fragments ?? []).map((f) => {
      if (!seats[f.seat] || !isSpace(f.space)) throw invalid(`Fragment ${JSON.stringify(f)} is not on the map.`);
      return { seat: f.seat, space: f.space };
    }),
    activeSeat,
    situation: { kind: 'turn', windowId: 'w1', actor: activeSeat, interrupting: false, mustDeploy },
    windows: 1,
    setupDone: seats.map((_, i) => i),
    // A keyed game goes on drawing from where the set-up's shuffles left its generator.
    rng: keyed ? base.rng : seedRng(`${sc.seed ?? 'scenario'}-play`),
  };
}

/** Positions no game could reach: each refused with a sentence saying what is wrong. */
function checkPosition(sc: Scenario, seats: GameState['seats'], characters: GameState['characters']): void {
  const spaces = new Map<SpaceId, number>();
  for (const f of sc.fragments ?? []) {
    if (spaces.has(f.space)) throw invalid(`Two fragments lie on space ${f.space}; a space holds at most one.`);
    spaces.set(f.space, f.seat);
  }
  for (const [i, seat] of seats.entries()) {
    for (const killed of seat.kills) {
      const victim = characters[killed];
      if (!victim) throw invalid(`Seat ${i}: ${killed} is not in this game, so it cannot have been killed.`);
      if (victim.seat === i) throw invalid(`Seat ${i}: killing your own ${killed} scores no point, so it is not a kill.`);
      if (victim.status !== 'dead') throw invalid(`Seat ${i}: ${killed} is counted as a kill but is still in play.`);
    }
    if (seat.fragments < 0 || !Number.isInteger(seat.fragments)) throw invalid(`Seat ${i}: fragments collected must be a whole number.`);
    if (seat.fragments + seat.kills.length >= 5) throw invalid(`Seat ${i} already has five points: the game would be over.`);
  }
  const killedTwice = seats.flatMap((s) => s.kills).filter((id, k, all) => all.indexOf(id) !== k);
  if (killedTwice.length > 0) throw invalid(`${killedTwice[0]} is counted as killed by two seats.`);
}
