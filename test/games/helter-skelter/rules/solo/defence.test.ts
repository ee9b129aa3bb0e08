// Solo "ATTACKING THE DARK JUDGES": a solo card per defending Dark Judge; the appropriate defence on
// it avoids all the damage; PSI draws nothing.

import { describe, expect, it } from 'vitest';
import { SOLO_CARDS } from '../../../../../src/games/helter-skelter/content/solo/solo-cards.ts';
import { drawsSoloCard, soloCardDefends } from '../../../../../src/games/helter-skelter/solo/defence.ts';

const withDefence = (d: 'BLOCK' | 'DEFLECT' | null) => SOLO_CARDS.find((c) => c.defence === d)!;

describe('a Dark Judge’s defence from a solo card', () => {
  // "If the appropriate defence is on the card, the Dark Judge avoids all damage from that action."
  it('BLOCK avoids MELEE and SMASH; DEFLECT avoids SNIPE, SHOTGUN and EXPLODE', () => {
    for (const a of ['MELEE', 'SMASH'] as const) expect(soloCardDefends(withDefence('BLOCK'), a)).toBe(true);
    for (const a of ['SNIPE', 'SHOTGUN', 'EXPLODE'] as const) expect(soloCardDefends(withDefence('DEFLECT'), a)).toBe(true);
  });

  // "If no defence is listed or a different defence is listed, resolve the action as normal."
  it('a different defence, or none, avoids nothing', () => {
    for (const a of ['SNIPE', 'SHOTGUN', 'EXPLODE'] as const) expect(soloCardDefends(withDefence('BLOCK'), a)).toBe(false);
    for (const a of ['MELEE', 'SMASH'] as const) expect(soloCardDefends(withDefence('DEFLECT'), a)).toBe(false);
    for (const a of ['MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'EXPLODE'] as const) expect(soloCardDefends(withDefence(null), a)).toBe(false);
  });

  // "When you target a Dark Judge with the PSI action, they do not attempt to make a defence"
  it('no solo card is drawn against PSI', () => {
    expect(drawsSoloCard('PSI')).toBe(false);
    for (const a of ['MELEE', 'SMASH', 'SNIPE', 'SHOTGUN', 'EXPLODE'] as const) expect(drawsSoloCard(a)).toBe(true);
  });
});
