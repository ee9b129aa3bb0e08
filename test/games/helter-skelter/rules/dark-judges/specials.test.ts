// Dark Judges expansion, "Special Rules": Driven by Death, Cloud of Decay, Paralysing Aura,
// Infamous Adversaries; and how the Dark Judges score (R46). Rulings: R43–R46.

import { describe, expect, it } from 'vitest';
import { cardById } from '../../../../../src/games/helter-skelter/content/index.ts';
import { points } from '../../../../../src/games/helter-skelter/state.ts';
import { DAN_TANNA, GRAND_HALL, TestGame, findPair, linked, showing, types, wild } from '../../support.ts';
import { adjacentPair, first, ofType } from '../support-part2.ts';

const [HERE, NEXT] = adjacentPair(DAN_TANNA);
const [LOW, HIGH] = findPair(GRAND_HALL, (a, b, board) => board.adjacent(a).includes(b) && board.isHighGround(b) && !board.isHighGround(a));

/** Cards showing exactly one character's symbol, of no other. */
const alone = (team: Parameters<typeof showing>[0], id: string) => showing(team, id).filter((c) => cardById(c).characters.length === 1 && cardById(c).action !== 'INTERRUPT');
const DEATH_ONLY = alone('dark-judges', 'judge-death');
const FIRE_ONLY = alone('dark-judges', 'judge-fire');
const GIANT_ONLY = alone('judges', 'giant');
const GIANT_ANY = showing('judges', 'giant').filter((c) => cardById(c).action !== 'INTERRUPT');
const DREDD_ONLY = alone('judges', 'dredd');

describe('Driven by Death', () => {
  // "If you have a dead character, you can: discard an action card with their character symbol to pay the cost of any character's MOVE action"
  it('with Judge Death dead, a card with his symbol pays Judge Fire’s MOVE', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [{ team: 'dark-judges', hand: [DEATH_ONLY[0]!] }, { team: 'judges', hand: [] }],
      characters: { 'judge-fire': { space: HERE }, giant: { space: NEXT } },
    });
    expect(g.legalOf(0, 'MOVE')).toContainEqual({ type: 'MOVE', character: 'judge-fire', to: NEXT, cards: [DEATH_ONLY[0]!] });
    g.send(0, { type: 'MOVE', character: 'judge-fire', to: NEXT, cards: [DEATH_ONLY[0]!] });
    expect(g.state.characters['judge-fire']!.space).toBe(NEXT);
  });

  // "… or discard 2 action cards with their character symbol to pay the cost of any character's CLIMB action."
  it('with Judge Death dead, two cards with his symbol pay Judge Fire’s CLIMB; a mix with Fire’s own symbol does not (R45)', () => {
    const game = (hand: string[]) =>
      TestGame.withOthersDead({
        map: GRAND_HALL,
        seats: [{ team: 'dark-judges', hand }, { team: 'judges', hand: [] }],
        characters: { 'judge-fire': { space: LOW }, giant: { space: HIGH } },
      });
    const g = game([DEATH_ONLY[0]!, DEATH_ONLY[1]!, FIRE_ONLY[0]!]);
    expect(g.refused(0, { type: 'CLIMB', character: 'judge-fire', to: HIGH, cards: [DEATH_ONLY[0]!, FIRE_ONLY[0]!] })).toBe('MIXED_SYMBOLS');
    expect(g.legalOf(0, 'CLIMB')).not.toContainEqual({ type: 'CLIMB', character: 'judge-fire', to: HIGH, cards: [DEATH_ONLY[0]!, FIRE_ONLY[0]!] });
    g.send(0, { type: 'CLIMB', character: 'judge-fire', to: HIGH, cards: [DEATH_ONLY[0]!, DEATH_ONLY[1]!] });
    expect(g.state.characters['judge-fire']!.space).toBe(HIGH);
  });

  // "If you have a dead character" — while Judge Death lives his symbol pays only his own actions.
  it('while Judge Death lives, his symbol does not pay Judge Fire’s MOVE', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [{ team: 'dark-judges', hand: [DEATH_ONLY[0]!] }, { team: 'judges', hand: [] }],
      characters: { 'judge-fire': { space: HERE }, 'judge-death': { space: HERE }, giant: { space: NEXT } },
    });
    expect(g.refused(0, { type: 'MOVE', character: 'judge-fire', to: NEXT, cards: [DEATH_ONLY[0]!] })).toBe('WRONG_SYMBOL');
  });

  // A Dark Judges special: the base teams' dead do not pay MOVE.
  it('a base team’s dead character’s symbol does not pay a MOVE', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [{ team: 'judges', hand: [DREDD_ONLY[0]!] }, { team: 'dark-judges', hand: [] }],
      characters: { giant: { space: HERE }, 'judge-death': { space: NEXT } },
    });
    expect(g.refused(0, { type: 'MOVE', character: 'giant', to: NEXT, cards: [DREDD_ONLY[0]!] })).toBe('WRONG_SYMBOL');
  });
});

