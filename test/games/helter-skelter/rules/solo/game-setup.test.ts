// "Playing solo against the Dark Judges", Setup, as a game: the `solo` creation option, the
// starting state built from the game's generator, and the player's one set-up decision (which
// character goes on which map card, "in any order"). Rulings R50 (the reserve), R51 (placing).

import { describe, expect, it } from 'vitest';
import { helterSkelter } from '../../../../../src/games/helter-skelter/index.ts';
import { boardFor } from '../../../../../src/games/helter-skelter/board/index.ts';
import { SOLO_CARDS } from '../../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { TEAMS } from '../../../../../src/games/helter-skelter/content/index.ts';
import { evolveAll } from '../../../../../src/games/helter-skelter/evolve.ts';
import { legalCommands } from '../../../../../src/games/helter-skelter/legal.ts';
import { setupFromOptions } from '../../../../../src/games/helter-skelter/options.ts';
import { generatorFor } from '../../../../../src/games/helter-skelter/setup.ts';
import { soloMapCards, soloPlacement } from '../../../../../src/games/helter-skelter/solo/placement.ts';
import type { Command, Event, GameSetup, GameState, Seat, TeamId } from '../../../../../src/games/helter-skelter/types.ts';
import { redact, view } from '../../../../../src/games/helter-skelter/view.ts';
import { RuleError, type Sender } from '../../../../../src/platform/game-module.ts';
import { KEYED_GENERATOR, shuffle } from '../../../../../src/platform/random.ts';
import { DAN_TANNA, GRAND_HALL } from '../../support.ts';

const KEY = 'a'.repeat(64);
const soloSetup = (team: TeamId = 'judges', map = DAN_TANNA, key = KEY): GameSetup => ({
  map,
  seats: [{ team }],
  generator: KEYED_GENERATOR,
  key,
  solo: true,
});
const player: Sender = { kind: 'seat', seat: 0 } as Sender;
const system: Sender = { kind: 'system' } as Sender;

function play(s: GameState, cmd: Command, sender: Sender = player): { state: GameState; events: Event[] } {
  const d = helterSkelter.decide(s, cmd, sender);
  if (!d.ok) throw d.error;
  return { state: evolveAll(s, d.events), events: d.events };
}
function refusal(s: GameState, cmd: Command, sender: Sender = player): string {
  const d = helterSkelter.decide(s, cmd, sender);
  if (d.ok) throw new Error('accepted');
  return d.error.code;
}
const roster = (team: TeamId) => TEAMS[team].roster.map((c) => c.id);

describe('the solo creation option', () => {
  const code = (options: object) => {
    const r = setupFromOptions(options, { key: KEY });
    return r instanceof RuleError ? r.code : 'ACCEPTED';
  };

  // Setup: "Choose a team." One seat: yours; the Dark Judges are the opponent.
  it('needs exactly one seat, of a base team, not the Dark Judges', () => {
    expect(code({ map: DAN_TANNA, seats: [{ team: 'judges' }, { team: 'slaine' }], solo: true })).toBe('BAD_PLAYER_COUNT');
    expect(code({ map: DAN_TANNA, seats: [], solo: true })).toBe('BAD_PLAYER_COUNT');
    expect(code({ map: DAN_TANNA, seats: [{ team: 'dark-judges' }], solo: true })).toBe('SOLO_TEAM');
    expect(code({ map: DAN_TANNA, seats: [{ team: 'nobody' }], solo: true })).toBe('UNKNOWN_TEAM');
    expect(code({ map: 'nowhere', seats: [{ team: 'judges' }], solo: true })).toBe('UNKNOWN_MAP');
    expect(code({ map: DAN_TANNA, seats: [{ team: 'judges' }], solo: 'yes' })).toBe('INVALID_OPTIONS');
    expect(code({ map: DAN_TANNA, seats: [{ team: 'judges' }], solo: true, scenario: {} })).toBe('INVALID_SCENARIO');
  });

  it('a well-formed solo game is accepted, keyed like any other; solo: false is an ordinary game', () => {
    const r = setupFromOptions({ map: DAN_TANNA, seats: [{ team: 'slaine' }], solo: true }, { key: KEY });
    expect(r).toEqual({ map: DAN_TANNA, seats: [{ team: 'slaine' }], generator: KEYED_GENERATOR, key: KEY, solo: true });
    expect(code({ map: DAN_TANNA, seats: [{ team: 'judges' }, { team: 'slaine' }], solo: false })).toBe('ACCEPTED');
  });
});

