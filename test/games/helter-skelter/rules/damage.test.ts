// "DAMAGE AND DEATH" and "GAME END": health cubes, kills and who scores them, five points, elimination
// and the tie rule (docs/rulings.md R19, R25, R26, R27).

import { describe, expect, it } from 'vitest';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { helterSkelter } from '../../../../src/games/helter-skelter/index.ts';
import type { ScenarioCharacter } from '../../../../src/games/helter-skelter/scenario.ts';
import type { Command } from '../../../../src/games/helter-skelter/types.ts';
import { DAN_TANNA, findPair, findSpace, linked, TestGame, types, wild } from '../support.ts';
import { ofType, only, padding } from './support-part1.ts';

const TEAMS: TeamId[] = ['judges', 'slaine', 'strontium-dogs'];
// Ground without cover, so no COVER question comes up; and a second space beside it.
const [HERE, NEXT] = findPair(DAN_TANNA, (a, b, bd) => !bd.isCover(a) && !bd.isCover(b) && bd.adjacent(a).includes(b));
const AWAY = findSpace(DAN_TANNA, (s, bd) => s !== HERE && s !== NEXT && !bd.adjacent(HERE).includes(s));

const SMASH = linked('judges', 'SMASH', 'mean-machine')[0]!;
const MELEE = wild('judges', 'MELEE')[0]!;
const EXPLODE = linked('judges', 'EXPLODE', 'dredd')[0]!;
const SD_MELEE = wild('strontium-dogs', 'MELEE')[0]!;
const SD_INTERRUPT = 'strontium-dogs-20';

/** Cards that allow no defence (no MELEE, DEFLECT, PSI, COVER) and no INTERRUPT: defenders take damage unasked (R14). */
const defenceless = (team: TeamId) => padding(team, [], ['MELEE', 'SMASH', 'DEFLECT', 'PSI', 'COVER']).slice(0, 3);

interface Fight {
  players?: number;
  characters: Record<string, ScenarioCharacter>;
  /** Seat 0's hand (default: one of each attack card used here). */
  hand?: string[];
  /** Extra cards per seat (after the defenceless ones). */
  extra?: Record<number, string[]>;
  fragments?: number[];
}

function fight(f: Fight): TestGame {
  const players = f.players ?? 2;
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: TEAMS.slice(0, players).map((team, i) => {
      const hand = i === 0 ? (f.hand ?? [SMASH, MELEE, EXPLODE]) : [...defenceless(team), ...(f.extra?.[i] ?? [])];
      return { team, hand, deck: padding(team, [], ['INTERRUPT']).filter((c) => !hand.includes(c)), fragments: f.fragments?.[i] ?? 0 };
    }),
    characters: f.characters,
  });
}

const smash = (defender: string): Command => ({ type: 'SMASH', character: 'mean-machine', card: SMASH, defender });
const melee = (defender: string, character = 'giant'): Command => ({ type: 'MELEE', character, card: MELEE, defender });
const explode = (space: number): Command => ({ type: 'EXPLODE', character: 'dredd', card: EXPLODE, space });
const points = (g: TestGame) => helterSkelter.view(g.state, null).seats.map((s) => s.points);