describe('Paralysing Aura', () => {
  const game = (extra: Record<string, { space: number | 'dead' }> = {}, hand = GIANT_ONLY.slice(0, 3)) =>
    TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [{ team: 'judges', hand }, { team: 'dark-judges', hand: [] }],
      characters: { giant: { space: HERE }, 'judge-fear': { space: HERE }, ...extra },
    });

  // "If a character is in the same space as Judge Fear, the cost for their MOVE action is increased by 1, to a total of 2 cards."
  it('a character in Judge Fear’s space pays two cards to MOVE, not one', () => {
    const g = game();
    expect(g.refused(0, { type: 'MOVE', character: 'giant', to: NEXT, cards: [GIANT_ONLY[0]!] })).toBe('WRONG_CARD_COUNT');
    const moves = g.legalOf(0, 'MOVE') as { cards: string[] }[];
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(m.cards).toHaveLength(2);
    g.send(0, { type: 'MOVE', character: 'giant', to: NEXT, cards: [GIANT_ONLY[0]!, GIANT_ONLY[1]!] });
    expect(g.state.characters['giant']!.space).toBe(NEXT);
  });

  // "The CLIMB action still costs 2 cards."
  it('a CLIMB out of Judge Fear’s space still costs two cards', () => {
    const g = TestGame.withOthersDead({
      map: GRAND_HALL,
      seats: [{ team: 'judges', hand: GIANT_ANY.slice(0, 3) }, { team: 'dark-judges', hand: [] }],
      characters: { giant: { space: LOW }, 'judge-fear': { space: LOW } },
    });
    expect(g.refused(0, { type: 'CLIMB', character: 'giant', to: HIGH, cards: GIANT_ANY.slice(0, 3) })).toBe('WRONG_CARD_COUNT');
    g.send(0, { type: 'CLIMB', character: 'giant', to: HIGH, cards: GIANT_ANY.slice(0, 2) });
    expect(g.state.characters['giant']!.space).toBe(HIGH);
  });

  // Only in his space, and only while he is in play.
  it('out of Judge Fear’s space a MOVE costs one card', () => {
    const g = game({ 'judge-fear': { space: NEXT } });
    g.send(0, { type: 'MOVE', character: 'giant', to: NEXT, cards: [GIANT_ONLY[0]!] });
    expect(g.state.characters['giant']!.space).toBe(NEXT);
  });

  // "Paralysing Aura doesn't affect the other Dark Judges."
  it('a Dark Judge in Judge Fear’s space still pays one card to MOVE', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [{ team: 'dark-judges', hand: FIRE_ONLY.slice(0, 1) }, { team: 'judges', hand: [] }],
      characters: { 'judge-fire': { space: HERE }, 'judge-fear': { space: HERE }, giant: { space: NEXT } },
    });
    g.send(0, { type: 'MOVE', character: 'judge-fire', to: NEXT, cards: [FIRE_ONLY[0]!] });
    expect(g.state.characters['judge-fire']!.space).toBe(NEXT);
  });
});

