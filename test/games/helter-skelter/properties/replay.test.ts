// Determinism and replay (architecture.md: "Deterministic: the same events give the same state, the
// same state and command give the same events. Randomness comes from a seeded PRNG whose state lives
// in the game state; shuffles emit their outcome as event data, so replay never re-rolls." and "a
// verify command replays every stored game through decide from its first command and must reproduce
// the stored events exactly"). The store gives them back as written (test/store/game-log-contract.test.ts).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evolveAll } from '../../../../src/games/helter-skelter/index.ts';
import type { Command, Event, GameState } from '../../../../src/games/helter-skelter/types.ts';
import { fcParams, game, playOnce, randomGameArb, TIMEOUT, type RandomGame } from './harness.ts';

const GAMES = 20;
const SEED = 0x4e9a1;

const fold = (g: RandomGame, events: readonly Event[]): GameState => events.reduce(game.evolve, game.initialState(g.setup));

describe('determinism and replay', () => {
  it('events.reduce(evolve, initialState(setup)) equals the state reached in play, byte for byte, and equals evolveAll', () => {
    fc.assert(
      fc.property(randomGameArb(), (g) => {
        const played = playOnce(g);
        const folded = fold(g, played.events);
        expect(JSON.stringify(folded)).toBe(JSON.stringify(played.state));
        expect(JSON.stringify(evolveAll(game.initialState(g.setup), played.events))).toBe(JSON.stringify(played.state));
        // evolveAll over any split of the log gives the same state as one event at a time.
        const cut = Math.floor(played.events.length / 3);
        const inTwo = evolveAll(evolveAll(game.initialState(g.setup), played.events.slice(0, cut)), played.events.slice(cut));
        expect(JSON.stringify(inTwo)).toBe(JSON.stringify(played.state));
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('initialState is a function of the set-up: same set-up, same JSON; it and evolve leave their inputs untouched', () => {
    fc.assert(
      fc.property(randomGameArb(), (g) => {
        const a = game.initialState(g.setup);
        expect(JSON.stringify(game.initialState(structuredClone(g.setup)))).toBe(JSON.stringify(a));
        const played = playOnce(g);
        const before = JSON.stringify(a);
        const events = JSON.stringify(played.events.slice(0, 50));
        played.events.slice(0, 50).reduce(game.evolve, a);
        expect(JSON.stringify(a)).toBe(before);
        expect(JSON.stringify(played.events.slice(0, 50))).toBe(events);
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('replaying the recorded commands through decide from the start reproduces the stored events exactly (deep equal and same JSON)', () => {
    fc.assert(
      fc.property(randomGameArb(), (g) => {
        const played = playOnce(g);
        let state = game.initialState(g.setup);
        const replayed: Event[] = [];
        for (const [i, h] of played.history.entries()) {
          const d = game.decide(state, h.command, h.sender);
          if (!d.ok) expect.fail(`command ${i} refused on replay: ${d.error.code}`);
          expect(d.events.length).toBe(h.events);
          for (const e of d.events) state = game.evolve(state, e);
          replayed.push(...d.events);
        }
        expect(replayed).toEqual(played.events);
        expect(JSON.stringify(replayed)).toBe(JSON.stringify(played.events));
        expect(JSON.stringify(state)).toBe(JSON.stringify(played.state));
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('events survive a JSON round trip, and replaying them gives the identical state JSON', () => {
    fc.assert(
      fc.property(randomGameArb(), (g) => {
        const played = playOnce(g);
        const expected = JSON.stringify(played.state);
        const roundTripped = JSON.parse(JSON.stringify(played.events)) as Event[];
        expect(roundTripped).toEqual(played.events);
        expect(JSON.stringify(fold(g, roundTripped))).toBe(expected);
        expect(JSON.stringify(evolveAll(game.initialState(g.setup), roundTripped))).toBe(expected);
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('commands stored (a JSON round trip) replay through decide to the same events, from a state rebuilt from stored events', () => {
    fc.assert(
      fc.property(randomGameArb(), (g) => {
        const played = playOnce(g);
        let state = game.initialState(g.setup);
        let at = 0;
        for (const h of played.history) {
          const command = JSON.parse(JSON.stringify(h.command)) as Command;
          const d = game.decide(state, command, h.sender);
          if (!d.ok) expect.fail(`refused: ${d.error.code} ${JSON.stringify(command)}`);
          const stored = played.events.slice(at, at + h.events);
          at += h.events;
          expect(JSON.stringify(d.events)).toBe(JSON.stringify(stored));
          // Carry on from the events as the store would give them back.
          for (const e of stored) state = game.evolve(state, JSON.parse(JSON.stringify(e)) as Event);
        }
        expect(JSON.stringify(state)).toBe(JSON.stringify(played.state));
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);

  it('decide is a function: the same state and command give the same events, twice over', () => {
    fc.assert(
      fc.property(randomGameArb(), fc.nat(), (g, at) => {
        const played = playOnce(g);
        let state = game.initialState(g.setup);
        let e = 0;
        const stop = at % played.history.length;
        for (const [i, h] of played.history.entries()) {
          if (i === stop) {
            const a = game.decide(state, h.command, h.sender);
            const b = game.decide(structuredClone(state), structuredClone(h.command), h.sender);
            expect(JSON.stringify(a)).toBe(JSON.stringify(b));
            for (let seat = 0; seat < state.seats.length; seat++)
              expect(JSON.stringify(game.legalCommands(state, seat))).toBe(JSON.stringify(game.legalCommands(structuredClone(state), seat)));
            return;
          }
          for (const ev of played.events.slice(e, e + h.events)) state = game.evolve(state, ev);
          e += h.events;
        }
      }),
      fcParams(GAMES, SEED),
    );
  }, TIMEOUT);
});