describe('Damage and death', () => {
  // "When a character takes damage, remove as many health cubes from their character card as the damage shown."
  it('damage removes as many health cubes as the damage shown', () => {
    const g = fight({ characters: { 'mean-machine': { space: HERE }, giant: { space: HERE }, kai: { space: HERE } } });
    expect(g.health('kai')).toBe(3);
    const events = g.send(0, smash('kai'));
    expect(only(events, 'DamageTaken')).toEqual({ type: 'DamageTaken', character: 'kai', amount: 2, from: 'mean-machine' });
    expect(g.health('kai')).toBe(1);
    g.send(0, melee('kai'));
    expect(g.state.characters['kai']!.status).toBe('dead');
  });

  // "When the last cube has been removed from a character, they have been killed – flip the character
  // card face down."
  it('when the last cube is removed the character is killed: card face down, figure off the board', () => {
    const g = fight({ characters: { giant: { space: HERE }, kai: { space: HERE, health: 1 }, niamh: { space: AWAY } } });
    const events = g.send(0, melee('kai'));
    expect(types(events)).toEqual(expect.arrayContaining(['DamageTaken', 'CharacterKilled']));
    expect(g.state.characters['kai']).toMatchObject({ status: 'dead', health: 0, space: null });
    const seen = helterSkelter.view(g.state, 1).characters.find((c) => c.id === 'kai')!;
    expect(seen).toMatchObject({ status: 'dead', space: null });
  });

  // R19: "Damage beyond the last cube is not counted."
  it('damage beyond the last cube is not counted (R19)', () => {
    const g = fight({ characters: { 'mean-machine': { space: HERE }, kai: { space: HERE, health: 1 }, niamh: { space: AWAY } } });
    expect(only(g.send(0, smash('kai')), 'DamageTaken').amount).toBe(1);
    expect(g.health('kai')).toBe(0);
  });

  // A character that still has cubes lives on, on its space.
  it('a character left with cubes is not killed', () => {
    const g = fight({ characters: { giant: { space: HERE }, kai: { space: HERE, health: 2 } } });
    const events = g.send(0, melee('kai'));
    expect(ofType(events, 'CharacterKilled')).toEqual([]);
    expect(g.state.characters['kai']).toMatchObject({ status: 'deployed', health: 1, space: HERE });
  });

  // "If you take a combat action that kills another team's character, take the figure and place it in
  // front of you as a point."
  it('killing another team’s character scores a point for the killer’s seat', () => {
    const g = fight({ characters: { giant: { space: HERE }, kai: { space: HERE, health: 1 }, niamh: { space: AWAY } } });
    const killed = only(g.send(0, melee('kai')), 'CharacterKilled');
    expect(killed).toEqual({ type: 'CharacterKilled', character: 'kai', killer: 0, scoredBy: 0 });
    expect(g.state.seats[0]!.kills).toEqual(['kai']);
    expect(points(g)).toEqual([1, 0]);
  });

  // "If you take a combat action that kills …": the point is the attacker's, on an interrupting turn too.
  it('a kill on an interrupting turn is scored by the interrupter, not the active player', () => {
    const g = fight({
      players: 3,
      characters: {
        giant: { space: AWAY },
        kai: { space: HERE, health: 1 },
        niamh: { space: AWAY },
        'johnny-alpha': { space: HERE },
      },
      hand: [linked('judges', 'MELEE', 'giant')[0]!],
      extra: { 2: [SD_MELEE, SD_INTERRUPT] },
    });
    g.send(0, { type: 'END_TURN' });
    g.send(2, { type: 'CLAIM_INTERRUPT', card: SD_INTERRUPT });
    g.send(2, { type: 'MELEE', character: 'johnny-alpha', card: SD_MELEE, defender: 'kai' });
    expect(g.state.seats[2]!.kills).toEqual(['kai']);
    expect(g.state.seats[0]!.kills).toEqual([]);
  });

  // "You do not earn points for killing your own characters. If you kill your own character, remove it
  // from the game." (EXPLODE: "It is possible to damage (and kill) your own character".)
  it('killing your own character scores nothing and removes it from the game', () => {
    const g = fight({
      characters: {
        dredd: { space: HERE },
        hershey: { space: NEXT, health: 1 },
        kai: { space: NEXT, health: 3 },
        niamh: { space: AWAY },
      },
    });
    const events = g.send(0, explode(NEXT));
    expect(only(events, 'CharacterKilled')).toEqual({ type: 'CharacterKilled', character: 'hershey', killer: 0, scoredBy: null });
    expect(g.state.characters['hershey']).toMatchObject({ status: 'dead', space: null });
    expect(g.state.seats[0]!.kills).toEqual([]);
    expect(points(g)).toEqual([0, 0]);
    expect(g.health('kai')).toBe(2);
  });
});

