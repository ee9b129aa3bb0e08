// The boards as pictures: the SVGs the map endpoint serves (`/v1/games/block-war/maps/{id}.svg`)
// are drawn from the same data the rules read, and the pictures committed in docs/maps are today's.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gameContent } from '../../../src/games/block-war/published/content.ts';
import { BLOCK } from '../../../src/games/block-war/content/block-board.ts';
import { PLAZA } from '../../../src/games/block-war/content/plaza.ts';

const maps = gameContent().maps;

describe('the Block War boards as SVG', () => {
  it('the plaza: one square per plaza square, by id, obstacles and the centre marked', () => {
    const svg = maps.find((m) => m.id === 'plaza')!.svg;
    expect(svg.match(/<g id="plaza:\d+,\d+">/g)).toHaveLength(PLAZA.width * PLAZA.height);
    expect(svg).toContain(`<g id="plaza:${PLAZA.centre[0]},${PLAZA.centre[1]}">`);
  });

  it('the block: levels 1–11 of seven squares, a thick line under every level', () => {
    const svg = maps.find((m) => m.id === 'block')!.svg;
    expect(svg.match(/<g id="level-\d+-column-\d+">/g)).toHaveLength(BLOCK.levels * BLOCK.columns);
    expect(svg.match(/stroke-width="4"/g)!.length).toBeGreaterThanOrEqual(BLOCK.levels);
  });

  for (const map of maps)
    it(`docs/maps/block-war-${map.id}.svg is the picture the game serves`, () => {
      expect(readFileSync(new URL(`../../../docs/maps/block-war-${map.id}.svg`, import.meta.url), 'utf8')).toBe(map.svg);
    });
});
