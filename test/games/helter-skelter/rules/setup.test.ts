// "How to Play — Prep": the deal, secret starting map cards (Stealth), fragments passed from the
// left, the first player; and the set-up deadline (docs/rulings.md R1–R4).

import { describe, expect, it } from 'vitest';
import type { MapId } from '../../../../src/games/helter-skelter/board/board.ts';
import { MAP_CARDS, MULTIPLAYER_DESIGNATIONS, TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import { RuleError } from '../../../../src/platform/game-module.ts';
import type { GameSetup } from '../../../../src/games/helter-skelter/types.ts';
import { DAN_TANNA, GRAND_HALL, TestGame, types } from '../support.ts';
import { assignAll, cardsFor, newGame, ofType, only, rosterOf, systemDecide } from './support-part1.ts';

const TEAMS_BY_COUNT: Record<number, TeamId[]> = {
  2: ['judges', 'slaine'],
  3: ['judges', 'strontium-dogs', 'slaine'],
  4: ['judges', 'strontium-dogs', 'nikolai-dante', 'slaine'],
};
const MAPS: MapId[] = [DAN_TANNA, GRAND_HALL];
const SEEDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function setupError(setup: GameSetup): string {
  try {
    helterSkelter.initialState(setup);
  } catch (e) {
    if (e instanceof RuleError) return e.code;
    throw e;
  }
  throw new Error('set-up accepted');
}

/** Plays set-up to the end, every seat choosing its lowest cards; returns what was dealt and kept back. */
function playSetup(map: MapId, players: number, seed: string) {
  const game = newGame(map, TEAMS_BY_COUNT[players]!, seed);
  const dealt = game.state.seats.map((s) => s.mapCards.slice());
  const assigned = game.state.seats.map(() => [] as number[]);
  // Every seat but the last finishes first, so the last seat's final command completes set-up.
  for (let seat = 0; seat < players; seat++) {
    for (const e of ofType(assignAll(game, seat), 'StartingCardsAssigned')) assigned[e.seat]!.push(...e.cards);
  }
  const keptBack = dealt.map((cards, seat) => cards.filter((c) => !assigned[seat]!.includes(c)));
  return { game, dealt, assigned, keptBack };
}

describe('Prep: the deal', () => {
  // "If you're playing with two players, find and remove all map cards with the multiplayer symbol."
  it('with two players no map card with the multiplayer symbol is dealt', () => {
    for (const map of MAPS)
      for (const seed of SEEDS) {
        const dealt = newGame(map, TEAMS_BY_COUNT[2]!, seed).state.seats.flatMap((s) => s.mapCards);
        expect(dealt.filter((c) => MULTIPLAYER_DESIGNATIONS.includes(c))).toEqual([]);
      }
  });

  // The multiplayer cards are removed only with two players.
  it('with three or four players the multiplayer map cards are dealt too', () => {
    // Four players take all forty cards.
    const four = newGame(DAN_TANNA, TEAMS_BY_COUNT[4]!).state.seats.flatMap((s) => s.mapCards);
    expect(four.slice().sort((a, b) => a - b)).toEqual(MAP_CARDS.map((c) => c.designation));
    // Three players take thirty of forty: over a few deals, multiplayer cards turn up.
    const three = SEEDS.flatMap((seed) => newGame(DAN_TANNA, TEAMS_BY_COUNT[3]!, seed).state.seats.flatMap((s) => s.mapCards));
    expect(three.some((c) => MULTIPLAYER_DESIGNATIONS.includes(c))).toBe(true);
  });

  // "Shuffle all the remaining map cards and deal ten to each player."
  it.each([2, 3, 4])('deals ten different map cards to each of %i players', (players) => {
    for (const seed of SEEDS) {
      const seats = newGame(GRAND_HALL, TEAMS_BY_COUNT[players]!, seed).state.seats;
      for (const s of seats) expect(s.mapCards).toHaveLength(10);
      const all = seats.flatMap((s) => s.mapCards);
      expect(new Set(all).size).toBe(10 * players);
    }
  });

  // "Shuffle all the remaining map cards": the deal depends on the shuffle, not on the seat.
  it('the map cards are shuffled before the deal', () => {
    const deals = new Set(SEEDS.map((seed) => JSON.stringify(newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!, seed).state.seats[0]!.mapCards)));
    expect(deals.size).toBeGreaterThan(1);
  });

  // "Place as many health cubes on each character card as needed to match their starting health."
  it('every character starts undeployed with its starting health', () => {
    const s = newGame(DAN_TANNA, TEAMS_BY_COUNT[4]!).state;
    for (const team of TEAMS_BY_COUNT[4]!)
      for (const def of TEAMS[team].roster) {
        const c = s.characters[def.id]!;
        expect([c.health, c.status, c.space, c.warpCubes]).toEqual([def.health, 'undeployed', null, 0]);
      }
  });

  // "When playing as Sláine, find the Warp-Sláine character card and figure and put them aside."
  it('Warp-Sláine is put aside: Sláine starts in his own form', () => {
    const s = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!).state;
    expect(s.characters['warp-slaine']).toBeUndefined();
    expect(s.characters['slaine']!.form).toBe('slaine');
  });

  // "Shuffle your action cards into a face down deck … Draw seven cards from your action card deck
  // into your hand." (R1: hands are drawn at creation.)
  // "Shuffle your action cards into a face down deck" … (after the fragments are placed) "Draw seven
  // cards from your action card deck into your hand." (rulebook, Prep; R1)
  it('decks are shuffled at creation, but no hand is dealt while starting spaces are chosen (R1)', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[4]!);
    for (const [seat, s] of game.state.seats.entries()) {
      const deck = TEAMS[s.team].deck.map((c) => c.id);
      expect(s.hand).toEqual([]);
      expect(s.deck).toHaveLength(30);
      expect(s.discard).toEqual([]);
      expect([...s.deck].sort()).toEqual(deck.slice().sort());
      // Shuffled: the deck is not simply the printed deck list, for some seat.
      if (seat === 0) {
        const seeds = SEEDS.map((seed) => newGame(DAN_TANNA, TEAMS_BY_COUNT[4]!, seed).state.seats[0]!.deck.join());
        expect(new Set(seeds).size).toBeGreaterThan(1);
      }
      expect(helterSkelter.view(game.state, seat).seats[seat]!.hand).toEqual([]);
    }
  });

  it('hands of seven are drawn from the top of each shuffled deck once the fragments are placed (R1)', () => {
    const { game } = playSetup(DAN_TANNA, 4, 'seven');
    const completed = types(game.log).indexOf('SetupCompleted');
    const draws = ofType(game.log.slice(completed), 'CardsDrawn');
    expect(draws.map((e) => e.seat)).toEqual([0, 1, 2, 3]);
    for (const [seat, s] of game.state.seats.entries()) {
      expect(s.hand).toHaveLength(7);
      expect(s.deck).toHaveLength(23);
      expect(draws[seat]!.cards).toEqual(s.hand);
    }
    // Drawn after fragments, before the first turn: each seat sees only its own cards.
    expect(types(game.log).slice(completed, completed + 6)).toEqual(['SetupCompleted', 'CardsDrawn', 'CardsDrawn', 'CardsDrawn', 'CardsDrawn', 'TurnBegan']);
    expect(helterSkelter.redact(draws[1]!, 0)).toEqual({ type: 'CardsDrawn', seat: 1, count: 7 });
  });

  // A game created through the platform names the keyed generator, and is dealt from its key.
  it('the set-up names its generator: a created game the keyed one, dealt from its key', () => {
    const seats = TEAMS_BY_COUNT[2]!.map((team) => ({ team }));
    const key = 'ab'.repeat(32);
    const created = helterSkelter.createSetup({ map: DAN_TANNA, seats }, { key }) as GameSetup;
    expect(created).toMatchObject({ generator: 'hmac-sha256-ctr', key });
    expect(helterSkelter.initialState(created).rng).toEqual({ key, position: expect.any(Number) });
    // A set-up naming the keyed generator without a key is refused, never silently dealt from a seed.
    expect(() => helterSkelter.initialState({ map: DAN_TANNA, seats, seed: 'old', generator: 'hmac-sha256-ctr' })).toThrow(/needs a key/);
  });

  // "Each player chooses a team." The box holds four teams, one each, for two to four players.
  it('refuses a set-up the box cannot provide', () => {
    expect(setupError({ map: DAN_TANNA, seats: [{ team: 'judges' }], seed: 1 })).toBe('BAD_PLAYER_COUNT');
    expect(
      setupError({ map: DAN_TANNA, seats: [...TEAMS_BY_COUNT[4]!, 'judges'].map((team) => ({ team: team as TeamId })), seed: 1 }),
    ).toBe('BAD_PLAYER_COUNT');
    expect(setupError({ map: DAN_TANNA, seats: [{ team: 'judges' }, { team: 'judges' }], seed: 1 })).toBe('TEAM_TAKEN');
    expect(setupError({ map: DAN_TANNA, seats: [{ team: 'judges' }, { team: 'angel-gang' as TeamId }], seed: 1 })).toBe(
      'UNKNOWN_TEAM',
    );
    expect(setupError({ map: 'mega-city-two' as MapId, seats: [{ team: 'judges' }, { team: 'slaine' }], seed: 1 })).toBe(
      'UNKNOWN_MAP',
    );
  });

  // The game opens in set-up: every seat is asked for its starting map cards at once.
  it('set-up asks every seat at once', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[3]!);
    expect(game.situation.kind).toBe('setup');
    expect(helterSkelter.awaiting(game.state).map((a) => [a.seat, a.situation])).toEqual([
      [0, 'setup'],
      [1, 'setup'],
      [2, 'setup'],
    ]);
  });
});

