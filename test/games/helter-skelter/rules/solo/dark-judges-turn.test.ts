// "Playing solo against the Dark Judges": "ENDING YOUR TURN", "DARK JUDGES' TURN", "DEAD JUDGES" and
// "DARK JUDGES' ACTIONS", played by the engine as ordinary events (solo/dark-judges-turn.ts), pausing
// for the player's decisions: a defence, the choice among equal targets (R54), an INTERRUPT only once
// a solo card is resolved in full (R55).

import { describe, expect, it } from 'vitest';
import { SOLO_ACTIVATION_ORDER, SOLO_CARDS, soloCardById, type SoloJudge } from '../../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { helterSkelter } from '../../../../../src/games/helter-skelter/index.ts';
import { evolveAll } from '../../../../../src/games/helter-skelter/evolve.ts';
import { cardSteps, planCard } from '../../../../../src/games/helter-skelter/solo/plan.ts';
import type { Command, Event, EventOf, GameState } from '../../../../../src/games/helter-skelter/types.ts';
import { redact } from '../../../../../src/games/helter-skelter/view.ts';
import type { Sender } from '../../../../../src/platform/game-module.ts';
import { KEYED_GENERATOR } from '../../../../../src/platform/random.ts';
import { DAN_TANNA, types, wild } from '../../support.ts';

const KEY = 'e'.repeat(64);
const player = { kind: 'seat', seat: 0 } as Sender;
const ROSTER = ['dredd', 'giant', 'anderson', 'hershey', 'mean-machine'];
const ALL = new Set<SoloJudge>(SOLO_ACTIVATION_ORDER);

function send(s: GameState, cmd: Command, sender: Sender = player): { state: GameState; events: Event[] } {
  const d = helterSkelter.decide(s, cmd, sender);
  if (!d.ok) throw new Error(`refused: ${d.error.code} ${d.error.message}`);
  return { state: evolveAll(s, d.events), events: d.events };
}
const refused = (s: GameState, cmd: Command, sender: Sender = player): string => {
  const d = helterSkelter.decide(s, cmd, sender);
  if (d.ok) throw new Error(`accepted: ${JSON.stringify(cmd)}`);
  return d.error.code;
};
const expire = (s: GameState) => send(s, { type: 'EXPIRE_WINDOW', windowId: (s.situation as { windowId: string }).windowId }, { kind: 'system' });

interface Arrangement {
  /** Each Dark Judge's space, or dead. Unnamed ones stay where the set-up put them. */
  judges?: Partial<Record<SoloJudge, number | 'dead'>>;
  /** The player's characters: a space, or dead; unnamed ones are dead. Health optional. */
  player: Record<string, number | 'dead' | { space: number; health: number }>;
  /** The solo deck's top cards, in order. */
  top: string[];
  /** The player's standing orders for defences (default: take the damage unasked). */
  defence?: 'ask' | 'never' | 'always';
  interrupt?: 'ask' | 'armed' | 'endOfTurnOnly';
  hand?: string[];
}

/** A solo game (the Judges on Dan Tanna) at the player's first turn, arranged as told. */
function arranged(a: Arrangement): GameState {
  const start = helterSkelter.initialState({ map: DAN_TANNA, seats: [{ team: 'judges' }], generator: KEYED_GENERATOR, key: KEY, solo: true });
  const s = send(start, { type: 'PLACE_CHARACTERS', characters: ROSTER }).state;
  for (const [id, at] of Object.entries(a.judges ?? {})) {
    const c = s.characters[id]!;
    if (at === 'dead') Object.assign(c, { status: 'dead', space: null, health: 0 });
    else c.space = at;
  }
  for (const id of ROSTER) {
    const at = a.player[id] ?? 'dead';
    const c = s.characters[id]!;
    if (at === 'dead') Object.assign(c, { status: 'dead', space: null, health: 0 });
    else if (typeof at === 'number') c.space = at;
    else Object.assign(c, { space: at.space, health: at.health });
  }
  s.solo!.deck = [...a.top, ...s.solo!.deck.filter((c) => !a.top.includes(c))];
  s.seats[0]!.orders = { interrupt: a.interrupt ?? 'armed', defence: a.defence ?? 'never' };
  if (a.hand) {
    s.seats[0]!.deck = [...s.seats[0]!.deck, ...s.seats[0]!.hand].filter((c) => !a.hand!.includes(c));
    s.seats[0]!.hand = a.hand.slice();
  }
  return s;
}

