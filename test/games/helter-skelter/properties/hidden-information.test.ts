// Hidden information (docs/architecture.md §5, "Who sees what"): "A seat sees its own hand, its own
// secret starting map cards, its own standing orders. Everyone sees the board, deployed characters,
// health, scores, discard piles, deck and hand sizes, whose turn it is, and who is awaited. Nobody
// sees deck order, other hands, or undeployed characters' cards until revealed. Spectators see what
// every player sees. The same rule applies to the event feed: each event is redacted for the reader.
// After the game ends the full log is public." R2 (others see only that a character was assigned),
// R3 (byServer, never which cards), R7 (no reader ever sees a shuffle's order), R12 (claims are secret
// until the window closes), R39 (standing orders are their seat's alone). view.ts: the PRNG state is
// never shown. Random games never set orders (SET_ORDERS is not a legal command):
// properties/orders.test.ts plays games that do and checks that orders stay private.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Event, GameState } from '../../../../src/games/helter-skelter/types.ts';
import type { GameView, VisibleEvent } from '../../../../src/games/helter-skelter/view.ts';
import { ASKED, Chooser, fcParams, game, initialStateOf, keysIn, playOnce, randomGameArb, stringsIn, TIMEOUT, type RandomGame } from './harness.ts';

/**
 * Every seat on `ask`, so that windows wait and claims are made by hand, then kept secret (R12): under
 * the default orders random play never claims (window-timing.test.ts covers the defaults).
 */
const asked = (g: RandomGame): RandomGame => ({ ...g, orders: ASKED });

const GAMES = 10;
const SEED = 0x41dde;

type Reader = number | null;
const readersOf = (s: GameState): Reader[] => [null, ...s.seats.map((_, i) => i)];

/** Where each card of the game is now: whose deck, hand or discard pile. */
function locate(s: GameState): Map<string, { seat: number; pile: 'deck' | 'hand' | 'discard' }> {
  const at = new Map<string, { seat: number; pile: 'deck' | 'hand' | 'discard' }>();
  for (const [seat, x] of s.seats.entries()) {
    for (const c of x.deck) at.set(c, { seat, pile: 'deck' });
    for (const c of x.hand) at.set(c, { seat, pile: 'hand' });
    for (const c of x.discard) at.set(c, { seat, pile: 'discard' });
  }
  return at;
}

type Locations = ReturnType<typeof locate>;

/** Card ids in `value` that `reader` may not see: any deck card, other seats' hand cards. */
function leakedCards(value: unknown, at: Locations, reader: Reader): string[] {
  return stringsIn(value).filter((str) => {
    const where = at.get(str);
    if (!where) return false;
    if (where.pile === 'deck') return true;
    return where.pile === 'hand' && where.seat !== reader;
  });
}

/** Structural secrets of a view: map cards and starting cards shown only to their owner, no PRNG, no deck. */
function viewProblems(v: GameView, s: GameState, reader: Reader): string[] {
  const problems: string[] = [];
  const keys = keysIn(v);
  for (const k of ['rng', 'deck', 'answers']) if (keys.has(k)) problems.push(`view has "${k}"`);
  for (const seat of v.seats) {
    if (seat.hand !== undefined && seat.seat !== reader) problems.push(`shows seat ${seat.seat}'s hand`);
    if (seat.mapCards !== undefined && seat.seat !== reader) problems.push(`shows seat ${seat.seat}'s map cards`);
    if (seat.orders !== undefined && seat.seat !== reader) problems.push(`shows seat ${seat.seat}'s standing orders`);
    if (seat.handSize !== s.seats[seat.seat]!.hand.length || seat.deckSize !== s.seats[seat.seat]!.deck.length) problems.push('wrong sizes');
  }
  for (const c of v.characters) {
    if (c.startingCards !== undefined && (c.seat !== reader || c.status !== 'undeployed')) problems.push(`shows ${c.id}'s starting cards`);
  }
  if (v.situation.kind === 'interrupt' && v.situation.myAnswer !== undefined) {
    const sit = s.situation as Extract<GameState['situation'], { kind: 'interrupt' }>;
    if (reader === null || !(String(reader) in sit.answers)) problems.push('myAnswer for a reader who has not answered');
    else if (v.situation.myAnswer !== sit.answers[String(reader)]) problems.push('myAnswer is not the reader’s answer');
  }
  return problems;
}

/** Structural secrets of a redacted event. */
function eventProblems(r: VisibleEvent, e: Event, reader: Reader): string[] {
  const problems: string[] = [];
  if (keysIn(r).has('rng')) problems.push('redacted event has "rng"');
  if (r.type === 'DeckReshuffled' && 'order' in r) problems.push('shows a shuffle’s order');
  if (r.type === 'StartingCardsAssigned' && 'cards' in r && e.type === 'StartingCardsAssigned' && e.seat !== reader)
    problems.push('shows another seat’s starting map cards');
  if (r.type === 'CardsDrawn' && 'cards' in r && e.type === 'CardsDrawn' && e.seat !== reader) problems.push('shows another seat’s draw');
  if (r.type === 'InterruptAnswered' && 'card' in r && e.type === 'InterruptAnswered' && e.seat !== reader)
    problems.push('shows another seat’s interrupt answer');
  // R39: others learn only that some seat set its orders, not which seat nor what.
  if (r.type === 'OrdersSet' && e.type === 'OrdersSet' && e.seat !== reader && Object.keys(r).length !== 1)
    problems.push('shows another seat’s standing orders');
  return problems;
}