describe('Game end: five points', () => {
  // "Each enemy character you kill is worth one point. Each fragment of reality you collect is worth one point."
  it('a seat’s points are its kills plus its fragments', () => {
    const g = fight({ characters: { giant: { space: HERE }, kai: { space: HERE, health: 1 }, niamh: { space: AWAY } }, fragments: [2, 1] });
    expect(points(g)).toEqual([2, 1]);
    g.send(0, melee('kai'));
    expect(points(g)).toEqual([3, 1]);
  });

  // "If you reach five points, you win. The other players don't get to take any more turns." (R25)
  it('the fifth point, from a kill, wins at once (R25)', () => {
    const g = fight({
      players: 3,
      characters: { giant: { space: HERE }, kai: { space: HERE, health: 1 }, niamh: { space: AWAY }, wulf: { space: AWAY } },
      fragments: [4, 0, 0],
      extra: { 1: ['slaine-15'], 2: [SD_INTERRUPT] },
    });
    const events = g.send(0, melee('kai'));
    expect(types(events).slice(-2)).toEqual(['CharacterKilled', 'GameEnded']);
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'points' });
    expect(g.situation.kind).toBe('over');
    expect(helterSkelter.isOver(g.state)).toBe(true);
    expect(helterSkelter.awaiting(g.state)).toEqual([]);
    // Nobody may interrupt or take another turn.
    expect(ofType(events, 'InterruptWindowOpened')).toEqual([]);
    for (const seat of [0, 1, 2]) expect(g.legal(seat)).toEqual([]);
    expect(g.refused(1, { type: 'PASS_INTERRUPT' })).toBe('GAME_OVER');
  });

  // "If you reach five points, you win" — by a fragment as well.
  it('the fifth point, from a fragment, wins at once', () => {
    const cards = ['judges-21', 'judges-22', 'judges-01'];
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: cards, fragments: 3, kills: ['ukko'] },
        { team: 'slaine', hand: defenceless('slaine') },
      ],
      characters: { dredd: { space: HERE }, kai: { space: AWAY } },
      fragments: [{ seat: 0, space: HERE }],
    });
    const events = g.send(0, { type: 'COLLECT_FRAGMENT', character: 'dredd', cards });
    expect(types(events).slice(-2)).toEqual(['FragmentCollected', 'GameEnded']);
    expect(only(events, 'GameEnded')).toMatchObject({ winners: [0], reason: 'points' });
  });

  // R25: "Five points end the game at once, even in the middle of resolving an action … Remaining
  // damage from the same EXPLODE is not applied."
  it('five points in the middle of an EXPLODE end the game; its remaining damage is not applied (R25)', () => {
    const g = fight({
      characters: { dredd: { space: HERE }, niamh: { space: NEXT, health: 1 }, kai: { space: NEXT, health: 1 } },
      fragments: [4, 0],
    });
    const events = g.send(0, explode(NEXT));
    expect(ofType(events, 'DamageTaken')).toHaveLength(1);
    expect(only(events, 'GameEnded')).toMatchObject({ winners: [0], reason: 'points' });
    const hurt = only(events, 'DamageTaken').character;
    const spared = hurt === 'kai' ? 'niamh' : 'kai';
    expect(g.state.characters[spared]).toMatchObject({ status: 'deployed', health: 1 });
  });

  // R26a: "If you reach five points, you win the game immediately" — even when the same EXPLODE
  // kills your own last character first: five points end the game before eliminations are judged.
  it('an EXPLODE that kills your own last character and brings your fifth point still wins (R26a)', () => {
    const g = fight({
      characters: { dredd: { space: HERE, health: 1 }, kai: { space: HERE, health: 1 }, niamh: { space: NEXT } },
      fragments: [4, 0],
    });
    const events = g.send(0, explode(HERE));
    // Dredd, named first, dies first: seat 0 has no character left when Kai's death brings point five.
    expect(ofType(events, 'CharacterKilled').map((e) => e.character)).toEqual(['dredd', 'kai']);
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'points' });
    expect(points(g)).toEqual([5, 0]);
  });

  // "You do not earn points for killing your own characters": an own kill never reaches five.
  it('killing your own character never brings the fifth point', () => {
    const g = fight({
      characters: { dredd: { space: HERE }, hershey: { space: NEXT, health: 1 }, kai: { space: NEXT, health: 2 } },
      fragments: [4, 0],
    });
    const events = g.send(0, explode(NEXT));
    expect(ofType(events, 'GameEnded')).toEqual([]);
    expect(points(g)).toEqual([4, 0]);
  });
});