describe('Prep: secretly placing a map card below each character card', () => {
  // "Secretly place a map card face down below each of your character cards."
  it('a character takes one of its seat’s own map cards, which leaves the seat’s hand of map cards', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const card = game.state.seats[0]!.mapCards[3]!;
    const events = game.send(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [card] });
    expect(only(events, 'StartingCardsAssigned')).toMatchObject({ seat: 0, character: 'dredd', cards: [card] });
    expect(game.state.characters['dredd']!.startingCards).toEqual([card]);
    expect(game.state.seats[0]!.mapCards).not.toContain(card);
    expect(game.state.seats[0]!.mapCards).toHaveLength(9);
  });

  // "Secretly place a map card face down below each of your character cards": one, not two.
  it('a character other than Ukko takes exactly one map card', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const [a, b] = game.state.seats[0]!.mapCards;
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [a!, b!] })).toBe('WRONG_CARD_COUNT');
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [] })).toBe('WRONG_CARD_COUNT');
  });

  // Stealth: "At the start of the game, assign two map cards to Ukko instead of one."
  it('Stealth: Ukko takes two map cards, never one', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const [a, b] = game.state.seats[1]!.mapCards;
    expect(game.refused(1, { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [a!] })).toBe('WRONG_CARD_COUNT');
    expect(game.refused(1, { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [a!, a!] })).toBe('DUPLICATE_CARD');
    game.send(1, { type: 'ASSIGN_STARTING_CARDS', character: 'ukko', cards: [b!, a!] });
    expect(game.state.characters['ukko']!.startingCards).toEqual([a, b]);
    expect(game.state.seats[1]!.mapCards).toHaveLength(8);
  });

  // Sláine's four characters take five cards (Ukko two), so Sláine too passes five on.
  it('every seat keeps back exactly five map cards, Sláine’s included', () => {
    const { game, keptBack } = playSetup(DAN_TANNA, 4, 'five');
    expect(keptBack.map((k) => k.length)).toEqual([5, 5, 5, 5]);
    expect(game.situation.kind).toBe('turn');
  });

  // "Secretly place a map card … below each of your character cards": only your own map cards.
  it('a map card that was not dealt to the seat cannot be assigned', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const theirs = game.state.seats[1]!.mapCards[0]!;
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [theirs] })).toBe('MAP_CARD_NOT_YOURS');
    // A multiplayer card was removed from a two-player game: nobody holds it.
    const removed = MULTIPLAYER_DESIGNATIONS[0]!;
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [removed] })).toBe('MAP_CARD_NOT_YOURS');
  });

  // One card under one character: a card already placed is no longer in the seat's hand.
  it('a map card cannot go below two characters', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const card = game.state.seats[0]!.mapCards[0]!;
    game.send(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [card] });
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'giant', cards: [card] })).toBe('MAP_CARD_NOT_YOURS');
  });

  // R2: "each assignment is final".
  it('an assignment is final: a character cannot be given another card (R2)', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const [a, b] = game.state.seats[0]!.mapCards;
    game.send(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [a!] });
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [b!] })).toBe('ALREADY_ASSIGNED');
  });

  // "below each of your character cards": your own characters only.
  it('a seat places map cards under its own characters only', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const card = game.state.seats[0]!.mapCards[0]!;
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'slaine', cards: [card] })).toBe('NOT_YOUR_CHARACTER');
    expect(game.refused(0, { type: 'ASSIGN_STARTING_CARDS', character: 'warp-slaine', cards: [card] })).toBe(
      'NOT_YOUR_CHARACTER',
    );
  });

  // "Once all players have chosen a starting location for their characters, pass …": a seat that is
  // done waits for the others and can place no more.
  it('a seat that has placed a card under every character waits for the others', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[3]!);
    assignAll(game, 1);
    expect(game.situation.kind).toBe('setup');
    expect(helterSkelter.awaiting(game.state).map((a) => a.seat)).toEqual([0, 2]);
    expect(game.legal(1)).toEqual([]);
    const card = game.state.seats[1]!.mapCards[0]!;
    expect(game.refused(1, { type: 'ASSIGN_STARTING_CARDS', character: 'johnny-alpha', cards: [card] })).toBe(
      'ALREADY_ASSIGNED',
    );
  });

  // R2: one ASSIGN_STARTING_CARDS per character, for every remaining card (pairs for Ukko).
  it('the legal set-up commands are every unassigned character with every remaining card (pairs for Ukko)', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    game.send(1, { type: 'ASSIGN_STARTING_CARDS', character: 'slaine', cards: [game.state.seats[1]!.mapCards[0]!] });
    const legal = game.legalOf(1, 'ASSIGN_STARTING_CARDS');
    const left = game.state.seats[1]!.mapCards;
    expect(left).toHaveLength(9);
    const byCharacter = (id: string) => legal.filter((c) => c.type === 'ASSIGN_STARTING_CARDS' && c.character === id);
    expect(byCharacter('slaine')).toEqual([]);
    expect(byCharacter('niamh')).toHaveLength(9);
    expect(byCharacter('kai')).toHaveLength(9);
    expect(byCharacter('ukko')).toHaveLength((9 * 8) / 2);
    for (const c of legal) if (c.type === 'ASSIGN_STARTING_CARDS') expect(c.cards).toHaveLength(cardsFor(c.character));
    // Every one of them is accepted.
    for (const c of game.legal(1)) expect(helterSkelter.decide(game.state, c, { kind: 'seat', seat: 1 }).ok).toBe(true);
  });

  // Set-up comes before play: nothing else can be done until the map cards are placed.
  it('turn commands are refused during set-up', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    expect(game.refused(0, { type: 'END_TURN' })).toBe('WRONG_SITUATION');
    expect(game.refused(0, { type: 'DEPLOY', character: 'dredd', space: game.state.seats[0]!.mapCards[0]! })).toBe(
      'WRONG_SITUATION',
    );
    expect(game.refused(1, { type: 'PASS_INTERRUPT' })).toBe('WRONG_SITUATION');
  });

  // "Secretly place a map card face down" (R2: "Other seats see only that a character was assigned").
  it('other seats see that a character was given its card, never which card (R2)', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[3]!);
    const card = game.state.seats[0]!.mapCards[0]!;
    const e = only(game.send(0, { type: 'ASSIGN_STARTING_CARDS', character: 'dredd', cards: [card] }), 'StartingCardsAssigned');
    expect(helterSkelter.redact(e, 1)).toEqual({ type: 'StartingCardsAssigned', seat: 0, character: 'dredd', byServer: false });
    expect(helterSkelter.redact(e, null)).not.toHaveProperty('cards');
    expect(helterSkelter.redact(e, 0)).toMatchObject({ cards: [card], byServer: false });
  });
});