describe('Cloud of Decay', () => {
  const DEFLECT = first(wild('judges', 'DEFLECT'));
  const ANDERSON_PSI = first(linked('judges', 'PSI', 'anderson'));
  /** The Dark Judges (seat 0) are about to end their turn; the Judges' Giant stands in Mortis's space. */
  const game = (opts: { judgesHand?: string[]; giant?: number; others?: Record<string, { space: number | 'dead' }>; answerForced?: boolean } = {}) =>
    TestGame.withOthersDead(
      {
        map: DAN_TANNA,
        seats: [
          { team: 'dark-judges', hand: [], deck: [] },
          { team: 'judges', hand: opts.judgesHand ?? [], deck: [] },
        ],
        characters: {
          'judge-mortis': { space: HERE },
          'judge-death': { space: HERE },
          giant: { space: HERE, health: opts.giant ?? 3 },
          ...opts.others,
        },
      },
      { answerForced: opts.answerForced ?? true },
    );

  // "If any character starts their turn in the same space as Judge Mortis, they must make a DEFLECT or PRECOG defence or take 1 damage."
  it('a character starting its turn in Judge Mortis’s space without a defence takes 1 damage, then the turn begins', () => {
    const g = game();
    const events = g.send(0, { type: 'END_TURN' });
    const declared = ofType(events, 'AttackDeclared');
    expect(declared).toEqual([
      {
        type: 'AttackDeclared',
        windowId: expect.any(String),
        attack: { seat: 0, character: 'judge-mortis', action: 'CLOUD_OF_DECAY', damage: 1, interrupting: false, turnOf: { seat: 1, interrupting: false } },
        defenders: ['giant'],
      },
    ]);
    expect(g.health('giant')).toBe(2);
    const t = types(events);
    expect(t.indexOf('TurnBegan')).toBeGreaterThan(t.indexOf('DamageTaken'));
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: false });
    // No action was taken, so no INTERRUPT window follows it (R43).
    expect(t.slice(t.indexOf('AttackDeclared'))).not.toContain('InterruptWindowOpened');
  });

  it('the character may make a DEFLECT defence instead: no damage', () => {
    const g = game({ judgesHand: [DEFLECT] });
    g.send(0, { type: 'END_TURN' });
    expect(g.situation).toMatchObject({ kind: 'defence', attack: { action: 'CLOUD_OF_DECAY' } });
    expect(g.legalOf(1, 'DEFEND')).toEqual([{ type: 'DEFEND', character: 'giant', defence: 'DEFLECT', card: DEFLECT }]);
    expect(g.refused(1, { type: 'DEFEND', character: 'giant', defence: 'BLOCK', card: DEFLECT })).toBe('DEFENCE_NOT_ALLOWED');
    g.send(1, { type: 'DEFEND', character: 'giant', defence: 'DEFLECT', card: DEFLECT });
    expect(g.health('giant')).toBe(3);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1 });
  });

  it('… or a PRECOG defence, with a PSI card linked to the defender', () => {
    const g = game({ judgesHand: [ANDERSON_PSI], others: { anderson: { space: HERE } } });
    g.send(0, { type: 'END_TURN' });
    expect(g.situation).toMatchObject({ kind: 'defence', defenders: [{ character: 'giant' }, { character: 'anderson' }] });
    g.send(1, { type: 'DEFEND', character: 'anderson', defence: 'PRECOG', card: ANDERSON_PSI });
    expect(g.health('anderson')).toBe(3);
    expect(g.health('giant')).toBe(2);
  });

  // "If this kills the character, take the figure as if you'd killed them in any other way."
  it('a character the cloud kills is a kill for the Dark Judges', () => {
    const g = game({ giant: 1, others: { dredd: { space: NEXT } } });
    const events = g.send(0, { type: 'END_TURN' });
    expect(ofType(events, 'CharacterKilled')).toEqual([{ type: 'CharacterKilled', character: 'giant', killer: 0, scoredBy: 0 }]);
    expect(g.state.seats[0]!.kills).toEqual(['giant']);
    expect(points(g.state, 0)).toBe(1);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1 });
  });

  it('a seat whose last character the cloud kills is eliminated, and its turn never begins', () => {
    const g = game({ giant: 1 });
    const events = g.send(0, { type: 'END_TURN' });
    expect(types(events)).toContain('SeatEliminated');
    expect(ofType(events, 'GameEnded')).toEqual([{ type: 'GameEnded', winners: [0], reason: 'elimination' }]);
  });

  // "Cloud of Decay doesn't affect other Dark Judges."
  it('the Dark Judges’ own turn starts without a cloud: it does not affect other Dark Judges', () => {
    const g = game({ judgesHand: [] });
    g.send(0, { type: 'END_TURN' });
    const events = g.send(1, { type: 'END_TURN' });
    expect(ofType(events, 'AttackDeclared')).toEqual([]);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 0 });
  });

  // R43: a character's turn is its player's turn, an interrupting one too.
  it('a character in the cloud at the start of its player’s interrupting turn defends or takes 1 damage first (R43)', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'dark-judges', hand: FIRE_ONLY.slice(0, 1), deck: [] },
        { team: 'judges', hand: [first(wild('judges', 'INTERRUPT'))], deck: [] },
      ],
      characters: { 'judge-mortis': { space: HERE }, 'judge-fire': { space: NEXT }, giant: { space: HERE } },
    });
    g.send(0, { type: 'MOVE', character: 'judge-fire', to: HERE, cards: [FIRE_ONLY[0]!] });
    const events = g.send(1, { type: 'CLAIM_INTERRUPT', card: first(wild('judges', 'INTERRUPT')) });
    expect(ofType(events, 'AttackDeclared').map((e) => e.attack.turnOf)).toEqual([{ seat: 1, interrupting: true }]);
    expect(g.health('giant')).toBe(2);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1, interrupting: true });
  });

  // Every defender is asked whatever its hand holds (R14): the cloud too, with a deadline.
  it('the defender is asked even with no card, and the deadline takes the damage', () => {
    const g = game({ answerForced: false });
    g.send(0, { type: 'END_TURN' });
    if (g.situation.kind === 'interrupt') g.send(1, { type: 'PASS_INTERRUPT' });
    expect(g.situation).toMatchObject({ kind: 'defence' });
    g.expire();
    expect(g.health('giant')).toBe(2);
    expect(g.situation).toMatchObject({ kind: 'turn', actor: 1 });
  });
});

