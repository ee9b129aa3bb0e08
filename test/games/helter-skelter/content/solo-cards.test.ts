// The Dark Judges' solo deck (reconstructed: docs/content.md). "Shuffle the solo cards into a
// facedown deck"; "Starting with the top row, activate each Dark Judge in turn … resolve any actions
// listed next to their symbol (left to right)"; "Always activate Judge Fire first, followed by Judge
// Fear, Judge Mortis, and finally Judge Death"; "If the appropriate defence is on the card, the Dark
// Judge avoids all damage"; "check to see if any of his actions have the [pass-on] symbol".

import { describe, expect, it } from 'vitest';
import { SOLO_ACTIONS, SOLO_ACTIVATION_ORDER, SOLO_CARDS } from '../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { TEAMS } from '../../../../src/games/helter-skelter/content/index.ts';

describe('solo cards', () => {
  // content.md: "a solo deck of 20 cards".
  it('the solo deck holds 20 cards, solo-01 to solo-20', () => {
    expect(SOLO_CARDS.map((c) => c.id)).toEqual(Array.from({ length: 20 }, (_, i) => `solo-${String(i + 1).padStart(2, '0')}`));
  });

  // "Always activate Judge Fire first, followed by Judge Fear, Judge Mortis, and finally Judge Death."
  it('the activation order is Fire, Fear, Mortis, Death, and every card has a row for each, in that order', () => {
    expect(SOLO_ACTIVATION_ORDER).toEqual(['judge-fire', 'judge-fear', 'judge-mortis', 'judge-death']);
    expect([...SOLO_ACTIVATION_ORDER].sort()).toEqual(TEAMS['dark-judges'].roster.map((c) => c.id).sort());
    for (const card of SOLO_CARDS) expect(Object.keys(card.rows), card.id).toEqual([...SOLO_ACTIVATION_ORDER]);
  });

  // content.md: "zero or more actions among MOVE, MELEE, SMASH, SHOTS, SHOTGUN, EXPLODE".
  it('every step is one of the solo actions, and every card has something for the Dark Judges to do', () => {
    for (const card of SOLO_CARDS) {
      const steps = Object.values(card.rows).flat();
      expect(steps.length, card.id).toBeGreaterThan(0);
      for (const s of steps) expect(SOLO_ACTIONS).toContain(s.action);
    }
    const used = new Set(SOLO_CARDS.flatMap((c) => Object.values(c.rows).flat().map((s) => s.action)));
    expect([...used].sort()).toEqual([...SOLO_ACTIONS].sort());
  });

  // "Dead Judges": some actions carry the pass-on symbol — every Dark Judge has some.
  it('some actions of every Dark Judge are marked to be passed on', () => {
    for (const judge of SOLO_ACTIVATION_ORDER) expect(SOLO_CARDS.some((c) => c.rows[judge].some((s) => s.passOn)), judge).toBe(true);
  });

  // content.md: "a defence (BLOCK, DEFLECT, or none)".
  it('each card shows BLOCK, DEFLECT or no defence, and all three occur', () => {
    for (const card of SOLO_CARDS) expect([null, 'BLOCK', 'DEFLECT']).toContain(card.defence);
    expect(new Set(SOLO_CARDS.map((c) => c.defence)).size).toBe(3);
  });
  // content.md, "The solo cards (reconstructed)": "resolve any actions listed next to their symbol"
  // lets a row list none; this reconstruction has most cards activate one Dark Judge, two activate
  // two (with every row filled, no player won: the figures are in content.md), and every Dark Judge
  // acts on at least four cards.
  it('each card activates one Dark Judge or two; each Dark Judge acts on four cards or more', () => {
    const active = (card: (typeof SOLO_CARDS)[number]) => SOLO_ACTIVATION_ORDER.filter((j) => card.rows[j].length > 0);
    for (const card of SOLO_CARDS) expect(active(card).length, card.id).toBeGreaterThanOrEqual(1);
    for (const card of SOLO_CARDS) expect(active(card).length, card.id).toBeLessThanOrEqual(2);
    expect(SOLO_CARDS.filter((c) => active(c).length === 2).map((c) => c.id)).toEqual(['solo-01', 'solo-12']);
    for (const judge of SOLO_ACTIVATION_ORDER) expect(SOLO_CARDS.filter((c) => c.rows[judge].length > 0).length, judge).toBeGreaterThanOrEqual(4);
  });

  // "Seven BLOCK, seven DEFLECT, six without a defence" (content.md).
  it('seven cards show BLOCK, seven DEFLECT, six no defence', () => {
    const count = (d: string | null) => SOLO_CARDS.filter((c) => c.defence === d).length;
    expect([count('BLOCK'), count('DEFLECT'), count(null)]).toEqual([7, 7, 6]);
  });
});