describe('Prep: fragments of reality and the first player', () => {
  // "Pass your five remaining map cards to the player on your right. Place your fragments on the
  // spaces designated on the map cards handed to you by the player on your left. Then remove those
  // map cards from the game." (R4: seat i's fragments go on the cards seat i+1 kept back.)
  for (const map of MAPS)
    for (const players of [2, 3, 4])
      it(`fragments go on the five cards kept back by the player on the left (R4): ${players} players, ${map}`, () => {
        for (const seed of SEEDS.slice(0, 3)) {
          const { game, keptBack } = playSetup(map, players, seed);
          const done = only(game.log, 'SetupCompleted');
          for (let seat = 0; seat < players; seat++) {
            const mine = game.state.fragments.filter((f) => f.seat === seat).map((f) => f.space);
            expect(mine.sort((a, b) => a - b)).toEqual(keptBack[(seat + 1) % players]);
          }
          expect(game.state.fragments).toHaveLength(5 * players);
          expect(done.fragments).toEqual(game.state.fragments);
          // "Then remove those map cards from the game."
          for (const s of game.state.seats) expect(s.mapCards).toEqual([]);
        }
      });

  // A seat's fragments never start under its own characters: they come from another seat's cards.
  it('no fragment starts on a space chosen for a character of the same seat', () => {
    for (const seed of SEEDS) {
      const { game, assigned } = playSetup(DAN_TANNA, 3, seed);
      for (const f of game.state.fragments) expect(assigned[f.seat]).not.toContain(f.space);
    }
  });

  // "The player whose fragment is on the space with the lowest number starts the game and takes the
  // active player marker."
  it('the seat whose fragment is on the lowest-numbered space starts, with the active player marker', () => {
    const firsts = new Set<number>();
    for (const map of MAPS)
      for (const players of [2, 3, 4])
        for (const seed of SEEDS) {
          const { game } = playSetup(map, players, seed);
          const lowest = game.state.fragments.reduce((a, b) => (b.space < a.space ? b : a));
          const done = only(game.log, 'SetupCompleted');
          expect(done.firstSeat).toBe(lowest.seat);
          expect(game.state.activeSeat).toBe(lowest.seat);
          expect(game.situation).toMatchObject({ kind: 'turn', actor: lowest.seat, interrupting: false });
          firsts.add(lowest.seat);
        }
    // The rule was exercised: not always seat 0.
    expect(firsts.size).toBeGreaterThan(1);
  });

  // "1. DEPLOY A CHARACTER": nobody is on the board yet, so the first turn begins with a deploy.
  it('the first turn begins with step 1: the first player must deploy', () => {
    const { game } = playSetup(GRAND_HALL, 2, 'deploy');
    const began = ofType(game.log, 'TurnBegan');
    expect(began).toHaveLength(1);
    expect(began[0]).toMatchObject({ interrupting: false, mustDeploy: true });
    expect(new Set(game.legal(game.state.activeSeat).map((c) => c.type))).toEqual(new Set(['DEPLOY']));
    expect(types(game.log).slice(-2)).toEqual(['CardsDrawn', 'TurnBegan']);
  });
});

