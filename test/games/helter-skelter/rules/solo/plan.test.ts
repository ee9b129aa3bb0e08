// "DARK JUDGES' TURN" and "DEAD JUDGES" (solo): rows top to bottom, actions left to right; a dead
// Dark Judge's marked actions taken at once by the next living one (R49); and solo scoring.

import { describe, expect, it } from 'vitest';
import { SOLO_ACTIVATION_ORDER, SOLO_CARDS, type SoloCard, type SoloJudge } from '../../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { doubledOnKill, nextLiving, planCard } from '../../../../../src/games/helter-skelter/solo/plan.ts';

const ALL = new Set<SoloJudge>(SOLO_ACTIVATION_ORDER);
const card: SoloCard = {
  id: 'test',
  defence: null,
  rows: {
    'judge-fire': [{ action: 'MOVE', passOn: false }, { action: 'SHOTS', passOn: true }],
    'judge-fear': [{ action: 'MELEE', passOn: true }],
    'judge-mortis': [{ action: 'MOVE', passOn: false }],
    'judge-death': [{ action: 'MOVE', passOn: false }, { action: 'SMASH', passOn: true }],
  },
};

describe('resolving a solo card', () => {
  // "Starting with the top row, activate each Dark Judge in turn … resolve any actions … (left to right)."
  it('with every Dark Judge alive: rows in activation order, each left to right', () => {
    expect(planCard(card, ALL).map((s) => `${s.judge}:${s.action}`)).toEqual([
      'judge-fire:MOVE',
      'judge-fire:SHOTS',
      'judge-fear:MELEE',
      'judge-mortis:MOVE',
      'judge-death:MOVE',
      'judge-death:SMASH',
    ]);
  });

  // "Ignore any actions without this symbol. Any actions with this symbol are taken by the next living Dark Judge … immediately"
  it('a dead Dark Judge’s marked actions are taken at once, in his row’s place, by the next living one (R49); unmarked ones are ignored', () => {
    const living = new Set<SoloJudge>(['judge-mortis', 'judge-death']);
    expect(planCard(card, living).map((s) => `${s.row}>${s.judge}:${s.action}`)).toEqual([
      'judge-fire>judge-mortis:SHOTS',
      'judge-fear>judge-mortis:MELEE',
      'judge-mortis>judge-mortis:MOVE',
      'judge-death>judge-death:MOVE',
      'judge-death>judge-death:SMASH',
    ]);
  });

  // R49: clockwise in the activation order, Death's heir is Fire again.
  it('the next living Dark Judge is found clockwise in the activation order, wrapping from Death to Fire (R49)', () => {
    expect(nextLiving('judge-death', new Set(['judge-fire', 'judge-fear']))).toBe('judge-fire');
    expect(nextLiving('judge-fear', new Set(['judge-fire', 'judge-death']))).toBe('judge-death');
    expect(nextLiving('judge-fire', new Set())).toBeNull();
    expect(planCard(card, new Set(['judge-fear'])).map((s) => `${s.row}>${s.judge}:${s.action}`)).toEqual([
      'judge-fire>judge-fear:SHOTS',
      'judge-fear>judge-fear:MELEE',
      'judge-death>judge-fear:SMASH',
    ]);
  });

  it('every card of the solo deck plans only steps for living Dark Judges', () => {
    const living = new Set<SoloJudge>(['judge-fear', 'judge-death']);
    for (const c of SOLO_CARDS) for (const s of planCard(c, living)) expect(living.has(s.judge)).toBe(true);
  });
});

describe('solo scoring', () => {
  // "If you have collected 2 fragments and then kill a Dark Judge, you collect 2 additional fragments.
  // If you kill a Dark Judge before you have collected any fragments, you get nothing."
  it('killing a Dark Judge doubles the fragments collected; with none, nothing', () => {
    expect(doubledOnKill(2)).toBe(4);
    expect(doubledOnKill(0)).toBe(0);
    expect(doubledOnKill(3)).toBe(6);
  });
});
