// Solo "Setup": fragments one card at a time, redrawing any adjacent to one already placed; then
// Death, Fire, Mortis, Fear; then one card per character of the player's.

import { describe, expect, it } from 'vitest';
import { boardFor } from '../../../../../src/games/helter-skelter/board/index.ts';
import { MAP_CARDS } from '../../../../../src/games/helter-skelter/content/index.ts';
import { seedRng, shuffle } from '../../../../../src/platform/random.ts';
import { soloMapCards, soloPlacement } from '../../../../../src/games/helter-skelter/solo/placement.ts';
import { DAN_TANNA, GRAND_HALL } from '../../support.ts';

describe('solo set-up: placing from the map cards', () => {
  // "Find and remove all map cards with the multiplayer symbol."
  it('the multiplayer map cards are removed: 28 remain', () => {
    expect(soloMapCards()).toEqual(MAP_CARDS.filter((c) => !c.multiplayer).map((c) => c.designation));
    expect(soloMapCards()).toHaveLength(28);
  });

  // "draw the top one, and place one of your fragments … If … adjacent to a fragment that you have already placed, draw a new card instead."
  it('fragments go on the cards in order, skipping any adjacent to one already placed; then the Dark Judges in the order Death, Fire, Mortis, Fear; then one card per character', () => {
    const board = boardFor(DAN_TANNA);
    const a = 1;
    const adj = board.adjacent(a)[0]!;
    const rest = soloMapCards().filter((c) => c !== a && c !== adj);
    // Pick four more cards pairwise non-adjacent and not adjacent to `a`.
    const picked: number[] = [a];
    for (const c of rest) if (picked.length < 5 && !picked.some((p) => board.adjacent(p).includes(c))) picked.push(c);
    const others = rest.filter((c) => !picked.includes(c));
    const order = [a, adj, ...picked.slice(1), ...others];
    const p = soloPlacement(board, order, 5);
    expect(p.fragments).toEqual(picked);
    expect(p.refused).toEqual([adj]);
    expect(p.judges).toEqual({ 'judge-death': others[0], 'judge-fire': others[1], 'judge-mortis': others[2], 'judge-fear': others[3] });
    expect(p.characterCards).toEqual(others.slice(4, 9));
  });

  it('on both maps and many shuffles, no two fragments are adjacent and no card is used twice', () => {
    for (const map of [DAN_TANNA, GRAND_HALL]) {
      const board = boardFor(map);
      for (let k = 0; k < 200; k++) {
        const [order] = shuffle(soloMapCards(), seedRng(`solo-${map}-${k}`));
        const p = soloPlacement(board, order, 4 + (k % 2));
        for (const f of p.fragments) for (const g of p.fragments) expect(board.adjacent(f)).not.toContain(g);
        const used = [...p.fragments, ...p.refused, ...Object.values(p.judges), ...p.characterCards];
        expect(new Set(used).size).toBe(used.length);
        // Exactly the top cards were drawn (fragments and refused ones interleave).
        expect([...used].sort((x, y) => x - y)).toEqual(order.slice(0, used.length).sort((x, y) => x - y));
      }
    }
  });
});