/** Folds a game's events, calling `at` with the event and the state right after it. */
function throughout(g: RandomGame, at: (e: Event, s: GameState, i: number) => void): void {
  let s = initialStateOf(g);
  for (const [i, e] of playOnce(g).events.entries()) {
    s = game.evolve(s, e);
    at(e, s, i);
  }
}

describe('hidden information: views and the event feed show each reader only what it may see', () => {
  it('no view shows a card of any deck or of another seat’s hand, the PRNG, others’ map cards or starting cards (every event, every seat, spectators)', () => {
    fc.assert(
      fc.property(randomGameArb().map(asked), (g) => {
        throughout(g, (e, s, i) => {
          if (game.isOver(s)) return;
          const at = locate(s);
          for (const reader of readersOf(s)) {
            const v = game.view(s, reader);
            const leaks = leakedCards(v, at, reader);
            const problems = viewProblems(v, s, reader);
            if (leaks.length + problems.length > 0)
              expect.fail(`after event ${i} (${e.type}), reader ${reader}: leaks ${leaks} ${problems.join('; ')}`);
          }
        });
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('no redacted event shows a card of any deck or of another seat’s hand, the PRNG, a shuffle, others’ draws, map cards or claims', () => {
    fc.assert(
      fc.property(randomGameArb().map(asked), (g) => {
        throughout(g, (e, s, i) => {
          const at = locate(s);
          for (const reader of readersOf(s)) {
            const r = game.redact(e, reader);
            const leaks = leakedCards(r, at, reader);
            const problems = eventProblems(r, e, reader);
            if (leaks.length + problems.length > 0) expect.fail(`event ${i} ${JSON.stringify(e)} for ${reader}: leaks ${leaks} ${problems.join('; ')}`);
          }
          // The redacted feed still says what happened: the same type, and counts where cards are hidden.
          const spectator = game.redact(e, null);
          expect(spectator.type).toBe(e.type);
          if (e.type === 'CardsDrawn') expect(spectator).toMatchObject({ seat: e.seat, count: e.cards.length });
          if (e.type === 'DeckReshuffled') expect(spectator).toMatchObject({ seat: e.seat, size: e.order.length });
        });
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('a spectator sees no hand at all; a seat sees exactly its own hand, map cards during set-up, and undeployed characters’ starting cards', () => {
    fc.assert(
      fc.property(randomGameArb().map(asked), (g) => {
        const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
        throughout(g, (e, s, i) => {
          if (game.isOver(s)) return;
          const problems: string[] = [];
          const spectator = game.view(s, null);
          if (!spectator.seats.every((x) => x.hand === undefined && x.mapCards === undefined)) problems.push('a spectator sees a hand');
          if (!spectator.characters.every((c) => c.startingCards === undefined)) problems.push('a spectator sees starting cards');
          const discards = s.seats.map((x) => x.discard);
          for (let seat = 0; seat < s.seats.length; seat++) {
            const v = game.view(s, seat);
            if (!same(v.seats[seat]!.hand, s.seats[seat]!.hand)) problems.push(`seat ${seat} does not see its hand`);
            if (s.situation.kind === 'setup' && !same(v.seats[seat]!.mapCards, s.seats[seat]!.mapCards)) problems.push(`seat ${seat} does not see its map cards`);
            for (const c of v.characters)
              if (c.seat === seat && c.status === 'undeployed' && !same(c.startingCards, s.characters[c.id]!.startingCards))
                problems.push(`seat ${seat} does not see ${c.id}'s starting cards`);
            // Discard piles are public, the same for every reader.
            if (!same(v.seats.map((x) => x.discard), discards)) problems.push(`seat ${seat} sees other discard piles`);
          }
          if (problems.length > 0) expect.fail(`after event ${i} (${e.type}): ${problems.join('; ')}`);
        });
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  // Non-interference: what a reader may not see cannot change what it sees. Each secret is changed
  // in a copy of the state; every other reader's view must stay exactly the same.
  it('changing what a reader may not see (other hands, any deck order, others’ starting and map cards, the PRNG, others’ claims) leaves its view unchanged', () => {
    fc.assert(
      fc.property(randomGameArb().map(asked), fc.integer(), (g, chooserSeed) => {
        const ch = new Chooser(chooserSeed);
        throughout(g, (e, s, i) => {
          if (game.isOver(s) || i % 5 !== 0) return;
          const owner = ch.int(s.seats.length);
          const secret = structuredClone(s);
          const x = secret.seats[owner]!;
          // Another hand of the same size (swap hand and deck cards) and another deck order.
          const pool = [...x.hand, ...x.deck];
          for (let k = pool.length - 1; k > 0; k--) {
            const j = ch.int(k + 1);
            [pool[k], pool[j]] = [pool[j]!, pool[k]!];
          }
          x.hand = pool.slice(0, x.hand.length);
          x.deck = pool.slice(x.hand.length);
          x.mapCards = x.mapCards.map((m) => m + 1);
          for (const c of Object.values(secret.characters)) if (c.seat === owner && c.status === 'undeployed' && c.startingCards.length > 0) c.startingCards = c.startingCards.map((m) => m + 1);
          secret.rng = { key: secret.rng.key, position: secret.rng.position + 12345 };
          if (secret.situation.kind === 'interrupt' && String(owner) in secret.situation.answers) {
            const a = secret.situation.answers[String(owner)];
            secret.situation.answers[String(owner)] = a === null ? (x.hand[0] ?? null) : null;
          }
          for (const reader of readersOf(s)) {
            if (reader === owner) continue;
            const seen = JSON.stringify(game.view(s, reader));
            if (JSON.stringify(game.view(secret, reader)) !== seen) expect(game.view(secret, reader), `event ${i}, seat ${owner}'s secrets seen by ${reader}`).toEqual(game.view(s, reader));
          }
        });
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('a redacted event does not depend on the cards, order, map cards, PRNG or claim it hides from the reader', () => {
    fc.assert(
      fc.property(randomGameArb().map(asked), (g) => {
        throughout(g, (e, s) => {
          let other: Event | null = null;
          if (e.type === 'CardsDrawn') other = { ...e, cards: e.cards.map((c) => `${c}'`) };
          if (e.type === 'DeckReshuffled') other = { ...e, order: e.order.slice().reverse(), rng: e.rng + 1 };
          if (e.type === 'StartingCardsAssigned') other = { ...e, cards: e.cards.map((c) => c + 1), ...(e.rng !== undefined ? { rng: e.rng + 1 } : {}) };
          if (e.type === 'InterruptAnswered') other = { ...e, card: e.card === null ? 'some-card' : null };
          if (!other) return;
          const owner = 'seat' in e ? e.seat : -1;
          for (const reader of readersOf(s)) {
            if (reader === owner && e.type !== 'DeckReshuffled') continue;
            expect(game.redact(other, reader)).toEqual(game.redact(e, reader));
          }
        });
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  // A check that cannot fail proves nothing: the leak detectors must catch the owner's view shown
  // to someone else, and an event shown unredacted.
  it('the leak checks catch a leak: seat 0’s own view read by seat 1, raw draws, shuffles and claims', () => {
    const g: RandomGame = { setup: { map: 'grand-hall-of-justice', seats: [{ team: 'judges' }, { team: 'slaine' }, { team: 'nikolai-dante' }], seed: 'leak' }, playerSeed: 7, expiryRate: 0, orders: ASKED };
    const caught = new Set<string>();
    throughout(g, (e, s) => {
      if (game.isOver(s)) return;
      const at = locate(s);
      if (s.seats[0]!.hand.length > 0 && leakedCards(game.view(s, 0), at, 1).length > 0) caught.add('view');
      if (viewProblems(game.view(s, 0), s, 1).length > 0) caught.add('view structure');
      if (e.type === 'CardsDrawn' && e.seat !== 1 && leakedCards(e, at, 1).length > 0) caught.add('draw');
      if (e.type === 'DeckReshuffled' && leakedCards(e, at, e.seat).length > 0 && eventProblems(e as unknown as VisibleEvent, e, e.seat).length > 0) caught.add('shuffle');
      if (e.type === 'InterruptAnswered' && e.card !== null && leakedCards(e, at, (e.seat + 1) % 3).length > 0) caught.add('claim');
      if (e.type === 'StartingCardsAssigned' && eventProblems(e as unknown as VisibleEvent, e, (e.seat + 1) % 3).length > 0) caught.add('starting cards');
    });
    expect([...caught].sort()).toEqual(['claim', 'draw', 'shuffle', 'starting cards', 'view', 'view structure']);
  }, TIMEOUT);

  // "After the game ends the full log is public."
  it('after the game is over the view shows everything: every hand and every undeployed character’s starting cards, to every reader', () => {
    fc.assert(
      fc.property(randomGameArb().map(asked), (g) => {
        const played = playOnce(g);
        if (played.deadlocked) return; // never over: see simulation.test.ts
        const s = played.state;
        expect(game.isOver(s)).toBe(true);
        for (const reader of readersOf(s)) {
          const v = game.view(s, reader);
          expect(v.seats.map((x) => x.hand)).toEqual(s.seats.map((x) => x.hand));
          for (const c of v.characters)
            if (c.status === 'undeployed') expect(c.startingCards).toEqual(s.characters[c.id]!.startingCards);
          expect(v.winners).toEqual(s.winners);
        }
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);
});
