// A game from an explicit position instead of a random set-up (api.md, `scenario`): for tutorials,
// puzzles and tests. Characters the scenario does not mention are out of play (dead, no points).

import { RuleError } from '../../platform/game-module.ts';
import { seedRng } from '../../platform/random.ts';
import { boardFor } from './board/index.ts';
import { TEAMS, characterDef } from './content/index.ts';
import { initialState } from './setup.ts';
import { cloneOrders, DEFAULT_ORDERS } from './orders.ts';
import type { CardId, CharacterId, Fragment, GameState, MapId, Seat, SpaceId, TeamId } from './types.ts';

export interface ScenarioCharacter {
  /** A space: deployed there. `undeployed`: waiting behind its `startingCards`. */
  space: SpaceId | 'undeployed';
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

export function fromScenario(sc: Scenario): GameState {
  const base = initialState({ map: sc.map, seats: (sc.seats ?? []).map((s) => ({ team: s.team })), seed: sc.seed ?? 'scenario' });
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
    if (!given) {
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
    rng: seedRng(`${sc.seed ?? 'scenario'}-play`),
  };
}
