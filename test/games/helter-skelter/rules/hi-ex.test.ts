// HI-EX (rulebook, "The Teams — The Judges"): "Chief Judge Hershey, Judge Anderson, and Judge
// Dredd all have high-explosive ammo. Whenever they take the SNIPE action, after selecting a
// defender they may choose to make all other characters on the same space defenders too. This
// must include any friendly characters. All defenders decide individually whether to make a
// DEFLECT, PRECOG, or COVER defence or take 1 damage as normal." Rulings: R18.

import { describe, expect, it } from 'vitest';
import type { SpaceId } from '../../../../src/games/helter-skelter/board/board.ts';
import type { TeamId } from '../../../../src/games/helter-skelter/content/types.ts';
import { DAN_TANNA, TestGame, findPair, linked, wild } from '../support.ts';
import { damageIn, first, ofType } from './support-part2.ts';

const [FROM, TARGET] = findPair(DAN_TANNA, (x, y, b) => x !== y && b.hasLineOfSight(x, y));
const [FROM_AFAR, COVER_SPACE] = findPair(DAN_TANNA, (x, y, b) => x !== y && b.isCover(y) && b.hasLineOfSight(x, y));
const DREDD_SNIPE = first(linked('judges', 'SNIPE', 'dredd'));

function game(
  characters: Record<string, SpaceId>,
  hands: { judges?: string[]; dogs?: string[] } = {},
  teams: [TeamId, TeamId] = ['judges', 'strontium-dogs'],
) {
  return TestGame.withOthersDead({
    map: DAN_TANNA,
    seats: [
      { team: teams[0], hand: hands.judges ?? [DREDD_SNIPE] },
      { team: teams[1], hand: hands.dogs ?? [] },
    ],
    characters: Object.fromEntries(Object.entries(characters).map(([id, space]) => [id, { space }])),
  });
}

const defenders = (events: ReturnType<TestGame['send']>) => new Set(ofType(events, 'AttackDeclared')[0]!.defenders);

