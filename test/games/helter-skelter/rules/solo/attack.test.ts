// "Playing solo against the Dark Judges", "Attacking the Dark Judges", in a game: the Dark Judges
// defend by solo cards, never asked (R52); PSI draws none; armour "as in a multiplayer game"; and
// "You can INTERRUPT the Dark Judges as normal" — they never interrupt (nobody plays them).

import { describe, expect, it } from 'vitest';
import { SOLO_CARDS } from '../../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { helterSkelter } from '../../../../../src/games/helter-skelter/index.ts';
import { evolveAll } from '../../../../../src/games/helter-skelter/evolve.ts';
import type { Command, Event, GameState } from '../../../../../src/games/helter-skelter/types.ts';
import { redact } from '../../../../../src/games/helter-skelter/view.ts';
import type { Sender } from '../../../../../src/platform/game-module.ts';
import { KEYED_GENERATOR } from '../../../../../src/platform/random.ts';
import { DAN_TANNA, linked, types } from '../../support.ts';

const player = { kind: 'seat', seat: 0 } as Sender;
const withDefence = (defence: 'BLOCK' | 'DEFLECT' | null) => SOLO_CARDS.find((c) => c.defence === defence)!.id;

function play(s: GameState, cmd: Command): { state: GameState; events: Event[] } {
  const d = helterSkelter.decide(s, cmd, player);
  if (!d.ok) throw d.error;
  return { state: evolveAll(s, d.events), events: d.events };
}

/** A solo game on the player's first turn, Judge Death in Mean Machine's and Anderson's space, `top` on the solo deck. */
function facingDeath(top: string[], armour: 'protected' | 'vulnerable' = 'protected'): GameState {
  const start = helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'judges' }], generator: KEYED_GENERATOR, key: 'c'.repeat(64), solo: true });
  const s = play(start, { type: 'PLACE_CHARACTERS', characters: ['dredd', 'giant', 'anderson', 'hershey', 'mean-machine'] }).state;
  const space = s.characters['mean-machine']!.space!;
  s.characters.anderson!.space = space;
  s.characters['judge-death']!.space = space;
  s.characters['judge-death']!.armour = armour;
  s.seats[0]!.hand = [linked('judges', 'MELEE', 'mean-machine')[0]!, linked('judges', 'PSI', 'anderson')[0]!];
  s.solo!.deck = [...top, ...s.solo!.deck.filter((c) => !top.includes(c))];
  return s;
}
const melee = (s: GameState): Command => ({ type: 'MELEE', character: 'mean-machine', card: s.seats[0]!.hand[0]!, defender: 'judge-death' });

describe('attacking the Dark Judges', () => {
  // "Draw a solo card for each defender. If the appropriate defence is on the card, the Dark Judge avoids all damage from that action."
  it('a solo card showing the appropriate defence (BLOCK against MELEE) avoids all damage; the card is discarded (R52)', () => {
    const card = withDefence('BLOCK');
    const s = facingDeath([card], 'vulnerable');
    const { state, events } = play(s, melee(s));
    expect(events).toContainEqual({ type: 'SoloCardDrawn', card, defender: 'judge-death' });
    expect(events).toContainEqual({ type: 'DefenderDecided', character: 'judge-death', choice: { kind: 'defended', defence: 'BLOCK', card } });
    expect(types(events)).not.toContain('DamageTaken');
    expect(state.characters['judge-death']!.health).toBe(4);
    expect(state.solo!.discard).toEqual([card]);
    expect(state.solo!.deck).toHaveLength(19);
    // Nobody is asked: the attack is complete and the player's turn goes on.
    expect(state.situation).toMatchObject({ kind: 'turn', actor: 0 });
  });

  // "If no defence is listed or a different defence is listed, resolve the action as normal."
  for (const shown of ['DEFLECT', null] as const)
    it(`a solo card showing ${shown ?? 'no defence'} does not stop MELEE: the damage is dealt as normal`, () => {
      const s = facingDeath([withDefence(shown)], 'vulnerable');
      const { state, events } = play(s, melee(s));
      expect(events).toContainEqual({ type: 'DefenderDecided', character: 'judge-death', choice: { kind: 'damage' } });
      expect(state.characters['judge-death']!.health).toBe(3);
    });

  // "The rules for ARMOUR … work exactly as in a multiplayer game."
  it('armour works as normal: a protected Dark Judge’s token flips and no cube is removed', () => {
    const s = facingDeath([withDefence(null)]);
    const { state, events } = play(s, melee(s));
    expect(events).toContainEqual({ type: 'ArmourFlipped', character: 'judge-death', side: 'vulnerable' });
    expect(state.characters['judge-death']!.health).toBe(4);
  });

  // "When you target a Dark Judge with the PSI action, they do not attempt to make a defence but must take 1 damage. This is prevented by armour as normal."
  it('PSI draws no solo card and deals 1 damage, prevented by armour', () => {
    for (const armour of ['vulnerable', 'protected'] as const) {
      const s = facingDeath([withDefence('DEFLECT')], armour);
      const { state, events } = play(s, { type: 'PSI', character: 'anderson', card: s.seats[0]!.hand[1]!, defender: 'judge-death' });
      expect(types(events)).not.toContain('SoloCardDrawn');
      expect(state.solo!.deck).toEqual(s.solo!.deck);
      expect(events).toContainEqual({ type: 'DefenderDecided', character: 'judge-death', choice: { kind: 'damage' } });
      expect(state.characters['judge-death']!.health).toBe(armour === 'vulnerable' ? 3 : 4);
    }
  });

  // "If the solo deck runs out, shuffle the discarded cards into a new deck."
  it('an empty solo deck is reshuffled from the discard pile before the draw; readers see only its size', () => {
    const s = facingDeath([]);
    s.solo!.discard = s.solo!.deck;
    s.solo!.deck = [];
    const { state, events } = play(s, melee(s));
    const reshuffle = events.find((e) => e.type === 'SoloDeckReshuffled')!;
    expect(types(events).indexOf('SoloDeckReshuffled')).toBeLessThan(types(events).indexOf('SoloCardDrawn'));
    expect(state.solo!.deck).toHaveLength(19);
    expect(state.solo!.discard).toHaveLength(1);
    for (const reader of [0, 1, null]) expect(redact(reshuffle, reader)).toEqual({ type: 'SoloDeckReshuffled', size: 20 });
  });

  // "You can INTERRUPT the Dark Judges as normal": the player may; the Dark Judges, played by no one, are never asked.
  it('the Dark Judges are never awaited in an INTERRUPT window', () => {
    const s = facingDeath([withDefence(null)]);
    const { state } = play(s, melee(s));
    expect(helterSkelter.awaiting(state).map((a) => a.seat)).toEqual([0]);
    expect(types(play(s, melee(s)).events)).not.toContain('InterruptWindowOpened');
  });
});