describe('Set-up deadline (R3)', () => {
  // R3: "A seat that misses the set-up deadline is assigned at random from its remaining map cards".
  it('the server places map cards for a late seat, from that seat’s remaining cards, and set-up completes', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[3]!, 'late');
    const dealt = game.state.seats.map((s) => s.mapCards.slice());
    assignAll(game, 0);
    // Seat 1 placed one card; seat 2 placed none.
    const chosen = dealt[1]![4]!;
    game.send(1, { type: 'ASSIGN_STARTING_CARDS', character: 'middenface', cards: [chosen] });
    const events = game.expire();
    const byServer = ofType(events, 'StartingCardsAssigned');
    expect(byServer.every((e) => e.rng !== undefined)).toBe(true);
    expect(byServer.map((e) => e.character).sort()).toEqual(
      [...rosterOf('strontium-dogs').filter((c) => c !== 'middenface'), ...rosterOf('slaine')].sort(),
    );
    for (const e of byServer) {
      expect(e.cards).toHaveLength(cardsFor(e.character));
      for (const c of e.cards) expect(dealt[e.seat]).toContain(c);
    }
    // The late seats' cards are all different.
    for (const seat of [1, 2]) {
      const used = [...byServer.filter((e) => e.seat === seat).flatMap((e) => e.cards), ...(seat === 1 ? [chosen] : [])];
      expect(new Set(used).size).toBe(5);
    }
    // Choices made in time stand.
    expect(game.state.characters['middenface']!.startingCards).toEqual([chosen]);
    expect(ofType(events, 'SetupCompleted')).toHaveLength(1);
    expect(game.situation.kind).toBe('turn');
  });

  // R3: "using the game's seeded PRNG": the same game expires the same way, and the outcome is in
  // the event so replay never re-rolls.
  it('the server’s choice comes from the seeded PRNG and is recorded in the event', () => {
    const a = newGame(GRAND_HALL, TEAMS_BY_COUNT[2]!, 'same');
    const b = newGame(GRAND_HALL, TEAMS_BY_COUNT[2]!, 'same');
    const ea = a.expire();
    expect(b.expire()).toEqual(ea);
    // From the state the test game started at (the harness's orders for every seat).
    const start = new TestGame(helterSkelter.initialState({ map: GRAND_HALL, seats: [{ team: 'judges' }, { team: 'slaine' }], seed: 'same' })).state;
    const replayed = ea.reduce((s, e) => helterSkelter.evolve(s, e), start);
    expect(replayed).toEqual(a.state);
    // Another seed chooses differently.
    const c = newGame(GRAND_HALL, TEAMS_BY_COUNT[2]!, 'other');
    const cardsOf = (events: typeof ea) => ofType(events, 'StartingCardsAssigned').map((e) => e.cards.join());
    const picksA = cardsOf(ea);
    const picksC = cardsOf(c.expire());
    expect(picksA).not.toEqual(picksC);
  });

  // R3: "The event says the server chose (`byServer`), never which cards."
  it('others see that the server chose, never which cards', () => {
    const game = newGame(DAN_TANNA, TEAMS_BY_COUNT[2]!);
    const e = ofType(game.expire(), 'StartingCardsAssigned').find((x) => x.seat === 0)!;
    expect(helterSkelter.redact(e, 1)).toEqual({ type: 'StartingCardsAssigned', seat: 0, character: e.character, byServer: true });
    expect(helterSkelter.redact(e, 0)).toMatchObject({ byServer: true, cards: e.cards });
    expect(JSON.stringify(helterSkelter.redact(e, 0))).not.toContain('rng');
  });

  // The deadline is the set-up's: once set-up is over, the old window expiring changes nothing (R29).
  it('the set-up deadline firing after set-up is over does nothing', () => {
    const { game } = playSetup(DAN_TANNA, 2, 'x');
    const d = systemDecide(game, { type: 'EXPIRE_WINDOW', windowId: 'w1' });
    expect(d).toEqual({ ok: true, events: [] });
  });
});