describe('Hi-Ex', () => {
  // "after selecting a defender they may choose to make all other characters on the same space
  // defenders too. This must include any friendly characters."
  it('Hi-Ex makes every other character on the defender’s space a defender, friendly ones included', () => {
    const g = game({ dredd: FROM, wulf: TARGET, 'durham-red': TARGET, giant: TARGET });
    const events = g.send(0, { type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf', hiEx: true });
    expect(defenders(events)).toEqual(new Set(['wulf', 'durham-red', 'giant']));
    expect(damageIn(events)).toEqual({ wulf: 1, 'durham-red': 1, giant: 1 });
  });

  // "make all other characters on the same space defenders too" — the sniper too, when it stands
  // there (R18).
  it('Hi-Ex includes the sniper when it stands on the defender’s space', () => {
    const g = game({ dredd: TARGET, wulf: TARGET });
    const events = g.send(0, { type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf', hiEx: true });
    expect(defenders(events)).toEqual(new Set(['wulf', 'dredd']));
    expect(g.health('dredd')).toBe(3);
  });

  // R30: "they may choose to make all other characters on the same space defenders too" — with
  // nobody else there, the choice is still offered and changes nothing.
  it('Hi-Ex may be declared when the chosen defender stands alone; it then names only that defender (R30)', () => {
    const g = game({ dredd: FROM, wulf: TARGET });
    const offered = g.legalOf(0, 'SNIPE').filter((c) => (c as { defender: string }).defender === 'wulf');
    expect(offered).toContainEqual({ type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf', hiEx: true });
    expect(offered).toContainEqual({ type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf' });
    const events = g.send(0, { type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf', hiEx: true });
    expect(defenders(events)).toEqual(new Set(['wulf']));
    expect(damageIn(events)).toEqual({ wulf: 1 });
  });

  // "they may choose" — without it, a SNIPE names one defender as usual.
  it('Hi-Ex is optional: a SNIPE without it names only the chosen defender', () => {
    const g = game({ dredd: FROM, wulf: TARGET, 'durham-red': TARGET, giant: TARGET });
    const events = g.send(0, { type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf' });
    expect(defenders(events)).toEqual(new Set(['wulf']));
    expect(damageIn(events)).toEqual({ wulf: 1 });
  });

  // "Chief Judge Hershey, Judge Anderson, and Judge Dredd all have high-explosive ammo."
  it.each(['dredd', 'anderson', 'hershey'])('Hi-Ex is available to %s', (sniper) => {
    const card = first(linked('judges', 'SNIPE', sniper));
    const g = game({ [sniper]: FROM, wulf: TARGET, gronk: TARGET }, { judges: [card] });
    const variants = g.legalOf(0, 'SNIPE').filter((c) => (c as { defender: string }).defender === 'wulf');
    expect(variants).toEqual([
      { type: 'SNIPE', character: sniper, card, defender: 'wulf' },
      { type: 'SNIPE', character: sniper, card, defender: 'wulf', hiEx: true },
    ]);
    const events = g.send(0, { type: 'SNIPE', character: sniper, card, defender: 'wulf', hiEx: true });
    expect(defenders(events)).toEqual(new Set(['wulf', 'gronk']));
  });

  // Only those three "have high-explosive ammo".
  it.each([
    ['strontium-dogs', 'johnny-alpha', first(linked('strontium-dogs', 'SNIPE', 'johnny-alpha'))],
    ['strontium-dogs', 'gronk', first(wild('strontium-dogs', 'SNIPE'))],
    ['nikolai-dante', 'nikolai-dante', first(linked('nikolai-dante', 'SNIPE', 'nikolai-dante'))],
  ] as const)('Hi-Ex is refused to %s’s %s', (team, sniper, card) => {
    const g = game({ [sniper]: FROM, dredd: TARGET, giant: TARGET }, { judges: [card] }, [team, 'judges']);
    expect(g.refused(0, { type: 'SNIPE', character: sniper, card, defender: 'dredd', hiEx: true })).toBe('NO_HI_EX');
    expect(g.legalOf(0, 'SNIPE').some((c) => (c as { hiEx?: boolean }).hiEx)).toBe(false);
  });

  // "after selecting a defender" — chosen as for any SNIPE: "an enemy character in line of sight".
  it('Hi-Ex still needs an enemy in line of sight as the chosen defender', () => {
    const [a, b] = findPair(DAN_TANNA, (x, y, bd) => !bd.hasLineOfSight(x, y));
    const g = game({ dredd: a, giant: b, wulf: b });
    expect(g.refused(0, { type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'giant', hiEx: true })).toBe('NOT_AN_ENEMY');
    expect(g.refused(0, { type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf', hiEx: true })).toBe('NO_LINE_OF_SIGHT');
  });

  // "All defenders decide individually whether to make a DEFLECT, PRECOG, or COVER defence or take
  // 1 damage as normal."
  it('Hi-Ex defenders each decide individually between DEFLECT, PRECOG, COVER and the damage', () => {
    const precog = first(linked('judges', 'PSI', 'anderson'));
    const cover = first(wild('strontium-dogs', 'COVER'));
    const deflect = first(wild('strontium-dogs', 'DEFLECT'));
    const g = game(
      { dredd: FROM_AFAR, wulf: COVER_SPACE, 'durham-red': COVER_SPACE, gronk: COVER_SPACE, anderson: COVER_SPACE },
      { judges: [DREDD_SNIPE, precog], dogs: [cover, deflect] },
    );
    g.send(0, { type: 'SNIPE', character: 'dredd', card: DREDD_SNIPE, defender: 'wulf', hiEx: true });
    g.send(1, { type: 'DEFEND', character: 'wulf', defence: 'COVER', card: cover });
    g.send(0, { type: 'DEFEND', character: 'anderson', defence: 'PRECOG', card: precog });
    g.send(1, { type: 'DEFEND', character: 'gronk', defence: 'DEFLECT', card: deflect });
    // Durham Red's seat has spent both its cards: she takes the damage.
    expect(g.situation.kind).not.toBe('defence');
    expect([g.health('wulf'), g.health('anderson'), g.health('gronk'), g.health('durham-red')]).toEqual([4, 3, 2, 2]);
  });
});