describe('Game end: elimination', () => {
  // "If all your characters are killed, you are eliminated and the remaining player with the most
  // points wins." (R26)
  it('a seat whose characters are all killed is eliminated; the remaining seat with most points wins (R26)', () => {
    const g = fight({
      players: 3,
      characters: { giant: { space: HERE }, kai: { space: HERE, health: 1 }, wulf: { space: AWAY } },
      fragments: [1, 3, 1],
    });
    const events = g.send(0, melee('kai'));
    expect(only(events, 'SeatEliminated')).toEqual({ type: 'SeatEliminated', seat: 1 });
    // Seat 1 had the most points, but it is out: of the remaining seats, seat 0 (2) leads seat 2 (1).
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'elimination' });
  });

  // R26: "Characters not yet deployed have not been killed, so their seat is not eliminated."
  it('a seat with a character still to deploy is not eliminated (R26)', () => {
    const g = fight({
      characters: { giant: { space: HERE }, kai: { space: HERE, health: 1 }, niamh: { space: 'undeployed', startingCards: [AWAY] } },
    });
    const events = g.send(0, melee('kai'));
    expect(ofType(events, 'SeatEliminated')).toEqual([]);
    expect(ofType(events, 'GameEnded')).toEqual([]);
    expect(g.state.seats[1]!.eliminated).toBe(false);
  });

  // "If it is a tie, the remaining players keep playing until one player has the most points." (R26)
  it('when the remaining leaders are tied, play goes on (R26)', () => {
    const g = fight({
      players: 3,
      characters: { giant: { space: HERE }, kai: { space: HERE, health: 1 }, wulf: { space: AWAY } },
      fragments: [1, 0, 2],
    });
    const events = g.send(0, melee('kai'));
    expect(only(events, 'SeatEliminated').seat).toBe(1);
    expect(ofType(events, 'GameEnded')).toEqual([]);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
  });

  // R26: "the game ends the moment one remaining seat has strictly the most points (checked at every
  // elimination and every point scored)".
  it('after a tie, the game ends the moment one remaining seat has strictly the most points (R26)', () => {
    const cards = ['judges-21', 'judges-22', 'judges-01'];
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [MELEE, ...cards], fragments: 1 },
        { team: 'slaine', hand: defenceless('slaine') },
        { team: 'strontium-dogs', hand: defenceless('strontium-dogs'), fragments: 2 },
      ],
      characters: { giant: { space: HERE }, dredd: { space: NEXT }, kai: { space: HERE, health: 1 }, wulf: { space: AWAY } },
      fragments: [{ seat: 0, space: NEXT }],
    });
    g.send(0, melee('kai'));
    expect(g.situation.kind).toBe('turn');
    const events = g.send(0, { type: 'COLLECT_FRAGMENT', character: 'dredd', cards });
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'elimination' });
  });

  // R26: "If no seat remains (one EXPLODE eliminating the last two), the tied leaders share the win."
  it('one EXPLODE eliminating the last two seats: the tied leaders share the win (R26)', () => {
    const g = fight({
      characters: { dredd: { space: HERE, health: 1 }, kai: { space: HERE, health: 1 } },
      fragments: [0, 1],
    });
    const events = g.send(0, explode(HERE));
    expect(ofType(events, 'SeatEliminated').map((e) => e.seat).sort()).toEqual([0, 1]);
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0, 1], reason: 'elimination' });
  });

  // R26 with one EXPLODE eliminating both: the points it scores count before the winner is named.
  it('one EXPLODE eliminating the last two seats: points scored by it count (R26)', () => {
    const g = fight({
      characters: { dredd: { space: HERE, health: 1 }, kai: { space: HERE, health: 1 } },
      fragments: [1, 1],
    });
    const events = g.send(0, explode(HERE));
    expect(only(events, 'GameEnded')).toEqual({ type: 'GameEnded', winners: [0], reason: 'elimination' });
  });

  // R27: "An eliminated seat's turn ends at once. Its remaining actions are void, it draws no cards, and
  // the marker passes to the next seat still in the game."
  it('a seat eliminated on its own turn: the turn ends at once, no cards drawn, the marker passes on (R27)', () => {
    const g = fight({
      players: 3,
      characters: { dredd: { space: HERE, health: 1 }, 'johnny-alpha': { space: HERE }, kai: { space: AWAY } },
    });
    const events = g.send(0, explode(HERE));
    expect(only(events, 'SeatEliminated').seat).toBe(0);
    expect(ofType(events, 'GameEnded')).toEqual([]);
    expect(ofType(events, 'CardsDrawn')).toEqual([]);
    expect(only(events, 'MarkerPassed').seat).toBe(1);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: false });
  });

  // R27 for an interrupter: its interrupting turn ends at once; play returns to the active player, whose
  // end of turn stands (R8), and the marker passes over the eliminated seat.
  it('an interrupter eliminated on its interrupting turn: play returns to the active player and the marker skips it (R27)', () => {
    const SD_EXPLODE = linked('strontium-dogs', 'EXPLODE', 'middenface')[0]!;
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: defenceless('judges'), deck: padding('judges').filter((c) => !defenceless('judges').includes(c)) },
        { team: 'strontium-dogs', hand: [SD_EXPLODE, SD_INTERRUPT] },
        { team: 'slaine', hand: defenceless('slaine') },
      ],
      characters: { giant: { space: AWAY }, middenface: { space: HERE, health: 1 }, kai: { space: HERE } },
    });
    g.send(0, { type: 'END_TURN' });
    g.send(1, { type: 'CLAIM_INTERRUPT', card: SD_INTERRUPT });
    const events = g.send(1, { type: 'EXPLODE', character: 'middenface', card: SD_EXPLODE, space: HERE });
    expect(only(events, 'SeatEliminated').seat).toBe(1);
    expect(ofType(events, 'GameEnded')).toEqual([]);
    expect(only(events, 'CardsDrawn').seat).toBe(0);
    expect(only(events, 'MarkerPassed').seat).toBe(2);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 2, interrupting: false });
  });

  // R27 when the active seat is eliminated during someone else's interrupting turn.
  it('an active seat eliminated during an interrupting turn draws nothing; the marker passes on (R27)', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: defenceless('judges'), deck: padding('judges').filter((c) => !defenceless('judges').includes(c)) },
        { team: 'strontium-dogs', hand: [SD_MELEE, SD_INTERRUPT], fragments: 1 },
        { team: 'slaine', hand: defenceless('slaine'), fragments: 2 },
      ],
      characters: { dredd: { space: HERE, health: 1 }, 'johnny-alpha': { space: HERE }, kai: { space: AWAY } },
    });
    g.send(0, { type: 'END_TURN' });
    g.send(1, { type: 'CLAIM_INTERRUPT', card: SD_INTERRUPT });
    const kill = g.send(1, { type: 'MELEE', character: 'johnny-alpha', card: SD_MELEE, defender: 'dredd' });
    expect(only(kill, 'SeatEliminated').seat).toBe(0);
    expect(ofType(kill, 'GameEnded')).toEqual([]);
    const events = g.send(1, { type: 'END_TURN' });
    expect(ofType(events, 'CardsDrawn')).toEqual([]);
    expect(only(events, 'MarkerPassed').seat).toBe(1);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: false });
  });
});