describe('the solo starting state', () => {
  // The same shuffles in the same order as the set-up's text: action deck, solo cards, map cards.
  function expected(setup: GameSetup) {
    const [deck, afterDeck] = shuffle(
      TEAMS[setup.seats[0]!.team].deck.map((c) => c.id),
      generatorFor(setup),
    );
    const [solo, afterSolo] = shuffle(
      SOLO_CARDS.map((c) => c.id),
      afterDeck,
    );
    const [maps] = shuffle(soloMapCards(), afterSolo);
    const extra = setup.seats[0]!.team === 'slaine' ? 1 : 0;
    return { deck, solo, placement: soloPlacement(boardFor(setup.map), maps, TEAMS[setup.seats[0]!.team].roster.length + extra) };
  }

  for (const map of [DAN_TANNA, GRAND_HALL])
    it(`on ${map}: fragments, Dark Judges and the player's cards from the map cards; the solo deck shuffled from the game's generator`, () => {
      const setup = soloSetup('judges', map);
      const s = helterSkelter.initialState(setup);
      const want = expected(setup);
      // "Shuffle the solo cards into a facedown deck."
      expect(s.solo!.deck).toEqual(want.solo);
      expect([...s.solo!.deck].sort()).toEqual(SOLO_CARDS.map((c) => c.id).sort());
      expect(s.solo!.discard).toEqual([]);
      expect(s.solo!.drawn).toEqual([]);
      // "place one of your fragments of reality in the space designated … all 5 of your fragments."
      expect(s.fragments).toEqual(want.placement.fragments.map((space) => ({ seat: 0, space })));
      // "Place Judge Death in the space designated … Judge Fire, Judge Mortis, and Judge Fear"
      for (const [judge, space] of Object.entries(want.placement.judges)) {
        const c = s.characters[judge]!;
        expect(c).toMatchObject({ seat: 1, status: 'deployed', space, armour: 'protected' });
        // "place health cubes on each to match their starting health"
        expect(c.health).toBe(TEAMS['dark-judges'].roster.find((d) => d.id === judge)!.health);
      }
      expect(s.solo!.characterCards).toEqual(want.placement.characterCards);
      expect(s.solo!.ukkoCard).toBeNull();
      for (const id of roster('judges')) expect(s.characters[id]).toMatchObject({ seat: 0, status: 'undeployed', space: null });
      // "set them up as normal": the action deck shuffled; the seven cards come after placing.
      expect(s.seats[0]!.deck).toEqual(want.deck);
      expect(s.seats[0]!.hand).toEqual([]);
      expect(s.seats[1]).toMatchObject({ team: 'dark-judges', deck: [], hand: [] });
    });

  // R50: "Take the fragments of reality of a colour not in play": one colour, five fragments.
  it('five fragments of a colour not in play wait beside the Dark Judges (R50)', () => {
    expect(helterSkelter.initialState(soloSetup()).solo!.reserve).toBe(5);
  });

  it('is the same for the same key and differs for another', () => {
    expect(helterSkelter.initialState(soloSetup())).toEqual(helterSkelter.initialState(soloSetup()));
    expect(helterSkelter.initialState(soloSetup('judges', DAN_TANNA, 'b'.repeat(64))).solo!.deck).not.toEqual(
      helterSkelter.initialState(soloSetup()).solo!.deck,
    );
  });

  // Sláine: "before placing your characters, draw the top map card and place it faceup under Ukko"
  it('for Sláine, the first card after the Dark Judges’ goes under Ukko, then one per character (R51)', () => {
    const setup = soloSetup('slaine');
    const s = helterSkelter.initialState(setup);
    const want = expected(setup).placement.characterCards;
    expect(s.solo!.ukkoCard).toBe(want[0]);
    expect(s.solo!.characterCards).toEqual(want.slice(1));
    expect(s.solo!.characterCards).toHaveLength(roster('slaine').length);
  });

  it('the Dark Judges are never awaited: set-up waits on the player alone', () => {
    const s = helterSkelter.initialState(soloSetup());
    expect(helterSkelter.awaiting(s)).toEqual([{ seat: 0, situation: 'setup', windowId: 'w1' }]);
    expect(legalCommands(s, 1)).toEqual([]);
    expect(helterSkelter.situations).toHaveProperty('setup');
  });
});