describe('Infamous Adversaries, and how the Dark Judges score', () => {
  const GIANT_MELEE = first(linked('judges', 'MELEE', 'giant'));
  const DEATH_MELEE = first(linked('dark-judges', 'MELEE', 'judge-death'));

  // "Each Dark Judge killed by another player is worth 2 points."
  it('a Dark Judge killed is worth 2 points to the killer', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [{ team: 'judges', hand: [GIANT_MELEE] }, { team: 'dark-judges', hand: [] }],
      characters: { giant: { space: HERE }, 'judge-death': { space: HERE, health: 1, armour: 'vulnerable' }, 'judge-fire': { space: NEXT } },
    });
    g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE, defender: 'judge-death' });
    expect(g.state.seats[0]!.kills).toEqual(['judge-death']);
    expect(points(g.state, 0)).toBe(2);
    expect(g.legal(0).length).toBeGreaterThan(0);
  });

  it('three Dark Judges killed are six points: a win at five', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'judges', hand: [GIANT_MELEE], kills: ['judge-fire', 'judge-fear'] },
        { team: 'dark-judges', hand: [] },
      ],
      characters: {
        giant: { space: HERE },
        'judge-death': { space: HERE, health: 1, armour: 'vulnerable' },
        'judge-mortis': { space: NEXT },
        'judge-fire': { space: 'dead' },
        'judge-fear': { space: 'dead' },
      },
    });
    expect(points(g.state, 0)).toBe(4);
    const events = g.send(0, { type: 'MELEE', character: 'giant', card: GIANT_MELEE, defender: 'judge-death' });
    expect(ofType(events, 'GameEnded')).toEqual([{ type: 'GameEnded', winners: [0], reason: 'points' }]);
  });

  // R46: the Dark Judges place no fragments, so they score by kills: "Each enemy character you kill is worth 1 point."
  it('the Dark Judges win on their fifth kill (R46)', () => {
    const g = TestGame.withOthersDead({
      map: DAN_TANNA,
      seats: [
        { team: 'dark-judges', hand: [DEATH_MELEE], kills: ['dredd', 'giant', 'anderson', 'ukko'] },
        { team: 'judges', hand: [] },
        { team: 'slaine', hand: [] },
      ],
      characters: { 'judge-death': { space: HERE }, hershey: { space: HERE, health: 1 }, slaine: { space: NEXT } },
    });
    expect(points(g.state, 0)).toBe(4);
    const events = g.send(0, { type: 'MELEE', character: 'judge-death', card: DEATH_MELEE, defender: 'hershey' });
    expect(ofType(events, 'GameEnded')).toEqual([{ type: 'GameEnded', winners: [0], reason: 'points' }]);
    expect(helterSkelterPoints(g)).toEqual([5, 0, 0]);
  });
});

const helterSkelterPoints = (g: TestGame) => g.state.seats.map((_, i) => points(g.state, i));
