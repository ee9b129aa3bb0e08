// The heuristic bot alone against the Dark Judges ("Playing solo against the Dark Judges"): its own
// scoring (bots/evaluate-solo.ts). It collects fragments ("Each fragment of reality you collect is
// worth 1 point"), values damage on a Dark Judge more once a kill would double something ("Each time
// you kill a Dark Judge, you double your fragments of reality … If you kill a Dark Judge before you
// have collected any fragments, you get nothing"), follows up on armour it has opened ("If the
// armour token is already displaying its vulnerable side, deal the damage as normal"), and keeps its
// characters out of the Dark Judges' reach.

import { describe, expect, it } from 'vitest';
import { heuristicBot } from '../../../../src/games/helter-skelter/bots/index.ts';
import { evaluateSolo } from '../../../../src/games/helter-skelter/bots/evaluate-solo.ts';
import { steps } from '../../../../src/games/helter-skelter/bots/position.ts';
import { knownState } from '../../../../src/games/helter-skelter/bots/seat-knowledge.ts';
import { soloCardById } from '../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { helterSkelter, type Command, type GameState } from '../../../../src/games/helter-skelter/index.ts';
import { evolveAll } from '../../../../src/games/helter-skelter/evolve.ts';
import { cloneState } from '../../../../src/games/helter-skelter/state.ts';
import { KEYED_GENERATOR, seedRng } from '../../../../src/platform/random.ts';
import { board, DAN_TANNA, findPair, linked, showing } from '../support.ts';

/** A solo game (Judges) on the player's first turn, every Dark Judge and fragment moved off the board's way unless placed. */
function soloStart(): GameState {
  const start = helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'judges' }], generator: KEYED_GENERATOR, key: 'd'.repeat(64), solo: true });
  const d = helterSkelter.decide(start, { type: 'PLACE_CHARACTERS', characters: ['dredd', 'giant', 'anderson', 'hershey', 'mean-machine'] }, { kind: 'seat', seat: 0 });
  if (!d.ok) throw d.error;
  return evolveAll(start, d.events);
}

/** Dredd alone of the player's characters, on `space`; the other four dead. */
function dreddAlone(s: GameState, space: number): GameState {
  for (const id of ['giant', 'anderson', 'hershey', 'mean-machine']) {
    s.characters[id]!.status = 'dead';
    s.characters[id]!.space = null;
  }
  s.characters.dredd!.space = space;
  return s;
}

const choose = (s: GameState, seed: string): Command => heuristicBot.choose(s, 0, helterSkelter.legalCommands(s, 0), seedRng(seed));

describe('the heuristic bot in solo', () => {
  // "COLLECT FRAGMENT — Cost: 3 cards with the character symbol": on its fragment with three such cards, it collects.
  it('collects its fragment when it stands on it with the cards to pay, Dark Judges or not', () => {
    const s = soloStart();
    const here = s.characters.dredd!.space!;
    s.fragments = [{ seat: 0, space: here }, ...s.fragments.filter((f) => f.space !== here)];
    s.seats[0]!.hand = showing('judges', 'dredd').slice(0, 3);
    expect(choose(s, 'collect')).toMatchObject({ type: 'COLLECT_FRAGMENT', character: 'dredd' });
  });

  // "Each fragment of reality you collect is worth 1 point": a fragment more never scores worse,
  // however much damage the Dark Judges still have to take (their untouched health is no loss).
  it('scores a collected fragment as a gain, whatever the Dark Judges’ health', () => {
    const s = soloStart();
    const more = cloneState(s);
    more.seats[0]!.fragments = 1;
    more.fragments = more.fragments.slice(1);
    expect(evaluateSolo(more, 0)).toBeGreaterThan(evaluateSolo(s, 0) + 50);
  });

  // "Each time you kill a Dark Judge, you double your fragments … If you kill a Dark Judge before you have collected any fragments, you get nothing."
  it('values a cube off a Dark Judge more the more fragments a kill would double', () => {
    const gain = (fragments: number) => {
      const s = soloStart();
      s.seats[0]!.fragments = fragments;
      const hit = cloneState(s);
      hit.characters['judge-death']!.health -= 1;
      return evaluateSolo(hit, 0) - evaluateSolo(s, 0);
    };
    expect(gain(0)).toBeGreaterThan(0);
    expect(gain(3)).toBeGreaterThan(2 * gain(0));
  });

  // "MOVE … it moves one space towards your closest character"; "MELEE / SMASH … against a defending character who is in the same space."
  it('scores a character in the Dark Judges’ space below the same character out of their reach', () => {
    const bd = board(DAN_TANNA);
    const walk = steps(DAN_TANNA);
    const [judges, far] = findPair(DAN_TANNA, (a, b) => walk.get(a)!.get(b)! >= 4 && !bd.hasLineOfSight(a, b) && bd.isCover(a) === bd.isCover(b));
    const at = (space: number) => {
      const s = dreddAlone(soloStart(), space);
      for (const id of ['judge-fire', 'judge-fear', 'judge-mortis', 'judge-death']) s.characters[id]!.space = judges;
      s.fragments = [];
      return s;
    };
    expect(evaluateSolo(at(judges), 0)).toBeLessThan(evaluateSolo(at(far), 0) - 12);
  });

  // Armour: "When a Dark Judge is attacked … flip the armour token to its vulnerable side and do not
  // remove a health cube … If the armour token is already displaying its vulnerable side, deal the damage as normal."
  it('attacks a Dark Judge whose armour it has opened this turn rather than ending the turn', () => {
    const s = soloStart();
    const space = s.characters['mean-machine']!.space!;
    s.characters['judge-death']!.space = space;
    s.characters['judge-death']!.armour = 'vulnerable';
    s.seats[0]!.fragments = 2;
    s.seats[0]!.hand = [linked('judges', 'MELEE', 'mean-machine')[0]!];
    const chosen = choose(s, 'follow-up') as Command & { defender?: string };
    expect(chosen.type).toBe('MELEE');
    expect(chosen.defender).toBe('judge-death');
  });

  // The solo deck's order is hidden from everyone (R55): the bot's stand-in order is a function of
  // the deck's cards only, and puts the cards showing no defence on top, so its lookahead attack lands.
  it('plays forward a solo deck whose top cards show no defence, the same whatever the real order', () => {
    const s = soloStart();
    const reversed = cloneState(s);
    reversed.solo!.deck.reverse();
    const known = knownState(s, 0);
    expect(knownState(reversed, 0).solo!.deck).toEqual(known.solo!.deck);
    expect(soloCardById(known.solo!.deck[0]!)!.defence).toBeNull();
  });
});