describe('placing the player’s characters (R51)', () => {
  // "Place one of your characters in the space designated … (in any order)."
  it('the i-th character named goes on the i-th card drawn; then seven cards and the player goes first', () => {
    const s = helterSkelter.initialState(soloSetup());
    const order = [...roster('judges')].reverse();
    const { state, events } = play(s, { type: 'PLACE_CHARACTERS', characters: order });
    order.forEach((id, i) => expect(state.characters[id]).toMatchObject({ status: 'deployed', space: s.solo!.characterCards[i] }));
    // "Remove all the remaining map cards … from the game."
    expect(state.solo!.characterCards).toEqual([]);
    // "Draw 7 cards from your action deck into your hand. You go first."
    expect(state.seats[0]!.hand).toEqual(s.seats[0]!.deck.slice(0, 7));
    expect(state.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false, mustDeploy: false });
    expect(events.map((e) => e.type)).toEqual(['SoloCharactersPlaced', 'CardsDrawn', 'TurnBegan']);
    expect(helterSkelter.awaiting(state)).toEqual([{ seat: 0, situation: 'turn', windowId: 'w2' }]);
  });

  it('refuses a list that does not name each of the player’s characters once', () => {
    const s = helterSkelter.initialState(soloSetup());
    const own = roster('judges');
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: own.slice(1) })).toBe('PLACE_EVERY_CHARACTER');
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: [own[0]!, ...own.slice(0, -1)] })).toBe('PLACE_EVERY_CHARACTER');
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: [...own.slice(1), 'judge-death'] })).toBe('PLACE_EVERY_CHARACTER');
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: own }, { kind: 'seat', seat: 1 } as Sender)).toBe('NOT_YOUR_CHARACTER');
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: own, ukkoSpace: 3 })).toBe('NO_UKKO');
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: own, windowId: 'w9' })).toBe('WINDOW_CLOSED');
    expect(refusal(s, { type: 'ASSIGN_STARTING_CARDS', character: own[0]!, cards: [1] })).toBe('SOLO_SETUP');
    expect(refusal(s, { type: 'REMOVE_MAP_CARD', card: 1 })).toBe('SOLO_SETUP');
    const after = play(s, { type: 'PLACE_CHARACTERS', characters: own }).state;
    expect(refusal(after, { type: 'PLACE_CHARACTERS', characters: own })).toBe('WRONG_SITUATION');
  });

  it('PLACE_CHARACTERS is refused outside solo', () => {
    const s = helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'judges' }, { team: 'slaine' }], generator: KEYED_GENERATOR, key: KEY });
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: roster('judges') })).toBe('NOT_SOLO');
  });

  it('when the set-up deadline passes, the characters go on the cards in roster order, Ukko on the card drawn for him', () => {
    for (const team of ['judges', 'slaine'] as const) {
      const s = helterSkelter.initialState(soloSetup(team));
      const { state, events } = play(s, { type: 'EXPIRE_WINDOW', windowId: 'w1' }, system);
      expect(events[0]).toEqual({
        type: 'SoloCharactersPlaced',
        seat: 0,
        placements: roster(team).map((character, i) => ({ character, space: s.solo!.characterCards[i] })),
      });
      expect(state.situation).toMatchObject({ kind: 'turn', actor: 0 });
    }
  });

  // "When you come to place Ukko, you can place him on the space designated on either the card under him or the card you have drawn."
  it('Ukko goes on the card under him or the one drawn for him, nowhere else', () => {
    const s = helterSkelter.initialState(soloSetup('slaine'));
    const own = roster('slaine');
    const under = s.solo!.ukkoCard!;
    const placed = play(s, { type: 'PLACE_CHARACTERS', characters: own, ukkoSpace: under }).state;
    expect(placed.characters.ukko!.space).toBe(under);
    expect(placed.solo!.ukkoCard).toBeNull();
    const drawn = s.solo!.characterCards[own.indexOf('ukko')]!;
    expect(play(s, { type: 'PLACE_CHARACTERS', characters: own, ukkoSpace: drawn }).state.characters.ukko!.space).toBe(drawn);
    const elsewhere = [1, 2, 3, 4, 5, 6].find((x) => x !== under && x !== drawn)!;
    expect(refusal(s, { type: 'PLACE_CHARACTERS', characters: own, ukkoSpace: elsewhere })).toBe('NOT_UKKOS_CARD');
  });

  it('legal commands are every order (and, for Ukko, either card), each accepted', () => {
    const judges = helterSkelter.initialState(soloSetup());
    expect(legalCommands(judges, 0)).toHaveLength(120);
    const slaine = helterSkelter.initialState(soloSetup('slaine'));
    const legal = legalCommands(slaine, 0);
    expect(legal.length).toBeGreaterThanOrEqual(24);
    for (const cmd of legal) expect(helterSkelter.decide(slaine, cmd, player).ok).toBe(true);
  });
});

describe('the solo deck’s order is hidden from everyone', () => {
  // A twin differing only in the order of the solo deck: nobody may tell them apart.
  it('views, awaiting, legal commands and redacted events are byte-identical for every reader', () => {
    for (const team of ['judges', 'slaine'] as const) {
      const s = helterSkelter.initialState(soloSetup(team));
      const twin: GameState = { ...s, solo: { ...s.solo!, deck: [...s.solo!.deck].reverse() } };
      const readers: (Seat | null)[] = [0, 1, null];
      const same = (a: GameState, b: GameState) => {
        for (const r of readers) {
          expect(JSON.stringify(view(a, r))).toBe(JSON.stringify(view(b, r)));
          expect(JSON.stringify(helterSkelter.awaiting(a))).toBe(JSON.stringify(helterSkelter.awaiting(b)));
          if (r !== null) expect(JSON.stringify(legalCommands(a, r))).toBe(JSON.stringify(legalCommands(b, r)));
        }
      };
      same(s, twin);
      expect(view(s, 0).solo).toMatchObject({ deckSize: 20, reserve: 5 });
      expect(JSON.stringify(view(s, 0))).not.toContain(s.solo!.deck[0]);
      const cmd: Command = { type: 'PLACE_CHARACTERS', characters: roster(team) };
      const a = play(s, cmd);
      const b = play(twin, cmd);
      for (const r of readers) expect(JSON.stringify(a.events.map((e) => redact(e, r)))).toBe(JSON.stringify(b.events.map((e) => redact(e, r))));
      same(a.state, b.state);
    }
  });
});