const endTurn = (s: GameState) => send(s, { type: 'END_TURN' });
const acted = (events: Event[]) => events.filter((e): e is EventOf<'DarkJudgeActed'> => e.type === 'DarkJudgeActed');
const firstCardWhose = (test: (c: (typeof SOLO_CARDS)[number]) => boolean) => SOLO_CARDS.find(test)!.id;

describe('ending your turn, and the Dark Judges’ turn', () => {
  // "At the end of your turn, flip any armour tokens so their protected side is facing up. Then the Dark Judges take their turn."
  // "Draw the top solo card. … When you have resolved the first solo card, draw another solo card and repeat the process. Then discard both solo cards."
  it('armour turns protected, then the Dark Judges draw and resolve two solo cards and discard both; then it is the player’s turn', () => {
    const [first, second] = ['solo-15', 'solo-19'];
    const s = arranged({ player: { dredd: 17, giant: 37, anderson: 38, hershey: 3, 'mean-machine': 5 }, top: [first, second] });
    s.characters['judge-death']!.armour = 'vulnerable';
    const { state, events } = endTurn(s);
    const t = types(events);
    expect(t.slice(0, 2)).toEqual(['TurnEnded', 'ArmourFlipped']);
    expect(events[1]).toEqual({ type: 'ArmourFlipped', character: 'judge-death', side: 'protected' });
    expect(t.indexOf('MarkerPassed')).toBeLessThan(t.indexOf('DarkJudgesCardDrawn'));
    const draws = events.filter((e) => e.type === 'DarkJudgesCardDrawn');
    expect(draws).toEqual([
      { type: 'DarkJudgesCardDrawn', card: first, number: 1 },
      { type: 'DarkJudgesCardDrawn', card: second, number: 2 },
    ]);
    // A card drawn is face up: every reader sees which.
    for (const reader of [0, 1, null]) expect(redact(draws[0]!, reader)).toEqual(draws[0]);
    expect(events).toContainEqual({ type: 'SoloCardsDiscarded', cards: [first, second] });
    expect(events).toContainEqual({ type: 'TurnEnded', seat: 1, interrupting: false });
    expect(state.solo!.drawn).toEqual([]);
    expect(state.solo!.discard.slice(-2)).toEqual([first, second]);
    expect(state.solo!.step).toBeNull();
    expect(state.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
    expect(events.at(-2)).toEqual({ type: 'MarkerPassed', seat: 0, quietTurns: 0 });
  });

  // "Starting with the top row, activate each Dark Judge in turn. When you activate a Dark Judge, resolve any actions listed next to their symbol (left to right)."
  // "Always activate Judge Fire first, followed by Judge Fear, Judge Mortis, and finally Judge Death."
  it('every card: each step in row order (Fire, Fear, Mortis, Death), left to right, one DarkJudgeActed each', () => {
    for (const card of SOLO_CARDS) {
      const s = arranged({ player: { dredd: 17, giant: 37, anderson: 38, hershey: 3, 'mean-machine': 5 }, top: [card.id] });
      const { events } = endTurn(s);
      const mine = acted(events).filter((e) => e.card === card.id);
      expect(mine.map((e) => `${e.judge}:${e.action}`), card.id).toEqual(planCard(card, ALL).map((p) => `${p.judge}:${p.action}`));
      expect(mine.map((e) => e.step)).toEqual(cardSteps(card).map((_, i) => i));
    }
  });

  // "If the solo deck runs out, shuffle the discarded cards into a new deck."
  it('when the solo deck runs out, the discards are shuffled into a new deck before the draw; readers see only its size', () => {
    const s = arranged({ player: { dredd: 17, giant: 37, anderson: 38, hershey: 3, 'mean-machine': 5 }, top: ['solo-15'] });
    s.solo!.discard = s.solo!.deck.slice(1);
    s.solo!.deck = ['solo-15'];
    const { state, events } = endTurn(s);
    const t = types(events);
    const reshuffle = events.find((e) => e.type === 'SoloDeckReshuffled')!;
    expect(t.indexOf('SoloDeckReshuffled')).toBeGreaterThan(t.indexOf('SoloCardResolved'));
    expect(t.lastIndexOf('DarkJudgesCardDrawn')).toBeGreaterThan(t.indexOf('SoloDeckReshuffled'));
    // The card being resolved is not in the discard pile: 19 cards make the new deck.
    expect((reshuffle as EventOf<'SoloDeckReshuffled'>).order).toHaveLength(19);
    expect(state.solo!.deck).toHaveLength(18);
    for (const reader of [0, 1, null]) expect(redact(reshuffle, reader)).toEqual({ type: 'SoloDeckReshuffled', size: 19 });
  });
});

describe('dead judges', () => {
  // "When you would have activated a Dark Judge who has been killed, check to see if any of his actions have the [pass-on] symbol. Ignore any actions without this symbol.
  //  Any actions with this symbol are taken by the next living Dark Judge … Take the action immediately, not when that Dark Judge would normally act."
  it('a dead Dark Judge’s marked actions are taken at once, in his row’s place, by the next living one (R49); the rest are ignored', () => {
    // solo-01: Fire "MOVE SHOTS*", Fear "MOVE".
    const s = arranged({ judges: { 'judge-fire': 'dead' }, player: { dredd: 17, giant: 37 }, top: ['solo-01'] });
    const steps = acted(endTurn(s).events).filter((e) => e.card === 'solo-01');
    expect(steps.slice(0, 2).map((e) => ({ step: e.step, row: e.row, judge: e.judge, action: e.action }))).toEqual([
      { step: 1, row: 'judge-fire', judge: 'judge-fear', action: 'SHOTS' },
      { step: 2, row: 'judge-fear', judge: 'judge-fear', action: 'MOVE' },
    ]);
  });
});

describe('the Dark Judges’ actions', () => {
  const moveFirst = 'solo-01'; // Fire: "MOVE SHOTS*"
  // "If the Dark Judge is not already in the same space as one of your characters, it moves one space towards your closest character. The Dark Judges always take the shortest path"
  it('MOVE: one space along the shortest path towards the closest character', () => {
    // From 8 the closest is Dredd on 17 (8 → 39 → 17); Giant on 37 is further.
    const s = arranged({ judges: { 'judge-fire': 8 }, player: { dredd: 17, giant: 37 }, top: [moveFirst] });
    const { events } = endTurn(s);
    expect(acted(events)[0]).toMatchObject({ judge: 'judge-fire', action: 'MOVE', result: { kind: 'moved', from: 8, to: 39, toward: 17 } });
    expect(events).toContainEqual({ type: 'CharacterMoved', character: 'judge-fire', from: 8, to: 39 });
  });

  // "If the Dark Judge is in the same space as one or more of your characters, it instead does nothing."
  it('MOVE: nothing when already in a space with one of the player’s characters', () => {
    const s = arranged({ judges: { 'judge-fire': 17 }, player: { dredd: 17, giant: 37 }, top: [moveFirst] });
    const { events } = endTurn(s);
    expect(acted(events)[0]).toMatchObject({ judge: 'judge-fire', action: 'MOVE', result: { kind: 'nothing', why: 'WITH_CHARACTER' } });
    expect(events.find((e) => e.type === 'CharacterMoved' && e.character === 'judge-fire' && e.from === 17)).toBeUndefined();
  });

  const shotsFirst = firstCardWhose((c) => cardSteps(c)[0]!.action === 'SHOTS');
  // "The Dark Judge takes a SHOTS action against the closest character in its LOS."
  it('SHOTS: a SNIPE (1 damage) at the closest character in line of sight; the player defends as in multiplayer', () => {
    // From 28: Dredd on 29 (1 away) and Giant on 39 (2 away) are both in sight.
    const s = arranged({ judges: { 'judge-fire': 28 }, player: { dredd: 29, giant: 39 }, top: [shotsFirst], defence: 'ask' });
    const { state, events } = endTurn(s);
    expect(acted(events)[0]).toMatchObject({ judge: 'judge-fire', action: 'SHOTS', result: { kind: 'attacked', space: 29, defenders: ['dredd'], choice: 'rules' } });
    expect(events.at(-1)).toMatchObject({ type: 'AttackDeclared', attack: { seat: 1, character: 'judge-fire', action: 'SNIPE', damage: 1 }, defenders: ['dredd'] });
    // The player is asked, with the usual window and default.
    expect(helterSkelter.awaiting(state)).toEqual([{ seat: 0, situation: 'defence', windowId: expect.any(String) }]);
    expect(state.solo!.step).toBe(1);
    const after = expire(state);
    expect(after.events).toContainEqual({ type: 'DamageTaken', character: 'dredd', amount: 1, from: 'judge-fire' });
    // The card goes on after the defence: its one step taken, it is resolved in full.
    expect(cardSteps(soloCardById(shotsFirst)!)).toHaveLength(1);
    expect(after.events).toContainEqual({ type: 'SoloCardResolved', card: shotsFirst });
  });

  // "If the Dark Judge doesn't have LOS to any of your characters, it instead does nothing."
  it('SHOTS: nothing without line of sight to any of the player’s characters', () => {
    const s = arranged({ judges: { 'judge-fire': 17 }, player: { dredd: 37, giant: 38 }, top: [shotsFirst] });
    expect(acted(endTurn(s).events)[0]).toMatchObject({ action: 'SHOTS', result: { kind: 'nothing', why: 'NO_TARGET' } });
  });

  const shotgunFirst = firstCardWhose((c) => cardSteps(c)[0]!.action === 'SHOTGUN');
  // "The Dark Judge takes a SHOTGUN action against the closest character in its LOS. The character must be no more than 2 spaces away"
  it('SHOTGUN: 2 damage at the closest character in sight within two spaces; nothing beyond', () => {
    // From 2: Giant on 16 is 2 away, Dredd on 6 is 3 away; both in sight.
    const near = arranged({ judges: { 'judge-fire': 2 }, player: { dredd: 6, giant: 16 }, top: [shotgunFirst] });
    const { events } = endTurn(near);
    expect(acted(events)[0]).toMatchObject({ action: 'SHOTGUN', result: { kind: 'attacked', space: 16, defenders: ['giant'] } });
    expect(events).toContainEqual(expect.objectContaining({ type: 'AttackDeclared', attack: expect.objectContaining({ action: 'SHOTGUN', damage: 2 }) }));
    const far = arranged({ judges: { 'judge-fire': 2 }, player: { dredd: 6 }, top: [shotgunFirst] });
    expect(acted(endTurn(far).events)[0]).toMatchObject({ action: 'SHOTGUN', result: { kind: 'nothing', why: 'NO_TARGET' } });
  });

  const explodeFirst = firstCardWhose((c) => cardSteps(c)[0]!.action === 'EXPLODE');
  // "The Dark Judge takes an EXPLODE action against its own or an adjacent space with one or more characters in it. Dark Judges are not hit by EXPLODE actions from other Dark Judges."
  it('EXPLODE: the lowest-numbered of its own and the adjacent spaces with characters; Dark Judges there are no defenders (R57)', () => {
    // From 28, spaces 19 and 29 (adjacent) hold the player's characters; Death stands on 19 too.
    const s = arranged({ judges: { 'judge-fire': 28, 'judge-death': 19 }, player: { dredd: 29, giant: 19, anderson: 19 }, top: [explodeFirst] });
    const { events } = endTurn(s);
    expect(acted(events)[0]).toMatchObject({ action: 'EXPLODE', result: { kind: 'attacked', space: 19, defenders: ['giant', 'anderson'] } });
    const declared = events.find((e): e is EventOf<'AttackDeclared'> => e.type === 'AttackDeclared')!;
    expect(declared.defenders).toEqual(['giant', 'anderson']);
    expect(declared.attack).toMatchObject({ action: 'EXPLODE', damage: 1 });
    // The Dark Judge exploding on his own space is not hit either.
    const own = arranged({ judges: { 'judge-fire': 17 }, player: { dredd: 17 }, top: [explodeFirst] });
    const ownEvents = endTurn(own).events;
    expect(acted(ownEvents)[0]).toMatchObject({ result: { kind: 'attacked', space: 17, defenders: ['dredd'] } });
    expect(ownEvents.filter((e) => e.type === 'DamageTaken' && e.character === 'judge-fire')).toEqual([]);
  });

  // "If none of your characters are in or adjacent to a space with the Dark Judge, it instead does nothing."
  it('EXPLODE: nothing with no character in or next to its space', () => {
    const s = arranged({ judges: { 'judge-fire': 17 }, player: { dredd: 37 }, top: [explodeFirst] });
    expect(acted(endTurn(s).events)[0]).toMatchObject({ action: 'EXPLODE', result: { kind: 'nothing', why: 'NO_TARGET' } });
  });

  // Every action is the base game's action of that name: "takes a MELEE / SMASH action", "a SHOTGUN action", "an EXPLODE action"; SHOTS a SNIPE (R56).
  it('each attack declared is the base action of the card’s name, with its damage', () => {
    const expected: Record<string, [string, number]> = { MELEE: ['MELEE', 1], SMASH: ['SMASH', 2], SHOTS: ['SNIPE', 1], SHOTGUN: ['SHOTGUN', 2], EXPLODE: ['EXPLODE', 1] };
    const seen = new Set<string>();
    for (const card of SOLO_CARDS) {
      // Everyone crowded round 28/29: most actions find a target.
      const s = arranged({
        judges: { 'judge-fire': 28, 'judge-fear': 29, 'judge-mortis': 29, 'judge-death': 28 },
        player: { dredd: 28, giant: 29, anderson: 39, hershey: 28, 'mean-machine': 29 },
        top: [card.id],
      });
      const { events } = endTurn(s);
      events.forEach((e, i) => {
        if (e.type !== 'DarkJudgeActed' || e.result.kind !== 'attacked') return;
        const next = events[i + 1] as EventOf<'AttackDeclared'>;
        expect(next.type).toBe('AttackDeclared');
        expect([next.attack.action, next.attack.damage]).toEqual(expected[e.action]);
        expect(next.attack).toMatchObject({ seat: 1, character: e.judge });
        seen.add(e.action);
      });
    }
    expect([...seen].sort()).toEqual(['EXPLODE', 'MELEE', 'SHOTGUN', 'SHOTS', 'SMASH']);
  });
});

describe('more than one target', () => {
  // solo-12: Fire "MOVE SHOTS" (unmarked: ignored once Fire is dead), Fear "MELEE*".
  const meleeFirst = 'solo-12';
  expect(soloCardById(meleeFirst)!.rows['judge-fire'].every((s) => !s.passOn)).toBe(true);
  const base = (dredd: number, giant: number, defence: 'never' | 'ask' = 'never') =>
    arranged({
      judges: { 'judge-fire': 'dead', 'judge-fear': 17 },
      player: { dredd: { space: 17, health: dredd }, giant: { space: 17, health: giant } },
      top: [meleeFirst],
      defence,
    });

  // "If there is more than one possible target character in the same space, he targets the one with the fewest remaining health cubes."
  it('MELEE on its own space: the character with the fewest health cubes', () => {
    const { events } = endTurn(base(3, 2));
    expect(acted(events)[0]).toMatchObject({ judge: 'judge-fear', action: 'MELEE', result: { kind: 'attacked', space: 17, defenders: ['giant'], choice: 'rules' } });
  });

  // "If the Dark Judge is not in the same space as any of your characters, it instead does nothing."
  it('MELEE: nothing with nobody in its space', () => {
    const s = arranged({ judges: { 'judge-fire': 'dead', 'judge-fear': 17 }, player: { dredd: 37 }, top: [meleeFirst] });
    expect(acted(endTurn(s).events)[0]).toMatchObject({ action: 'MELEE', result: { kind: 'nothing', why: 'NO_TARGET' } });
  });

  // "If there is more than one possible target character with the same number of health cubes, you may choose who it targets."
  it('equal health: the player is asked to choose (R54), by a command listed among the legal ones', () => {
    const { state, events } = endTurn(base(2, 2));
    expect(events.at(-1)).toMatchObject({ type: 'TargetChoiceOpened', judge: 'judge-fear', action: 'MELEE', space: 17, candidates: ['dredd', 'giant'] });
    expect(state.situation).toMatchObject({ kind: 'target', candidates: ['dredd', 'giant'] });
    expect(helterSkelter.awaiting(state)).toEqual([{ seat: 0, situation: 'target', windowId: state.situation.kind === 'target' ? state.situation.windowId : '' }]);
    const windowId = (state.situation as { windowId: string }).windowId;
    expect(helterSkelter.legalCommands(state, 0)).toEqual([
      { type: 'CHOOSE_TARGET', character: 'dredd', windowId },
      { type: 'CHOOSE_TARGET', character: 'giant', windowId },
    ]);
    // The step (Fear's MELEE, step 2: Fire's two are ignored) is not taken until chosen.
    expect(state.situation).toMatchObject({ card: meleeFirst, step: 2 });
    expect(acted(events).filter((e) => e.card === meleeFirst)).toEqual([]);
    const chosen = send(state, { type: 'CHOOSE_TARGET', character: 'giant' });
    expect(acted(chosen.events)[0]).toMatchObject({ judge: 'judge-fear', action: 'MELEE', result: { kind: 'attacked', defenders: ['giant'], choice: 'player' } });
    expect(chosen.events).toContainEqual({ type: 'DamageTaken', character: 'giant', amount: 1, from: 'judge-fear' });
  });

  it('when the deadline passes, the first candidate in roster order is attacked (R54)', () => {
    const { state } = endTurn(base(2, 2));
    const { events } = expire(state);
    expect(acted(events)[0]).toMatchObject({ result: { kind: 'attacked', defenders: ['dredd'], choice: 'deadline' } });
  });

  it('refuses a character not among the candidates, a choice from the Dark Judges’ seat, and a choice when none is asked', () => {
    const { state } = endTurn(base(2, 2));
    expect(refused(state, { type: 'CHOOSE_TARGET', character: 'anderson' })).toBe('NOT_A_CANDIDATE');
    expect(refused(state, { type: 'CHOOSE_TARGET', character: 'dredd' }, { kind: 'seat', seat: 1 })).toBe('NOT_YOUR_CHOICE');
    expect(refused(base(2, 2), { type: 'CHOOSE_TARGET', character: 'dredd' })).toBe('WRONG_SITUATION');
  });
});

describe('interrupting the Dark Judges', () => {
  const everyone = { dredd: 17, giant: 37, anderson: 38, hershey: 3, 'mean-machine': 5 };
  // "You can INTERRUPT the Dark Judges as normal. Once a solo card has been drawn, you must resolve it in full before you can take an interrupting turn."
  it('the window opens once the first card is resolved in full, and again at the end of their turn — never within a card', () => {
    const s = arranged({ player: everyone, top: ['solo-15', 'solo-19'], interrupt: 'ask' });
    const first = endTurn(s);
    expect(first.events.at(-2)).toEqual({ type: 'SoloCardResolved', card: 'solo-15' });
    expect(first.events.at(-1)).toMatchObject({ type: 'InterruptWindowOpened', actedSeat: 1, after: 'action', eligible: [0] });
    expect(first.state.solo!.step).toBeNull();
    const second = send(first.state, { type: 'PASS_INTERRUPT' });
    expect(second.events[2]).toEqual({ type: 'TurnBegan', windowId: expect.any(String), seat: 1, interrupting: false, mustDeploy: false });
    expect(second.events[3]).toEqual({ type: 'DarkJudgesCardDrawn', card: 'solo-19', number: 2 });
    expect(types(second.events).slice(-3)).toEqual(['SoloCardsDiscarded', 'TurnEnded', 'InterruptWindowOpened']);
    expect(second.events.at(-1)).toMatchObject({ after: 'endOfTurn', actedSeat: 1 });
    const third = send(second.state, { type: 'PASS_INTERRUPT' });
    expect(third.state.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: false });
  });

  // Standing orders apply as to any window (R35): `endOfTurnOnly` is asked at the end of their turn only.
  it('with interrupt orders endOfTurnOnly, only the window at the end of their turn waits for the player', () => {
    const s = arranged({ player: everyone, top: ['solo-15', 'solo-19'], interrupt: 'endOfTurnOnly' });
    const { events } = endTurn(s);
    const windows = events.filter((e): e is EventOf<'InterruptWindowOpened'> => e.type === 'InterruptWindowOpened');
    expect(windows.map((w) => w.after)).toEqual(['action', 'endOfTurn']);
    // The window after the first card closes in the same command: the player passes unasked (R35).
    expect(events.filter((e) => e.type === 'InterruptWindowClosed').map((e) => e.windowId)).toEqual([windows[0]!.windowId]);
    expect(types(events).slice(-3)).toEqual(['SoloCardsDiscarded', 'TurnEnded', 'InterruptWindowOpened']);
  });

  it('an interrupting turn after the first card: when it ends, the Dark Judges go on with their second card', () => {
    const s = arranged({ player: everyone, top: ['solo-15', 'solo-19'], interrupt: 'ask', hand: [wild('judges', 'INTERRUPT')[0]!] });
    const { state } = endTurn(s);
    const interrupt = state.seats[0]!.hand.find((c) => wild('judges', 'INTERRUPT').includes(c))!;
    const claimed = send(state, { type: 'CLAIM_INTERRUPT', card: interrupt });
    expect(claimed.state.situation).toMatchObject({ kind: 'turn', actor: 0, interrupting: true });
    const ended = send(claimed.state, { type: 'END_TURN' });
    const t = types(ended.events);
    expect(t.slice(0, 2)).toEqual(['TurnEnded', 'TurnBegan']);
    expect(ended.events[1]).toMatchObject({ seat: 1, interrupting: false });
    expect(ended.events[2]).toEqual({ type: 'DarkJudgesCardDrawn', card: 'solo-19', number: 2 });
  });

  it('the Dark Judges are never awaited: no turn, no window, no set-up of theirs', () => {
    const s = arranged({ player: everyone, top: ['solo-15', 'solo-19'], interrupt: 'ask', defence: 'ask' });
    let state = s;
    for (let i = 0; i < 40 && state.situation.kind !== 'over'; i++) {
      expect(helterSkelter.awaiting(state).every((a) => a.seat === 0)).toBe(true);
      expect(helterSkelter.legalCommands(state, 1)).toEqual([]);
      const legal = helterSkelter.legalCommands(state, 0);
      state = send(state, legal.find((c) => c.type === 'END_TURN' || c.type === 'PASS_INTERRUPT') ?? legal[0]!).state;
    }
  });
});

describe('the Dark Judges win', () => {
  // "If all your characters are killed, the Dark Judges win."
  it('when a Dark Judge kills the player’s last character during their turn, the game ends at once', () => {
    const smashFirstForDeath = firstCardWhose((c) => cardSteps(c).some((st) => st.row === 'judge-death' && st.action === 'SMASH' && st.passOn));
    const s = arranged({
      judges: { 'judge-fire': 'dead', 'judge-fear': 'dead', 'judge-mortis': 'dead', 'judge-death': 17 },
      player: { dredd: { space: 17, health: 1 } },
      top: [smashFirstForDeath],
    });
    const { state, events } = endTurn(s);
    expect(events).toContainEqual({ type: 'CharacterKilled', character: 'dredd', killer: 1, scoredBy: 1 });
    expect(events.at(-1)).toEqual({ type: 'GameEnded', winners: [1], reason: 'elimination' });
    expect(state.situation.kind).toBe('over');
  });
});
